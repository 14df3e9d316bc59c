/** Element ids that shortcuts and menu commands focus. */
export const MODEL_SEARCH_ID = 'model-search'
export const SUMMARY_INPUT_ID = 'summary-input'
export const SESSIONS_BUTTON_ID = 'sessions-button'

/** Focuses an element by id, if it is on the page. */
export function focusById(id: string) {
  const element = document.getElementById(id)
  if (element instanceof HTMLElement) element.focus()
}
