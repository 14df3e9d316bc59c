import { formatNumber } from '../../numbers'
import { cell, codePoints } from '../../printable'

// Enough of a long index or id list to find the messages; the finding itself has them all.
const INDEX_ITEMS = 3
const ID_BUDGET = 32

/**
 * The most ids whereOf reads: each after the first takes at least the two characters of ", ", so
 * past this many the budget is spent. A caller whose ids are costly to list can pass this many.
 */
export const WHERE_IDS_READ = ID_BUDGET / 2 + 2

/**
 * The messages a finding concerns: `#4 (call_abc)`, `#0, #6 (sys-1, sys-2)`, or, shortened,
 * `#3–#97 (95 messages: u1, b1, a1, …)`; `-` for the conversation as a whole. The CLI's line and
 * the app's finding both say it so.
 */
export function whereOf(f: {
  readonly indexes: readonly number[]
  readonly ids: readonly string[]
}): string {
  if (f.indexes.length === 0) return '-'
  // One item past those shown says whether any are left off, without listing the rest.
  const runs = runsOf(f.indexes, INDEX_ITEMS + 1)
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

/**
 * The first `limit` items of ascending indexes as [first, last] runs; a pair stays two items, since
 * `#3, #4` reads better. It stops once it has them: a finding can concern 100,000 messages, and the
 * app words every finding again each time the diagnosis changes.
 */
function runsOf(indexes: readonly number[], limit: number): [number, number][] {
  const items: [number, number][] = []
  let from = -1
  let to = -1
  const close = () => {
    if (to === from + 1) items.push([from, from], [to, to])
    else items.push([from, to])
  }
  for (const i of indexes) {
    if (from >= 0 && i === to + 1) {
      to = i
      continue
    }
    if (from >= 0) close()
    if (items.length >= limit) return items.slice(0, limit)
    from = to = i
  }
  if (from >= 0) close()
  return items.slice(0, limit)
}
