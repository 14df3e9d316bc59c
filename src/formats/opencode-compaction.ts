import type { Json, JsonPath } from './json-shape'

/** One opencode message as an export holds it: its `info` and its `parts`, with their places. */
export interface OcMessage {
  info: Json
  parts: Json[]
  /** Where the info is in the file, for the report: `messages[3].info`, `[7].data`. */
  at: JsonPath
  /** Where each part is in the file. */
  partAt: JsonPath[]
}

const compactionPart = (m: OcMessage): Json | undefined =>
  m.info.role === 'user' ? m.parts.find((p) => p.type === 'compaction') : undefined

/** A reply that summarised the conversation (`summary: true`), finished and without an error. */
export const isFinishedSummary = (m: OcMessage): boolean =>
  m.info.role === 'assistant' &&
  m.info.summary === true &&
  m.info.finish !== undefined &&
  m.info.finish !== null &&
  m.info.error === undefined

/** Whether a user message asked for a compaction (holds a `compaction` part). */
export const isCompactionRequest = (m: OcMessage): boolean => compactionPart(m) !== undefined

/**
 * The messages opencode sends from a session, in the order it sends them: opencode's
 * `MessageV2.filterCompacted` (opencode 1.18.33, packages/opencode/src/session/message-v2.ts).
 * Walking back from the newest message, it stops at the latest compaction whose summary reply
 * finished: a compaction that keeps no tail stops at its request; one with `tail_start_id` goes on
 * back to the message it names, which starts the kept tail. The request and its summary are then
 * sent first, the kept tail after them, then what came after the summary.
 */
export function sendableMessages(all: readonly OcMessage[]): OcMessage[] {
  const newestFirst: OcMessage[] = []
  const summarised = new Set<unknown>()
  let tailStart: unknown
  for (let i = all.length - 1; i >= 0; i--) {
    const m = all[i]
    newestFirst.push(m)
    if (tailStart !== undefined) {
      if (m.info.id === tailStart) break
      continue
    }
    if (m.info.role === 'user' && summarised.has(m.info.id)) {
      const part = compactionPart(m)
      if (!part) continue
      if (typeof part.tail_start_id !== 'string') break
      tailStart = part.tail_start_id
      if (m.info.id === tailStart) break
      continue
    }
    if (isFinishedSummary(m)) summarised.add(m.info.parentID)
  }
  const kept = newestFirst.reverse()
  const request = findLastIndex(kept, (m) => typeof compactionPart(m)?.tail_start_id === 'string')
  if (request < 0) return kept
  const asked = kept[request]
  const summary = kept.findIndex(
    (m, k) => k > request && isFinishedSummary(m) && m.info.parentID === asked.info.id,
  )
  const tail = kept.findIndex((m) => m.info.id === compactionPart(asked)?.tail_start_id)
  if (tail >= 0 && tail < request && summary > request) {
    return [
      ...kept.slice(request, summary + 1),
      ...kept.slice(tail, request),
      ...kept.slice(summary + 1),
    ]
  }
  return kept
}

function findLastIndex<T>(list: readonly T[], test: (v: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return i
  return -1
}
