import { chmod } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { openVocabularies } from './scripts/open-vocabularies-plugin.ts'

const SHEBANG = '#!/usr/bin/env node'

// npm links `bin` to dist/cli.js and a shell runs it directly: it needs the shebang on its first
// line and the executable bit, which a bundler gives neither of by default.
function executableBin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'executable-bin',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    renderChunk(code, chunk) {
      if (!chunk.isEntry) return null
      const body = code.startsWith('#!') ? code.slice(code.indexOf('\n') + 1) : code
      return { code: `${SHEBANG}\n${body}`, map: null }
    },
    async writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry)
          await chmod(join(outDir, chunk.fileName), 0o755)
      }
    },
  }
}

/**
 * Builds the command-line tool into dist/cli.js and dist/assets/: the core and every dependency
 * inside, so it runs without node_modules. Each vocabulary is a chunk of its own, read when a
 * count needs it (an open model's is 7 MB): inlined, they made every start read 22 MB.
 */
export default defineConfig({
  plugins: [executableBin(), openVocabularies()],
  resolve: { alias: { '@core': resolve(import.meta.dirname, 'src') } },
  // Bundle every dependency, so `node dist/cli.js` runs without node_modules.
  ssr: { target: 'node', noExternal: true },
  build: {
    ssr: 'cli/main.ts',
    target: 'node20',
    outDir: 'dist',
    // dist/ is shared with the other builds; only write our files.
    emptyOutDir: false,
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: {
      // One file: an open model's vocabulary, loaded only when it is named, is inlined too.
      output: { format: 'es', entryFileNames: 'cli.js' },
    },
  },
})
