/** A seeded source of randomness: the same seed always yields the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** True with probability p. */
  chance(p: number): boolean
}

/**
 * mulberry32: a tiny 32-bit generator, good enough for test data and identical on every JS engine,
 * which Math.random is not (it cannot be seeded at all).
 */
export function mulberry32(seed: number): Random {
  let state = seed | 0
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  }
}
