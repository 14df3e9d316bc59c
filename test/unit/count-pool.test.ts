import { describe, expect, it } from 'vitest'
import {
  countEachMessage,
  countSlice,
  type CountingSpec,
  type CountSliceResult,
  type Message,
  type SliceRange,
} from '../../src/index'
import {
  CHARS_PER_SLICE,
  RECYCLE_AFTER_SLICES,
  createCountPool,
} from '../../renderer/workers/count-pool'
import type { CountReply, CountRequest } from '../../renderer/workers/protocol'
import { generateConversation } from '../../bench/generate'
import { referenceCounts } from './helpers/tiktoken'

const GPT_4O = { model: 'gpt-4o', wire: 'native', thinking: 'model' } as const

/**
 * A stand-in for a counting Web Worker, answering each slice a task later as the real one does:
 * with the core's countSlice, or with zeros where only the pool's handling of workers is tested.
 */
class FakeWorker {
  onmessage: ((event: { data: CountReply }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  terminated = false
  slices = 0
  constructor(private readonly counting: boolean) {}
  postMessage(message: CountRequest): void {
    if (message.kind !== 'slice') return
    this.slices++
    const { request } = message
    setTimeout(() => {
      if (this.terminated) return
      const result: CountSliceResult = this.counting
        ? countSlice(request)
        : { start: request.start, counts: new Uint32Array(request.messages.length) }
      this.onmessage?.({ data: { kind: 'slice', result } })
    }, 0)
  }
  terminate(): void {
    this.terminated = true
  }
}

function poolOf(counting: boolean) {
  const spawned: FakeWorker[] = []
  const spawn = () => {
    const worker = new FakeWorker(counting)
    spawned.push(worker)
    return worker as unknown as Worker
  }
  return { pool: createCountPool(spawn, 2), spawned }
}

/** Runs one job to its end; resolves with each message's count, or rejects with its error. */
function countAll(
  pool: ReturnType<typeof createCountPool>,
  messages: readonly Message[],
  ranges: readonly SliceRange[] = [{ start: 0, end: messages.length }],
  spec: Required<CountingSpec> = GPT_4O,
): Promise<number[]> {
  const counts = new Array<number>(messages.length).fill(-1)
  return new Promise((resolve, reject) => {
    pool.count(spec, messages, ranges, {
      onSlice: ({ start, counts: slice }) => slice.forEach((n, i) => (counts[start + i] = n)),
      onDone: () => resolve(counts),
      onError: reject,
    })
  })
}

/** Messages of exactly `chars` characters each: slices are planned by characters. */
const messagesOf = (n: number, chars: number): Message[] =>
  Array.from({ length: n }, () => ({ type: 'user', text: 'x'.repeat(chars) }))

describe('the counting pool', () => {
  it('counts every message once, as tiktoken does, across its workers', async () => {
    const messages = generateConversation({ seed: 4, targetBytes: 1_500_000 })
    const { pool, spawned } = poolOf(true)
    const counts = await countAll(pool, messages)
    expect(counts).toEqual(referenceCounts(messages))
    expect(spawned.every((w) => w.slices > 0)).toBe(true)
  })

  it('returns the costs countEachMessage gives for a provider wire and an approximate family', async () => {
    const messages = generateConversation({ seed: 6, targetBytes: 600_000 })
    const spec = {
      model: 'claude-sonnet-4-5-20250929',
      wire: 'anthropic',
      thinking: 'model',
    } as const
    const { pool } = poolOf(true)
    expect(await countAll(pool, messages, undefined, spec)).toEqual(
      countEachMessage(spec, messages),
    )
  })

  it('counts only the ranges it is given', async () => {
    const messages = generateConversation({ seed: 5, targetBytes: 200_000 })
    const { pool } = poolOf(true)
    const ranges = [
      { start: 3, end: 10 },
      { start: 40, end: 41 },
    ]
    const counts = await countAll(pool, messages, ranges)
    const reference = referenceCounts(messages)
    counts.forEach((n, i) => {
      const inside = ranges.some(({ start, end }) => i >= start && i < end)
      expect(n, `message ${i}`).toBe(inside ? reference[i] : -1)
    })
  })

  it('keeps its workers, vocabularies loaded, after a small job', async () => {
    const { pool, spawned } = poolOf(false)
    await countAll(pool, messagesOf(10, 1000))
    await countAll(pool, messagesOf(10, 1000))
    expect(spawned).toHaveLength(2)
    expect(spawned.some((w) => w.terminated)).toBe(false)
  })

  it('lets its workers go after a large job, and starts fresh ones for the next', async () => {
    const { pool, spawned } = poolOf(false)
    // One message per slice: exactly the number of slices that makes a job large.
    await countAll(pool, messagesOf(RECYCLE_AFTER_SLICES, CHARS_PER_SLICE))
    expect(spawned).toHaveLength(2)
    expect(spawned.every((w) => w.terminated)).toBe(true)
    await countAll(pool, messagesOf(10, 1000))
    expect(spawned).toHaveLength(4)
    expect(spawned.slice(2).some((w) => w.terminated)).toBe(false)
  })

  it('keeps its workers after a job one slice short of large', async () => {
    const { pool, spawned } = poolOf(false)
    await countAll(pool, messagesOf(RECYCLE_AFTER_SLICES - 1, CHARS_PER_SLICE))
    expect(spawned.some((w) => w.terminated)).toBe(false)
  })

  it('stops a cancelled job: its workers are terminated and nothing more is reported', async () => {
    const { pool, spawned } = poolOf(false)
    const reported: string[] = []
    const job = pool.count(GPT_4O, messagesOf(40, CHARS_PER_SLICE), [{ start: 0, end: 40 }], {
      onSlice: () => reported.push('slice'),
      onDone: () => reported.push('done'),
      onError: () => reported.push('error'),
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    job.cancel()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(spawned.every((w) => w.terminated)).toBe(true)
    expect(reported).toEqual([])
  })
})
