import { formatNumber } from '../../numbers'
import { cell, codePoints } from '../../printable'
import type { FindingBase } from './descriptor'

// Enough of a long index or id list to find the messages; the finding itself has them all.
const INDEX_ITEMS = 3
const ID_BUDGET = 32

/**
 * The messages a finding concerns: `#4 (call_abc)`, `#0, #6 (sys-1, sys-2)`, or, shortened,
 * `#3–#97 (95 messages: u1, b1, a1, …)`; `-` for the conversation as a whole. The CLI's line and
 * the app's finding both say it so.
 */
export function whereOf(f: Pick<FindingBase, 'indexes' | 'ids'>): string {
  if (f.indexes.length === 0) return '-'
  const runs = runsOf(f.indexes)
  const items = runs
    .slice(0, INDEX_ITEMS)
    .map(([from, to]) => (from === to ? `#${from}` : `#${from}–#${to}`))
  const indexes = items.join(', ') + (runs.length > INDEX_ITEMS ? ', …' : '')
  const ids = idsWithin(f.ids, ID_BUDGET)
  // The count only when the list no longer shows it: a run was collapsed or items were left off.
  const shortened = items.length < f.indexes.length
  const count = shortened ? `${formatNumber(f.indexes.length)} messages` : ''
  const inside = [count, ids].filter((part) => part !== '').join(': ')
  return inside === '' ? indexes : `${indexes} (${inside})`
}

/** As many ids as fit in `budget` characters (always the first, clipped), then `…`. */
function idsWithin(ids: readonly string[], budget: number): string {
  const shown: string[] = []
  let used = 0
  for (const [n, raw] of ids.entries()) {
    const id = cell(raw, budget)
    used += (n > 0 ? 2 : 0) + codePoints(id)
    if (n > 0 && used > budget) return `${shown.join(', ')}, …`
    shown.push(id)
  }
  return shown.join(', ')
}

/** Ascending indexes as [first, last] runs; a pair stays two items, since `#3, #4` reads better. */
function runsOf(indexes: readonly number[]): [number, number][] {
  const runs: [number, number][] = []
  for (const i of indexes) {
    const last = runs[runs.length - 1]
    if (last && i === last[1] + 1) last[1] = i
    else runs.push([i, i])
  }
  return runs.flatMap(([from, to]) =>
    to === from + 1
      ? [
          [from, from],
          [to, to],
        ]
      : [[from, to]],
  )
}
