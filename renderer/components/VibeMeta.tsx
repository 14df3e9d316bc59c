import { useApp } from '../store'
import { ChooseCompanion } from './ChooseCompanion'

/**
 * A Mistral Vibe session's messages.jsonl leaves out the system prompt, the tools and the model:
 * they are in meta.json beside it, which the desktop app, `serve` and the CLI read with it. Where
 * it was not read (a dropped file, the browser, a moved file), offers to choose it, and reads the
 * file again with it (the import report says what it loaded).
 */
export function VibeMeta() {
  const missing = useApp((s) => s.format === 'mistral-vibe' && s.systemPromptUnrecorded)
  if (!missing) return null
  return (
    <ChooseCompanion
      label="Add the session’s meta.json…"
      title="Vibe keeps the session's system prompt, tools and model in meta.json, in the same folder as messages.jsonl; this file does not hold them. Choose it to load them"
      testId="vibe-meta"
      accept=".json,application/json"
    />
  )
}
