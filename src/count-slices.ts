import {
  pricedAt,
  pricingFor,
  toSpec,
  type CountingSpec,
  type PricedMessage,
  type SpecLike,
} from './pricing/cost'
import { describeCounting } from './pricing/families'
import type { Message } from './types'

export type { PricedMessage }

/** A contiguous run of messages, `start` inclusive, `end` exclusive. */
export interface SliceRange {
  start: number
  end: number
}

/** What a counting worker receives: plain data, so it survives structured cloning. */
export interface CountSliceRequest {
  /** What the costs are for: the model and the wire, as messageCost takes them. */
  spec: Required<CountingSpec>
  /** The index of the slice's first message in the whole conversation. */
  start: number
  messages: PricedMessage[]
}

/** What a counting worker sends back: the costs in a buffer that can be transferred, not copied. */
export interface CountSliceResult {
  start: number
  counts: Uint32Array<ArrayBuffer>
}

/**
 * Cuts a conversation into contiguous slices of about `charsPerSlice` characters of priced text.
 * By size rather than by message count, because one tool output can outweigh a thousand turns.
 */
export function planCountSlices(
  messages: readonly Pick<Message, 'text' | 'payload'>[],
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

/**
 * The request for one slice, carrying only text and payload so that less is cloned (and a tool
 * result's type, where its family prices results apart), and, off the native wire, which messages
 * are an earlier turn's thinking: the worker then returns final costs.
 */
export function sliceRequest(
  specLike: SpecLike,
  messages: readonly (Pick<Message, 'text' | 'payload'> & { type?: Message['type'] })[],
  { start, end }: SliceRange,
): CountSliceRequest {
  const spec = toSpec(specLike)
  // The method alone: no tokenizer, which the sender (the reading worker) may not have loaded.
  const { factor, resultFactor } = describeCounting(spec.model, spec.wire)
  // A tool result's type goes too where its family prices results at a factor of their own.
  const typed = resultFactor !== factor
  const priced: PricedMessage[] = []
  for (let i = start; i < end; i++) {
    const { text, payload, type } = messages[i]
    const placed = pricedAt(spec, messages, i)
    if (placed !== messages[i]) {
      priced.push(placed)
    } else if (typed && type === 'activity') {
      priced.push({ text, payload, type })
    } else {
      // Only text, payload and the flags are cloned to the worker.
      priced.push(payload ? { text, payload } : { text })
    }
  }
  return { spec, start, messages: priced }
}

/**
 * Counts one slice: each message's cost from messageCost, as countEachMessage gives it. Pure, so
 * the same function runs in a Web Worker, a Node worker thread or on the main thread.
 */
export function countSlice({ spec, start, messages }: CountSliceRequest): CountSliceResult {
  const { cost } = pricingFor(spec)
  const counts = new Uint32Array(messages.length)
  for (let i = 0; i < messages.length; i++) counts[i] = cost(messages[i])
  return { start, counts }
}

/** Writes a slice's counts into the whole conversation's counts, at the slice's place. */
export function placeSliceCounts(all: number[], { start, counts }: CountSliceResult): void {
  for (let i = 0; i < counts.length; i++) all[start + i] = counts[i]
}
