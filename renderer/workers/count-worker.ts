/**
 * A counting worker: prices slices of a conversation with the core's countSlice, and single texts
 * (a pasted summary) as one message each, with the same function, off the main thread.
 */
import { countSlice, loadCountingVocabulary, textMessageCost } from '@core'
import type { CountReply, CountRequest } from './protocol'

const reply = (message: CountReply, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer })

self.onmessage = async ({ data }: MessageEvent<CountRequest>) => {
  try {
    // The first request loads its vocabulary; requests that arrive meanwhile wait for the same
    // load and are answered in the order they came.
    await loadCountingVocabulary(data.kind === 'slice' ? data.request.spec : data.spec)
    if (data.kind === 'slice') {
      const result = countSlice(data.request)
      // The counts go back by transfer: a slice's buffer changes owner instead of being copied.
      reply({ kind: 'slice', result }, [result.counts.buffer])
    } else {
      reply({ kind: 'text', id: data.id, tokens: textMessageCost(data.spec, data.text) })
    }
  } catch (error) {
    reply({ kind: 'failed', error: error instanceof Error ? error.message : String(error) })
  }
}
