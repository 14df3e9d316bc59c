import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { browserOnly } from './scripts/browser-only.ts'
import { openVocabularies } from './scripts/open-vocabularies-plugin.ts'
import { vocabularyAsJson } from './scripts/vocabulary-as-json.ts'

const root = import.meta.dirname
const alias = { '@core': resolve(root, 'src') }
// The renderer takes the core without Node's bundled vocabularies: its workers load the one they
// count with (see src/index.ts and src/vocabularies.ts). tsconfig.web.json and
// tsconfig.worker.json resolve @core the same way; main and the preload take src/index.ts, as
// tsconfig.node.json does.
export const rendererAlias = [
  { find: /^@core$/, replacement: resolve(root, 'src/core.ts') },
  { find: /^@core\//, replacement: `${resolve(root, 'src')}/` },
]

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: { main: resolve(root, 'electron/main.ts') },
        // package.json says "type": "module", so out/main/main.js is an ES module.
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { preload: resolve(root, 'electron/preload.ts') },
        // A sandboxed renderer loads its preload as a classic script: it refuses ESM, so the
        // preload is one self-contained CommonJS file whose only require is 'electron'.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [browserOnly(), react(), vocabularyAsJson(), openVocabularies()],
    resolve: { alias: rendererAlias },
    // Workers are bundled on their own, with their own plugins; as ES modules, so that a worker
    // can import one vocabulary when it needs it.
    worker: {
      format: 'es',
      plugins: () => [browserOnly(), vocabularyAsJson(), openVocabularies()],
    },
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
})
