import type { Message, Summary } from '../types'
import { decodePayload } from './payload'

/**
 * An earlier summary's provenance, as an engine's log records a compaction: how many messages it
 * replaced, and their ids with the call ids of their tool calls, so every call id the file holds
 * reaches the import even once replaced. An earlier summary it replaces passes on the ids it stood
 * for. Codex's `compacted` items and Copilot CLI's compactions read so.
 */
export function summaryMeta(replaced: readonly Message[]): Summary {
  const ids = new Set<string>()
  for (const m of replaced) {
    for (const id of m.meta?.summarizedIds ?? []) ids.add(id)
    if (m.id) ids.add(m.id)
    for (const call of decodePayload(m.payload)?.tool_calls ?? []) if (call.id) ids.add(call.id)
  }
  return {
    compacted: true,
    droppedCount: replaced.length,
    ...(ids.size > 0 ? { summarizedIds: [...ids] } : {}),
  }
}
