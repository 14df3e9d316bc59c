/**
 * A counting worker: counts slices of a conversation with the core's countSlice, and single texts
 * (the summary prompt, a pasted summary) with the same tokenizer, off the main thread.
 */
import { countSlice, loadVocabulary, resolveModel, tokenizerFor } from '@core'
import type { CountReply, CountRequest } from './protocol'

const reply = (message: CountReply, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer })

self.onmessage = async ({ data }: MessageEvent<CountRequest>) => {
  try {
    // The first request loads its encoding's vocabulary; requests that arrive meanwhile wait for
    // the same load and are answered in the order they came.
    await loadVocabulary(
      data.kind === 'slice' ? resolveModel(data.request.model).encoding : data.encoding,
    )
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
