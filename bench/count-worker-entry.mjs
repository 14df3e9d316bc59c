// Node 20 does not carry tsx's module hooks into worker threads, so the worker registers them itself
// and then loads the TypeScript worker.
import { tsImport } from 'tsx/esm/api'

await tsImport('./count-worker.ts', import.meta.url)
