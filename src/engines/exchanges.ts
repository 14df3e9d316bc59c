import { toolCallIds } from '../diagnose/tool-calls'
import type { Message } from '../types'

/**
 * The tool exchanges of a conversation: each use's message indexes, call first, then its results.
 * Pairs are the ones `tool-exchange-cut` finds (docs/diagnostics.md): by call id (toolCallIds,
 * the one pairing rule for every format), else activity messages without ids, paired in order
 * from the start of their run, request then result.
 */
export interface ToolExchanges {
  /** Each use, in the order its call appears. */
  uses: number[][]
  /** Whether the message at each index is a tool result (the later half of a use). */
  isResult: boolean[]
  /** The use each index belongs to, or -1. */
  useOf: number[]
}

const memo = new WeakMap<readonly Message[], ToolExchanges>()

export function toolExchanges(messages: readonly Message[]): ToolExchanges {
  const known = memo.get(messages)
  if (known) return known
  const ids = toolCallIds(messages)
  const byId = new Map<string, number[]>()
  const starts: { at: number; indexes: number[] }[] = []
  ids.forEach((carried, i) => {
    for (const id of carried) {
      let indexes = byId.get(id)
      if (!indexes) {
        indexes = []
        byId.set(id, indexes)
        starts.push({ at: i, indexes })
      }
      if (indexes[indexes.length - 1] !== i) indexes.push(i)
    }
  })
  // Activities with no call id pair up by adjacency within their run.
  const bare = (i: number) => messages[i].type === 'activity' && ids[i].length === 0
  for (let i = 0; i < messages.length; i++) {
    if (!bare(i)) continue
    let end = i
    while (end + 1 < messages.length && bare(end + 1)) end++
    for (let j = i; j <= end; j += 2) {
      starts.push({ at: j, indexes: j + 1 <= end ? [j, j + 1] : [j] })
    }
    i = end
  }
  starts.sort((a, b) => a.at - b.at)
  const uses = starts.map((s) => s.indexes)
  const isResult = messages.map(() => false)
  const useOf = messages.map(() => -1)
  uses.forEach((indexes, u) =>
    indexes.forEach((i, k) => {
      if (k > 0) isResult[i] = true
      if (useOf[i] === -1) useOf[i] = u
    }),
  )
  const found = { uses, isResult, useOf }
  memo.set(messages, found)
  return found
}

/** Whether some use has a half summarised away while another half stays in the request. */
export function cutsToolExchange(
  exchanges: ToolExchanges,
  summarized: { has(index: number): boolean },
): boolean {
  // Plain loops: this runs for every preset on every use, and callbacks per use were a fifth of
  // what running the presets allocated on 100,000 messages.
  for (const use of exchanges.uses) {
    let gone = false
    let kept = false
    for (let k = 0; k < use.length; k++) {
      if (summarized.has(use[k])) gone = true
      else kept = true
    }
    if (gone && kept) return true
  }
  return false
}

/** The tool a call names, read from its payload (name, function.name, a tool_use block), or ''. */
export function toolNameOf(message: Pick<Message, 'text' | 'payload'>): string {
  const payload = message.payload?.trim()
  if (payload?.startsWith('{') || payload?.startsWith('[')) {
    try {
      const found = nameIn(JSON.parse(payload))
      if (found) return found
    } catch {
      // Not JSON: fall through to the text.
    }
  }
  return /^[\w.:-]+$/.test(message.text) ? message.text : ''
}

function nameIn(value: unknown): string {
  if (Array.isArray(value)) {
    for (const v of value) {
      const n = nameIn(v)
      if (n) return n
    }
    return ''
  }
  if (typeof value !== 'object' || value === null) return ''
  const o = value as Record<string, unknown>
  if (typeof o.name === 'string') return o.name
  const fn = o.function as Record<string, unknown> | undefined
  if (fn && typeof fn.name === 'string') return fn.name
  for (const key of ['tool_calls', 'content']) {
    const n = Array.isArray(o[key]) ? nameIn(o[key]) : ''
    if (n) return n
  }
  return ''
}
