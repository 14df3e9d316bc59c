import { MESSAGE_OVERHEAD_TOKENS, pricedText, resolveModel, tokenizerFor } from './tokens'
import type { Message } from './types'

/** The part of a message its cost depends on: all a counting worker needs to be sent. */
export type PricedMessage = Pick<Message, 'text' | 'payload'>

/** A contiguous run of messages, `start` inclusive, `end` exclusive. */
export interface SliceRange {
  start: number
  end: number
}

/** What a counting worker receives: plain data, so it survives structured cloning. */
export interface CountSliceRequest {
  model: string
  /** The index of the slice's first message in the whole conversation. */
  start: number
  messages: PricedMessage[]
}

/** What a counting worker sends back: the counts in a buffer that can be transferred, not copied. */
export interface CountSliceResult {
  start: number
  counts: Uint32Array<ArrayBuffer>
}

/**
 * Cuts a conversation into contiguous slices of about `charsPerSlice` characters of priced text.
 * By size rather than by message count, because one tool output can outweigh a thousand turns.
 */
export function planCountSlices(
  messages: readonly PricedMessage[],
  charsPerSlice: number,
): SliceRange[] {
  const slices: SliceRange[] = []
  let start = 0
  let chars = 0
  for (let i = 0; i < messages.length; i++) {
    chars += messages[i].text.length + (messages[i].payload?.length ?? 0)
    if (chars >= charsPerSlice) {
      slices.push({ start, end: i + 1 })
      start = i + 1
      chars = 0
    }
  }
  if (start < messages.length) slices.push({ start, end: messages.length })
  return slices
}

/** The request for one slice, carrying only text and payload so that less is cloned. */
export function sliceRequest(
  model: string,
  messages: readonly PricedMessage[],
  { start, end }: SliceRange,
): CountSliceRequest {
  const priced: PricedMessage[] = []
  for (let i = start; i < end; i++) {
    const { text, payload } = messages[i]
    priced.push(payload ? { text, payload } : { text })
  }
  return { model, start, messages: priced }
}

/**
 * Counts one slice: each message's cost, as countEachMessage gives it. Pure, so the same function
 * runs in a Web Worker, a Node worker thread or on the main thread.
 */
export function countSlice({ model, start, messages }: CountSliceRequest): CountSliceResult {
  const tokenizer = tokenizerFor(resolveModel(model).encoding)
  const counts = new Uint32Array(messages.length)
  for (let i = 0; i < messages.length; i++) {
    counts[i] = tokenizer.count(pricedText(messages[i])) + MESSAGE_OVERHEAD_TOKENS
  }
  return { start, counts }
}

/** Writes a slice's counts into the whole conversation's counts, at the slice's place. */
export function placeSliceCounts(all: number[], { start, counts }: CountSliceResult): void {
  for (let i = 0; i < counts.length; i++) all[start + i] = counts[i]
}
