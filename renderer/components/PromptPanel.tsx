import { resolveModel } from '@core'
import { useState } from 'react'
import { selectCheck, selectPrompt, selectPromptTokens, useApp } from '../store'
import { CopyButton } from './CopyButton'
import { ExcludedList } from './ExcludedList'

// Past this size the prompt is shown cut and counted on request: drawing and tokenizing megabytes
// on every change of a control would stall the window. Copy always takes the whole prompt.
const LARGE_PROMPT_CHARS = 50_000

/** The exact prompt the core builds for the head, its cost, and what never reaches it. */
export function PromptPanel() {
  const prompt = useApp(selectPrompt)
  const shouldCompact = useApp((s) => selectCheck(s).shouldCompact)
  const encoding = useApp((s) => resolveModel(s.model).encoding)
  const [showAll, setShowAll] = useState(false)
  const [countLarge, setCountLarge] = useState(false)
  const large = prompt.length > LARGE_PROMPT_CHARS
  // The size is checked on the state the selector is given, not on this render's prompt: zustand
  // may run the selector against a newer state, such as a just-opened 10,000-message file.
  const tokens = useApp((s) =>
    selectPrompt(s).length <= LARGE_PROMPT_CHARS || countLarge ? selectPromptTokens(s) : null,
  )

  return (
    <section className="panel prompt-panel" aria-label="Summary prompt">
      <div className="panel-title">
        <h2>Summary prompt</h2>
        <CopyButton text={prompt} label="Copy prompt" />
      </div>
      <p className="field-note muted" data-testid="prompt-tokens">
        {tokens ? (
          `${tokens.text} tokens with ${encoding}; ${tokens.asMessage} sent as one message`
        ) : (
          <button type="button" className="link-button" onClick={() => setCountLarge(true)}>
            Count its tokens
          </button>
        )}
      </p>
      {!shouldCompact && (
        <p className="field-note muted">
          The check declines, so the head is empty: this is the prompt with nothing to condense.
        </p>
      )}
      <pre className="prompt" data-testid="summary-prompt">
        {large && !showAll ? prompt.slice(0, LARGE_PROMPT_CHARS) : prompt}
      </pre>
      {large && !showAll && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          Showing {LARGE_PROMPT_CHARS.toLocaleString('en')} of {prompt.length.toLocaleString('en')}{' '}
          characters: show all
        </button>
      )}
      <ExcludedList />
    </section>
  )
}
