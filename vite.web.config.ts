import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { rendererAlias } from './electron.vite.config.ts'
import { browserOnly } from './scripts/browser-only.ts'
import { openVocabularies } from './scripts/open-vocabularies-plugin.ts'
import { vocabularyAsJson } from './scripts/vocabulary-as-json.ts'

const root = import.meta.dirname

/**
 * The renderer alone, for a plain browser: `npm run web` serves it, the e2e suite serves out/web.
 *
 * The dev server works under the page's strict CSP as it is: Vite prepends React Refresh's inline
 * preamble to <head>, ahead of the CSP <meta>, and a policy delivered by <meta> only governs what
 * comes after it. The production build has no inline script at all.
 */
export default defineConfig({
  root: resolve(root, 'renderer'),
  // Relative asset paths, so the same index.html works from a server, a file:// URL or Electron.
  base: './',
  plugins: [browserOnly(), react(), vocabularyAsJson(), openVocabularies()],
  // As in Electron's renderer (electron.vite.config.ts).
  worker: { format: 'es', plugins: () => [browserOnly(), vocabularyAsJson(), openVocabularies()] },
  resolve: { alias: rendererAlias },
  // The bundled sample lives in testdata/, outside the renderer root.
  server: { fs: { allow: [root] } },
  build: {
    outDir: resolve(root, 'out/web'),
    emptyOutDir: true,
    // Every tokenizer vocabulary ships, as a chunk of its own (up to 2.4 MB), so any model counts
    // offline.
    chunkSizeWarningLimit: 3000,
  },
})
