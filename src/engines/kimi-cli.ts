import type { Message } from '../types'
import { firstReaching, historyIndexes, limitOf, overheadOf, resultOf, WINDOW_ONLY } from './run'
import type { EngineInput, EnginePreset } from './types'

/** compaction_trigger_ratio's default (config.py, LoopControl). */
const TRIGGER_RATIO = 0.85
/** reserved_context_size's default: the room kept free for the next reply. */
const RESERVED_CONTEXT_SIZE = 50_000
/** SimpleCompaction's max_preserved_messages: the user or assistant messages kept. */
const PRESERVED_MESSAGES = 2

/**
 * Kimi CLI's auto-compaction threshold (should_auto_compact, soul/compaction.py): it fires when
 * the context reaches `ratio` of the window, or comes within `reserved` tokens of it, whichever
 * is first.
 */
export function kimiCliTrigger(
  window: number,
  ratio = TRIGGER_RATIO,
  reserved = RESERVED_CONTEXT_SIZE,
): number {
  // A whole count of tokens reaches window × ratio when it reaches that product rounded up.
  return Math.max(0, Math.min(Math.ceil(window * ratio), window - reserved))
}

/**
 * Where SimpleCompaction's kept tail starts in `history` (indexes into `messages`): at the second
 * user or assistant message from the end, with what follows it (tool results among them). A
 * reply's thinking is part of its assistant message, so the tail takes it too. -1 when the
 * history holds fewer than two such messages: then nothing is compacted.
 */
export function kimiCliTailStart(messages: readonly Message[], history: readonly number[]): number {
  let seen = 0
  for (let k = history.length - 1; k >= 0; k--) {
    const type = messages[history[k]].type
    // Kimi CLI's roles: a user (or a reminder it sends as the user's) or an assistant message.
    if (type !== 'user' && type !== 'context' && type !== 'bot') continue
    if (++seen < PRESERVED_MESSAGES) continue
    let start = k
    if (type === 'bot')
      while (start > 0 && messages[history[start - 1]].type === 'reasoning') start--
    return start
  }
  return -1
}

/**
 * Kimi CLI: the history before its last two user or assistant messages is summarised into one
 * user message; the system prompt is written again.
 */
export const kimiCliPreset: EnginePreset = {
  id: 'kimi-cli',
  label: 'Kimi CLI',
  source:
    'MoonshotAI/kimi-cli 1.49.0: src/kimi_cli/soul/compaction.py (should_auto_compact, SimpleCompaction), soul/kimisoul.py (compact_context), config.py (defaults)',
  putsBack:
    'the system prompt is written again, and a list of the background tasks still running is added (not counted)',
  reads: () => WINDOW_ONLY,
  run(input: EngineInput) {
    const { messages, counts } = input
    const trigger = kimiCliTrigger(
      limitOf(input, 'window'),
      input.settings?.kimiTriggerRatio,
      input.settings?.kimiReservedContextSize,
    )
    const history = historyIndexes(messages)
    const start = kimiCliTailStart(messages, history)
    return resultOf(this, input, {
      trigger,
      firesAfter: firstReaching(counts, trigger, overheadOf(input)),
      summarize: start === -1 ? [] : history.slice(0, start),
      ...(start === -1
        ? { declined: 'fewer than two user or assistant messages: it keeps them all' }
        : start === 0
          ? { declined: 'only the last two user or assistant messages: nothing before them' }
          : {}),
    })
  },
}
