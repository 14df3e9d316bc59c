/**
 * A counting worker: counts slices of a conversation with the core's countSlice, and single texts
 * (the summary prompt, a pasted summary) with the same tokenizer, off the main thread.
 */
import { countSlice, tokenizerFor } from '@core'
import type { CountReply, CountRequest } from './protocol'

const reply = (message: CountReply, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer })

self.onmessage = ({ data }: MessageEvent<CountRequest>) => {
  try {
    if (data.kind === 'slice') {
      const result = countSlice(data.request)
      // The counts go back by transfer: a slice's buffer changes owner instead of being copied.
      reply({ kind: 'slice', result }, [result.counts.buffer])
    } else {
      reply({ kind: 'text', id: data.id, tokens: tokenizerFor(data.encoding).count(data.text) })
    }
  } catch (error) {
    reply({ kind: 'failed', error: error instanceof Error ? error.message : String(error) })
  }
}
