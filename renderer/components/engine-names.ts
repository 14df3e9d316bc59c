import type { EngineId, EngineLimit } from '@core'

/** Each preset's short name, where its full label does not fit: the table and the chart's marks. */
export const ENGINE_SHORT: Record<EngineId, string> = {
  seed: 'Seed',
  'claude-code': 'Claude Code',
  codex: 'Codex',
  opencode: 'opencode',
  'gemini-cli': 'Gemini CLI',
  'kimi-cli': 'Kimi CLI',
  'copilot-cli': 'Copilot CLI',
  'mistral-vibe': 'Mistral Vibe',
  continue: 'Continue',
  cline: 'Cline',
  aider: 'Aider',
  langchain: 'LangChain',
  'anthropic-compaction': 'Anthropic compaction',
  'anthropic-clear-tool-uses': 'Anthropic clear tools',
  'openai-compaction': 'OpenAI compaction',
}

/** Each preset's colour on the chart: fifteen that tell apart on light and dark backgrounds. */
export const ENGINE_COLORS: Record<EngineId, string> = {
  seed: '#dc2626',
  'claude-code': '#d97706',
  codex: '#0f766e',
  opencode: '#7c3aed',
  'gemini-cli': '#2563eb',
  'kimi-cli': '#a21caf',
  'copilot-cli': '#4338ca',
  'mistral-vibe': '#ea580c',
  continue: '#166534',
  cline: '#db2777',
  aider: '#65a30d',
  langchain: '#0891b2',
  'anthropic-compaction': '#92400e',
  'anthropic-clear-tool-uses': '#475569',
  'openai-compaction': '#be123c',
}

/** Each model limit a preset can wait for, as the panel's sentences name it. */
export const LIMIT_WORDS: Record<EngineLimit, string> = {
  window: 'the window',
  maxOutput: 'the max output',
}
