import type { ImportedConversation } from '../formats/types'
import { currentTurnStart } from '../pricing/cost'
import type { Message } from '../types'

/**
 * How many leading messages of `after` are as in `before`, so that their counts stand. None when
 * the model or the wire changed (they price every message). Off the native wire an earlier turn's
 * thinking is priced by its own rule (pricing/cost.ts, currentTurnStart), so a reasoning message
 * that a new prompt made earlier thinking is counted again, and everything after it.
 */
export function unchangedCount(before: ImportedConversation, after: ImportedConversation): number {
  if (before.wire !== after.wire || before.model !== after.model) return 0
  const a = before.messages
  const b = after.messages
  const n = Math.min(a.length, b.length)
  let same = 0
  while (same < n && sameMessage(a[same], b[same])) same++
  const was = currentTurnStart(a)
  const now = currentTurnStart(b)
  if (was !== now) {
    const end = Math.min(same, Math.max(was, now))
    for (let i = Math.min(was, now); i < end; i++) if (b[i].type === 'reasoning') return i
  }
  return same
}

/**
 * Field by field: the same strings compare at once when the reader passed them through, and a
 * summary's meta (rare, small) as JSON.
 */
function sameMessage(a: Message, b: Message): boolean {
  return (
    a === b ||
    (a.type === b.type &&
      a.text === b.text &&
      a.id === b.id &&
      a.payload === b.payload &&
      (a.meta === b.meta || JSON.stringify(a.meta) === JSON.stringify(b.meta)))
  )
}
