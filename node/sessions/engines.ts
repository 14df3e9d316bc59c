import type { FormatId } from '../../src/index'

/** The agents whose sessions are found where they write them. */
export type EngineId =
  | 'claude-code'
  | 'codex'
  | 'gemini-cli'
  | 'qwen-code'
  | 'kimi-cli'
  | 'copilot-cli'
  | 'mistral-vibe'
  | 'opencode'
  | 'continue'
  | 'pi'
  | 'droid'
  | 'cline'
  | 'roo-code'
  | 'kilo-code'
  | 'mini-swe-agent'

/** One engine: how it is named, and which importer reads its logs. */
export interface Engine {
  id: EngineId
  label: string
  format: FormatId
}

/** Every engine, in the order the list shows them on a tie. docs/sessions.md follows it. */
export const ENGINES: readonly Engine[] = [
  { id: 'claude-code', label: 'Claude Code', format: 'claude-code' },
  { id: 'codex', label: 'Codex CLI', format: 'codex' },
  { id: 'gemini-cli', label: 'Gemini CLI', format: 'gemini-cli' },
  { id: 'qwen-code', label: 'Qwen Code', format: 'qwen-code' },
  { id: 'kimi-cli', label: 'Kimi CLI', format: 'kimi-cli' },
  { id: 'copilot-cli', label: 'Copilot CLI', format: 'copilot-cli' },
  { id: 'mistral-vibe', label: 'Mistral Vibe', format: 'mistral-vibe' },
  { id: 'opencode', label: 'opencode', format: 'opencode-db' },
  { id: 'continue', label: 'Continue', format: 'continue' },
  { id: 'pi', label: 'pi', format: 'pi' },
  { id: 'droid', label: 'Factory Droid', format: 'droid' },
  { id: 'cline', label: 'Cline', format: 'cline' },
  { id: 'roo-code', label: 'Roo Code', format: 'cline' },
  { id: 'kilo-code', label: 'Kilo Code', format: 'cline' },
  { id: 'mini-swe-agent', label: 'mini-swe-agent', format: 'swe-agent' },
]

export const ENGINE_IDS: readonly EngineId[] = ENGINES.map((e) => e.id)

export const isEngineId = (value: string): value is EngineId =>
  (ENGINE_IDS as readonly string[]).includes(value)

export const engineLabel = (id: EngineId): string => ENGINES.find((e) => e.id === id)!.label
