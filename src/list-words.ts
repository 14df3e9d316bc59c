import { formatNumber } from './numbers'

/** A short readable list: the first few items, then how many more ("a, b, c and 4 more"). */
export function listOf(items: readonly (string | number)[], limit = 5): string {
  const shown = items.slice(0, limit).join(', ')
  return items.length > limit ? `${shown} and ${formatNumber(items.length - limit)} more` : shown
}

/** Every item, the last joined with "and": "a", "a and b", "a, b and c". */
export function listAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}
