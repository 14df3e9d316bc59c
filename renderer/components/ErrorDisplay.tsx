import { useApp } from '../store'

/** The last failed open: the core's message with its location. The conversation on screen is the previous one. */
export function ErrorDisplay() {
  const error = useApp((s) => s.loadError)
  const dismiss = useApp((s) => s.dismissLoadError)
  if (error === null) return null
  return (
    <div className="error-banner" role="alert" data-testid="error">
      <span className="error-text">{error}</span>
      <span className="error-note">The previous conversation is still shown.</span>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss the error"
        onClick={dismiss}
      >
        ×
      </button>
    </div>
  )
}
