import { Worker } from 'node:worker_threads'
import {
  placeSliceCounts,
  planCountSlices,
  sliceRequest,
  type CountSliceResult,
  type PricedMessage,
} from '../src/index'
import type { WorkerRequest } from './count-worker'

/** About 1 MB of text per slice: small enough to balance two workers, big enough to amortise a post. */
export const CHARS_PER_SLICE = 1 << 20

/** Worker threads that count a conversation's slices in parallel, each vocabulary loaded up front. */
export interface CountingPool {
  readonly size: number
  /** Each message's cost, as countEachMessage gives it, counted across the workers. */
  count(messages: readonly PricedMessage[], charsPerSlice?: number): Promise<number[]>
  /** Empties the workers' piece caches, so that the next count starts cold. */
  reset(): Promise<void>
  close(): Promise<void>
}

type Reply = { kind: 'ready' } | { kind: 'counted'; result: CountSliceResult }

function startWorker(): Worker {
  // The worker is TypeScript: its entry loads it through tsx, as the bench itself is loaded.
  return new Worker(new URL('./count-worker-entry.mjs', import.meta.url))
}

function nextReply(worker: Worker): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      worker.off('error', onError)
      resolve(reply)
    }
    const onError = (error: Error) => {
      worker.off('message', onMessage)
      reject(error)
    }
    worker.once('message', onMessage)
    worker.once('error', onError)
  })
}

const post = (worker: Worker, message: WorkerRequest) => worker.postMessage(message)

/** Starts `size` workers and waits until each has loaded the model's vocabulary. */
export async function startCountingPool(size: number, model: string): Promise<CountingPool> {
  const workers = Array.from({ length: size }, startWorker)
  const reset = async () => {
    await Promise.all(
      workers.map((worker) => {
        const ready = nextReply(worker)
        post(worker, { kind: 'warm', model })
        return ready
      }),
    )
  }
  await reset()

  const count = async (messages: readonly PricedMessage[], charsPerSlice = CHARS_PER_SLICE) => {
    const slices = planCountSlices(messages, charsPerSlice)
    const counts = new Array<number>(messages.length).fill(0)
    let next = 0
    // Each worker takes the next slice as soon as it is free, so a slow slice never idles the other.
    const drain = async (worker: Worker) => {
      while (next < slices.length) {
        const reply = nextReply(worker)
        post(worker, { kind: 'count', request: sliceRequest(model, messages, slices[next++]) })
        const answer = await reply
        if (answer.kind === 'counted') placeSliceCounts(counts, answer.result)
      }
    }
    await Promise.all(workers.map(drain))
    return counts
  }

  return {
    size,
    count,
    reset,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()))
    },
  }
}
