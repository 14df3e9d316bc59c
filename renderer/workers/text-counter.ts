import type { CountingSpec } from '@core'
import { latestOfEach, type Request } from './latest'
import type { CountReply, CountRequest } from './protocol'
import type { Job } from './types'

/** Prices single texts in a worker of their own, so a long text never holds up the slices. */
export interface TextCounter {
  count(spec: Required<CountingSpec>, text: string, done: (cost: number) => void): Job
}

/**
 * Counts texts one at a time; a newer text supersedes one still waiting (latestOfEach). Cancelling
 * a text that waits drops it; cancelling the one being counted terminates the worker and starts a
 * fresh one for the next, because a count cannot be interrupted and a megabyte-sized prompt takes
 * seconds. A text that fails to count is never answered.
 */
export function createTextCounter(spawn: () => Worker): TextCounter {
  let worker: Worker | null = null
  let nextId = 1
  const texts = latestOfEach<'text', number | null>(() => nextId++)

  const started = () => {
    if (worker) return worker
    const current = (worker = spawn())
    current.onmessage = ({ data }: MessageEvent<CountReply>) => {
      if (data.kind === 'text') texts.answer(data.id, data.tokens)
      // The failed text is dropped, and the next one is sent.
      else if (data.kind === 'failed') texts.answer(texts.runningId() ?? 0, null)
    }
    return current
  }

  return {
    count(spec, text, done) {
      const request: Request<number | null> = {
        send: (id) => {
          const message: CountRequest = { kind: 'text', id, spec, text }
          started().postMessage(message)
        },
        settle: (tokens) => tokens !== null && done(tokens),
      }
      texts.ask('text', request)
      return {
        cancel: () =>
          texts.cancel(request, () => {
            worker?.terminate()
            worker = null
          }),
      }
    },
  }
}
