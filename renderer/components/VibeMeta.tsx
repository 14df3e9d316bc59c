import { useRef } from 'react'
import { useApp } from '../store'
import { HiddenFileInput } from './HiddenFileInput'

/**
 * A Mistral Vibe session's messages.jsonl leaves out the system prompt, the tools and the model:
 * they are in meta.json beside it, which the desktop app, `serve` and the CLI read with it. Where
 * it was not read (a dropped file, the browser, a moved file), offers to choose it, and reads the
 * file again with it (the import report says what it loaded).
 */
export function VibeMeta() {
  const missing = useApp((s) => s.format === 'mistral-vibe' && s.systemPromptUnrecorded)
  const addCompanion = useApp((s) => s.addCompanion)
  const input = useRef<HTMLInputElement>(null)
  if (!missing) return null
  return (
    <span className="fork-parent">
      <button
        type="button"
        className="link-button"
        data-testid="vibe-meta-button"
        title="Vibe keeps the session's system prompt, tools and model in meta.json, in the same folder as messages.jsonl; this file does not hold them. Choose it to load them"
        onClick={() => input.current?.click()}
      >
        Add the session’s meta.json…
      </button>
      <HiddenFileInput
        ref={input}
        testId="vibe-meta-input"
        accept=".json,application/json"
        onFile={(chosen) => void addCompanion(chosen)}
      />
    </span>
  )
}
