/** A Node worker thread that counts slices with the core's countSlice, as the app's Web Workers do. */
import { parentPort } from 'node:worker_threads'
import { countSlice, resolveModel, tokenizerFor, type CountSliceRequest } from '../src/index'

/** Messages the pool sends: load a vocabulary (and empty its cache), or count a slice. */
export type WorkerRequest =
  { kind: 'warm'; model: string } | { kind: 'count'; request: CountSliceRequest }

const port = parentPort
if (!port) throw new Error('count-worker.ts runs as a worker thread')

port.on('message', (message: WorkerRequest) => {
  if (message.kind === 'warm') {
    // Loading the vocabulary takes a few hundred milliseconds: do it before any slice arrives. The
    // piece cache is emptied so that a timed count starts cold, as on a freshly opened file.
    const tokenizer = tokenizerFor(resolveModel(message.model).encoding)
    tokenizer.count('warm')
    tokenizer.clearCache()
    port.postMessage({ kind: 'ready' })
    return
  }
  const result = countSlice(message.request)
  port.postMessage({ kind: 'counted', result }, [result.counts.buffer])
})
