import type { CountingSpec } from '@core'
import type { CountReply, CountRequest } from './protocol'
import type { Job } from './types'

/** Prices single texts in a worker of their own, so a long text never holds up the slices. */
export interface TextCounter {
  count(spec: Required<CountingSpec>, text: string, done: (cost: number) => void): Job
}

interface Pending {
  id: number
  spec: Required<CountingSpec>
  text: string
  done: (tokens: number) => void
}

/**
 * Counts texts one at a time, in the order asked. Cancelling a text that waits drops it;
 * cancelling the one being counted terminates the worker and starts a fresh one for the rest,
 * because a count cannot be interrupted and a megabyte-sized prompt takes seconds. A text that
 * fails to count is never answered.
 */
export function createTextCounter(spawn: () => Worker): TextCounter {
  let worker: Worker | null = null
  let running: Pending | null = null
  const queue: Pending[] = []
  let nextId = 1

  const startNext = () => {
    running = queue.shift() ?? null
    if (!running) return
    const current = (worker ??= spawn())
    current.onmessage = ({ data }: MessageEvent<CountReply>) => {
      if (data.kind === 'slice' || ('id' in data && data.id !== running?.id)) return
      const finished = running
      startNext()
      if (data.kind === 'text') finished?.done(data.tokens)
    }
    const { id, spec, text } = running
    const request: CountRequest = { kind: 'text', id, spec, text }
    current.postMessage(request)
  }

  return {
    count(spec, text, done) {
      const pending: Pending = { id: nextId++, spec, text, done }
      queue.push(pending)
      if (!running) startNext()
      return {
        cancel: () => {
          const waiting = queue.indexOf(pending)
          if (waiting !== -1) queue.splice(waiting, 1)
          if (running !== pending) return
          worker?.terminate()
          worker = null
          startNext()
        },
      }
    },
  }
}
