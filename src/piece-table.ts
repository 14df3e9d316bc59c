/**
 * A table of numbers (piece counts, token ranks) looked up by a range of a text, without cutting
 * the range out: on a 50 MB conversation, a string per piece (millions of them) was most of what
 * counting allocated.
 */
export interface PieceTable {
  /** The count stored for `text[start, end)`, or -1. */
  get(text: string, start: number, end: number): number
  /** Stores `count` for `text[start, end)`, which must not be stored yet. */
  set(text: string, start: number, end: number, count: number): void
  clear(): void
  readonly size: number
}

/** A table that starts again from empty once it holds `limit` pieces. */
export function createPieceTable(limit: number): PieceTable {
  // Open addressing at most half full, so a probe stays short.
  let capacity = 16
  while (capacity < limit * 2) capacity *= 2
  const mask = capacity - 1
  const keys: (string | undefined)[] = new Array(capacity).fill(undefined)
  const hashes = new Int32Array(capacity)
  const counts = new Int32Array(capacity)
  let size = 0

  const hashOf = (text: string, start: number, end: number) => {
    // FNV-1a over UTF-16 code units.
    let h = 0x811c9dc5 | 0
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
    return h
  }
  const slot = (text: string, start: number, end: number, h: number) => {
    const length = end - start
    let i = h & mask
    for (let key = keys[i]; key !== undefined; key = keys[(i = (i + 1) & mask)]) {
      if (hashes[i] === h && key.length === length && text.startsWith(key, start)) return i
    }
    return i
  }
  const clear = () => {
    keys.fill(undefined)
    size = 0
  }

  return {
    get(text, start, end) {
      const i = slot(text, start, end, hashOf(text, start, end))
      return keys[i] === undefined ? -1 : counts[i]
    },
    set(text, start, end, count) {
      if (size >= limit) clear()
      const h = hashOf(text, start, end)
      const i = slot(text, start, end, h)
      // A copy, not a slice: V8 makes a slice of 13 or more characters a view that keeps the whole
      // text alive, and a stored piece would hold a message's text as long as the table lives. A
      // whole text (a vocabulary's token) is stored as it is.
      keys[i] = start === 0 && end === text.length ? text : (' ' + text.slice(start, end)).slice(1)
      hashes[i] = h
      counts[i] = count
      size++
    },
    clear,
    get size() {
      return size
    },
  }
}
