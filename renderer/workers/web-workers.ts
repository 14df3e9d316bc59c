import { importInWorker } from './conversation-client'
import { createTextCounter } from './text-counter'
import type { Workers } from './types'

// Written out in full at each `new Worker(new URL(…))`: Vite finds workers by this exact shape, and
// bundles each with its imports for both the web build and Electron's renderer. The counting
// workers are the conversation worker's own (nested), but for the one that prices single texts.
const spawnConversation = () =>
  new Worker(new URL('./conversation-worker.ts', import.meta.url), { type: 'module' })
const spawnCounter = () =>
  new Worker(new URL('./count-worker.ts', import.meta.url), { type: 'module' })

/** The app's workers: a conversation worker per file, with its counting pool, and a text counter. */
export function createWebWorkers(): Workers {
  const texts = createTextCounter(spawnCounter)
  return {
    importFile: (file, choice, events) => importInWorker(spawnConversation, file, choice, events),
    countText: (spec, text, done) => texts.count(spec, text, done),
  }
}
