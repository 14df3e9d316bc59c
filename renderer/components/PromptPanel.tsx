import { useState } from 'react'
import { formatNumber } from '@core/numbers'
import { scaledVocabularyWords } from '@core'
import { selectCheck, selectCounting, selectPrompt, selectPromptTokens, useApp } from '../store'
import { CopyButton } from './CopyButton'
import { ExcludedList } from './ExcludedList'

// Past this size the prompt is shown cut: laying out text costs the main thread 2 to 4 ms per
// thousand characters of mixed scripts, on every change of the head, and the box shows about a
// thousand at a time. Copy always takes the whole prompt; the conversation's worker counts it.
const LARGE_PROMPT_CHARS = 5_000

/** The exact prompt the core builds for the head, its cost, and what never reaches it. */
export function PromptPanel() {
  const prompt = useApp(selectPrompt)
  const shouldCompact = useApp((s) => selectCheck(s)?.shouldCompact === true)
  const counting = useApp(selectCounting)
  // An approximate family's count is its vocabulary's times a factor: said, so the figure is not
  // taken for the vocabulary's own.
  const encoding = scaledVocabularyWords(counting)
  const tokens = useApp(selectPromptTokens)
  const [showAll, setShowAll] = useState(false)

  if (prompt === null) {
    return (
      <section className="panel prompt-panel" aria-label="Summary prompt">
        <h2>Summary prompt</h2>
        <p className="field-note counting" data-testid="prompt-tokens">
          counting…
        </p>
        <p className="field-note muted">
          What reaches the prompt depends on the decision, which waits for every message’s count.
        </p>
      </section>
    )
  }
  // One character past the limit says whether the prompt is cut, without building the rest.
  const begun = prompt.start(LARGE_PROMPT_CHARS + 1)
  const large = begun.length > LARGE_PROMPT_CHARS
  const shown = !large ? begun : showAll ? prompt.text() : begun.slice(0, LARGE_PROMPT_CHARS)
  return (
    <section className="panel prompt-panel" aria-label="Summary prompt">
      <div className="panel-title">
        <h2>Summary prompt</h2>
        <CopyButton text={prompt.text} label="Copy prompt" />
      </div>
      <p className="field-note muted" data-testid="prompt-tokens">
        {tokens
          ? `${formatNumber(tokens.text)} tokens with ${encoding}; ${formatNumber(tokens.asMessage)} sent as one message`
          : 'counting…'}
      </p>
      {!shouldCompact && (
        <p className="field-note muted">
          The check declines, so the head is empty: this is the prompt with nothing to condense.
        </p>
      )}
      {prompt.pending ? (
        <p className="field-note counting" data-testid="summary-prompt-pending">
          Building the prompt of a long head…
        </p>
      ) : (
        <pre className="prompt" data-testid="summary-prompt">
          {shown}
        </pre>
      )}
      {large && !showAll && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          {tokens
            ? `Showing ${formatNumber(LARGE_PROMPT_CHARS)} of ${formatNumber(tokens.chars)} characters: show all`
            : `Showing the first ${formatNumber(LARGE_PROMPT_CHARS)} characters: show all`}
        </button>
      )}
      <ExcludedList />
    </section>
  )
}
