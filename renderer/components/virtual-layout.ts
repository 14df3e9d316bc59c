/**
 * Where each item of a virtual list starts, from its estimated height or the height it was
 * measured at: one array of numbers, however long the list. A conversation of 100,000 messages is
 * laid out again each time its split moves, so no object is made per item.
 */
export interface VirtualLayout {
  readonly count: number
  /** starts[i] is where item i starts; starts[count] is the list's height. */
  readonly starts: Float64Array
}

/** The measured heights, by item key, of the items whose height is not their estimate. */
export type MeasuredSizes = ReadonlyMap<string | number, number>

/**
 * Lays the items out from their estimates, then puts the few measured heights in place by key:
 * `positionOfKey` says where the item of a key is now (-1 when it is gone), so a list of 40,000
 * rows is laid out without asking each item for its key.
 */
export function layoutItems(
  count: number,
  estimateSize: (index: number) => number,
  measured: MeasuredSizes,
  positionOfKey: (key: string | number) => number,
): VirtualLayout {
  const starts = new Float64Array(count + 1)
  // Each item's size first, at starts[i + 1], then the running sum in place.
  for (let i = 0; i < count; i++) starts[i + 1] = estimateSize(i)
  for (const [key, size] of measured) {
    const at = positionOfKey(key)
    if (at >= 0 && at < count) starts[at + 1] = size
  }
  for (let i = 1; i <= count; i++) starts[i] += starts[i - 1]
  return { count, starts }
}

/** The item at a distance from the top: the last whose start is at or above it. */
export function itemAt(layout: VirtualLayout, offset: number): number {
  const { starts, count } = layout
  let low = 0
  let high = count - 1
  while (low < high) {
    const mid = (low + high + 1) >>> 1
    if (starts[mid] <= offset) low = mid
    else high = mid - 1
  }
  return Math.max(0, low)
}

/** The items to draw for a viewport: those in it, and `overscan` more on either side. */
export function rangeOf(
  layout: VirtualLayout,
  scrollTop: number,
  viewport: number,
  overscan: number,
): { first: number; last: number } {
  if (layout.count === 0) return { first: 0, last: -1 }
  const first = Math.max(0, itemAt(layout, scrollTop) - overscan)
  const last = Math.min(layout.count - 1, itemAt(layout, scrollTop + viewport) + overscan)
  return { first, last }
}

/** The scroll offset that centres an item in the viewport, within the list's bounds. */
export function centredOffset(layout: VirtualLayout, index: number, viewport: number): number {
  const { starts, count } = layout
  if (count === 0) return 0
  const at = Math.min(Math.max(index, 0), count - 1)
  const middle = (starts[at] + starts[at + 1]) / 2
  return Math.max(0, Math.min(middle - viewport / 2, starts[count] - viewport))
}
