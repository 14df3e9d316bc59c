import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'
import { openVocabularies } from './scripts/open-vocabularies-plugin.ts'

// @core is src/ (its index.ts: Node's entry, every vocabulary at once) in both projects, as
// tsconfig.test.json says: the tests run in Node, the component tests too (in jsdom).
const alias = { '@core': resolve(import.meta.dirname, 'src') }

export default defineConfig({
  resolve: { alias },
  // The open models' vocabularies as the builds load them, read from node_modules/.cache.
  plugins: [react(), openVocabularies({ fromDisk: true })],
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
