import { useEffect, useMemo, useState, type KeyboardEvent } from 'react'
import { listCountingModels } from '@core'
import { MODEL_SEARCH_ID } from '../dom-ids'
import { selectCounting, selectThinkingRuleNote, useApp } from '../store'

// Claude, Gemini and the open models first, then OpenAI's: each with how it is counted.
const MODELS = listCountingModels()
const LISTBOX_ID = 'model-listbox'
const optionId = (i: number) => `model-option-${i}`

/** Models whose name contains the query: the exact name first, then prefixes, then the rest. */
function search(query: string) {
  const q = query.trim().toLowerCase()
  const rank = (name: string) => (name === q ? 0 : name.startsWith(q) ? 1 : 2)
  return MODELS.filter((m) => m.model.toLowerCase().includes(q)).sort(
    (a, b) => rank(a.model.toLowerCase()) - rank(b.model.toLowerCase()),
  )
}

/**
 * A searchable combobox over the model families' current models, each with its family and
 * encoding. Type to filter, arrows to move, Enter to choose: typing a full name and pressing
 * Enter picks that model, listed or not. Below it, how the chosen model is counted.
 */
export function ModelPicker() {
  const model = useApp((s) => s.options.model)
  const setModel = useApp((s) => s.setModel)
  // null while not searching: the input then shows the chosen model.
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const matches = useMemo(() => (query === null ? [] : search(query)), [query])
  const open = query !== null
  const { encoding, familyLabel, method, warning } = useApp(selectCounting)
  const thinkingRule = useApp(selectThinkingRuleNote)

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active])

  const choose = (name: string) => {
    setModel(name)
    setQuery(null)
  }
  const startSearch = (text: string) => {
    setQuery(text)
    setActive(0)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return startSearch('')
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const typed = (query ?? '').trim()
      if (matches[active]) choose(matches[active].model)
      else if (typed !== '') choose(typed)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setQuery(null)
    }
  }

  return (
    <div className="field model-picker">
      {/* The encoding beside the label, not inside the input: a model's name such as
          claude-sonnet-4-5-20250929 takes the input's whole width at 1280 × 800. */}
      <div className="field-head">
        <label htmlFor={MODEL_SEARCH_ID}>Model</label>
        <span
          className="encoding-tag"
          data-testid="model-encoding"
          title="The encoding that counts"
        >
          {encoding}
        </span>
      </div>
      <div className="combobox">
        <input
          id={MODEL_SEARCH_ID}
          data-testid="model-select"
          role="combobox"
          aria-expanded={open}
          aria-controls={LISTBOX_ID}
          aria-autocomplete="list"
          aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query ?? model}
          placeholder={model}
          title={model}
          onChange={(event) => startSearch(event.target.value)}
          onFocus={(event) => event.target.select()}
          onClick={() => !open && startSearch('')}
          onBlur={() => setQuery(null)}
          onKeyDown={onKeyDown}
        />
        {open && (
          <ul id={LISTBOX_ID} role="listbox" aria-label="Models" className="listbox">
            {matches.length === 0 && (
              <li className="muted">
                No model listed matches “{query}”; press Enter to count with it anyway
              </li>
            )}
            {matches.map((m, i) => (
              <li
                key={m.model}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'option active' : 'option'}
                // mousedown, not click: a click would blur the input and close the list first.
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(m.model)
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span>{m.model}</span>
                <span className="muted">
                  {m.familyLabel} · {m.encoding}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="field-note muted" data-testid="model-method">
        {familyLabel}: {method}
      </p>
      {thinkingRule !== '' && (
        <p className="field-note muted" data-testid="model-thinking">
          {thinkingRule[0].toUpperCase() + thinkingRule.slice(1)}.
        </p>
      )}
      {warning !== undefined && (
        <p className="field-note warn" data-testid="model-warning">
          {model === '' ? `No model named: ${warning}` : `“${model}” is ${warning}`}.
        </p>
      )}
    </div>
  )
}
