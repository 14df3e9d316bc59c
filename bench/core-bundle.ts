/**
 * The core as it ships: src/index.ts bundled into one ES module, as the CLI's and the app's vite
 * builds bundle it, for the rows that time the core's own code against a built-in (the JSONL
 * import against JSON.parse). Run through tsx instead, every function of the core pays for tsx's
 * transform (a naming wrapper per function, one module per file) and JSON.parse pays nothing,
 * which measures the bench's loader rather than the code users run. The rows run the bundle in a
 * process of its own (jsonl-time-child.mjs).
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** Bundles the core into `dir` as core.mjs; returns the file's path. */
export async function bundleShippedCore(dir: string): Promise<string> {
  const outfile = join(dir, 'core.mjs')
  await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // As vite.cli.config.ts builds dist/cli.js: for Node 20, not minified, every dependency inside.
    target: 'node20',
    minify: false,
    // vite resolves a package's ES module build first; so does this.
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  })
  return outfile
}
