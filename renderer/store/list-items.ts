/** One entry of the conversation list: a message, the head/tail boundary, or a hoisted ghost. */
export type ListItem =
  | { kind: 'message'; index: number }
  | { kind: 'boundary'; head: number }
  | { kind: 'ghost'; index: number }

/**
 * The list as drawn: the head, the boundary, hoisted instructions as ghosts at the front of the
 * kept part, the tail. Described rather than spelt out: an array of 100,000 entries would be built
 * again each time the split moves, and the list only ever reads the few rows in view.
 */
export interface ListItems {
  readonly length: number
  /** Where the boundary is in the list; null when nothing is split. */
  readonly boundaryAt: number | null
  /** The entry at a position in the list. */
  at(position: number): ListItem
  /**
   * A stable key for the entry at a position: a message's index, a ghost's below zero. Numbers,
   * made without an object, since the virtualiser asks for every entry's key.
   */
  keyAt(position: number): number | 'boundary'
  /** Where a message's own row is in the list. */
  positionOf(index: number): number
  /** Where the entry of a key (keyAt's) is in the list; -1 when the list has none. */
  positionOfKey(key: number | string): number
}

/**
 * The list for `n` messages split at `boundary` (null when nothing is split), with `hoisted`
 * instructions shown again after it. A boundary after the last message has no ghosts after it.
 */
export function listItems(
  n: number,
  boundary: number | null,
  hoisted: readonly number[],
): ListItems {
  if (boundary === null) {
    return {
      length: n,
      boundaryAt: null,
      at: (index) => ({ kind: 'message', index }),
      keyAt: (index) => index,
      positionOf: (index) => index,
      positionOfKey: (key) => (typeof key === 'number' && key >= 0 && key < n ? key : -1),
    }
  }
  const ghosts = boundary < n ? hoisted : []
  const tail = boundary + 1 + ghosts.length
  return {
    length: n + 1 + ghosts.length,
    boundaryAt: boundary,
    at: (position) => {
      if (position < boundary) return { kind: 'message', index: position }
      if (position === boundary) return { kind: 'boundary', head: boundary }
      if (position < tail) return { kind: 'ghost', index: ghosts[position - boundary - 1] }
      return { kind: 'message', index: position - 1 - ghosts.length }
    },
    keyAt: (position) => {
      if (position < boundary) return position
      if (position === boundary) return 'boundary'
      if (position < tail) return -1 - ghosts[position - boundary - 1]
      return position - 1 - ghosts.length
    },
    positionOf: (index) => (index < boundary ? index : index + 1 + ghosts.length),
    positionOfKey: (key) => {
      if (key === 'boundary') return boundary
      if (typeof key !== 'number') return -1
      if (key >= n) return -1
      if (key >= 0) return key < boundary ? key : key + 1 + ghosts.length
      // A ghost's key is -1 - the index of the instruction it shows again.
      const ghost = ghosts.indexOf(-1 - key)
      return ghost === -1 ? -1 : boundary + 1 + ghost
    },
  }
}
