import type { CountSliceResult, Message } from '@core'

/** One counting key's per-message costs for one array of messages, as its slices arrive. */
interface Tally {
  /** Each message's cost; -1 until its slice has arrived (a cost is never negative). */
  perMessage: number[]
  /** How many entries are still -1. */
  missing: number
}

/**
 * The messages a conversation worker answers about, and the counts it has for them under each
 * counting key it still needs: the key being counted, and the last one counted to the end (the
 * page's `counts` and `partialCounts`, which it mirrors). The counts reach the page from here, so
 * a question about these messages needs no counts of its own: it names its key.
 */
export interface HeldMessages {
  messages: readonly Message[]
  tallies: Map<string, Tally>
  /** The key the last count that ran to its end was for; null before one has. */
  complete: string | null
}

export const holdMessages = (messages: readonly Message[]): HeldMessages => ({
  messages,
  tallies: new Map(),
  complete: null,
})

/**
 * The tally a count under `key` fills in, made if there is none. The tallies of other keys go,
 * but for the last complete one: the page keeps only that and the one being counted.
 */
export function tallyFor(held: HeldMessages, key: string): Tally {
  for (const other of held.tallies.keys()) {
    if (other !== key && other !== held.complete) held.tallies.delete(other)
  }
  let tally = held.tallies.get(key)
  if (!tally) {
    const { length } = held.messages
    tally = { perMessage: new Array<number>(length).fill(-1), missing: length }
    held.tallies.set(key, tally)
  }
  return tally
}

/** Puts a slice's counts in their place. */
export function placeSlice(tally: Tally, { start, counts }: CountSliceResult): void {
  for (let i = 0; i < counts.length; i++) {
    if (tally.perMessage[start + i] === -1) tally.missing--
    tally.perMessage[start + i] = counts[i]
  }
}

/** A count under `key` ran to its end: its counts are the ones kept, and the others go. */
export function countedToTheEnd(held: HeldMessages, key: string): void {
  held.complete = key
  for (const other of held.tallies.keys()) if (other !== key) held.tallies.delete(other)
}

/**
 * The counts under `key`, every message's; an error names what is missing when they are not all
 * in (the page asks only once it has them all, from here).
 */
export function heldCounts(held: HeldMessages, key: string): readonly number[] {
  const tally = held.tallies.get(key)
  if (!tally || tally.missing > 0) {
    const missing = tally ? tally.missing : held.messages.length
    throw new Error(`${missing} of ${held.messages.length} messages are not counted yet`)
  }
  return tally.perMessage
}

/**
 * The messages after a change to the followed file: the first `unchanged` are those held before,
 * and keep their counts under every key; the rest are to count.
 */
export function heldAfterChange(
  before: HeldMessages,
  messages: readonly Message[],
  unchanged: number,
): HeldMessages {
  const after = holdMessages(messages)
  for (const [key, tally] of before.tallies) {
    const perMessage = new Array<number>(messages.length).fill(-1)
    let missing = messages.length
    for (let i = 0; i < unchanged; i++) {
      perMessage[i] = tally.perMessage[i]
      if (perMessage[i] !== -1) missing--
    }
    after.tallies.set(key, { perMessage, missing })
  }
  return after
}
