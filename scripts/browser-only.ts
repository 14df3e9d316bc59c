import { builtinModules } from 'node:module'
import type { Plugin } from 'vite'

const NODE_BUILTINS = new Set(builtinModules)

/**
 * Fails a page's or a worker's build when anything it imports reaches a Node built-in (or
 * Electron). Vite would replace the module with an empty stand-in and warn; the page then throws
 * at start-up, far from the import that caused it (e524c31: settings checks pulled in `node:fs`
 * through the IPC checks, and the browser build counted nothing). Here the build names the import.
 */
export function browserOnly(): Plugin {
  return {
    name: 'compaction-inspector:browser-only',
    enforce: 'pre',
    resolveId(source, importer) {
      const bare = source.startsWith('node:') ? source.slice(5) : source
      if (source === 'electron' || NODE_BUILTINS.has(bare) || source.startsWith('node:')) {
        this.error(
          `${importer ?? 'an entry'} imports "${source}", which does not exist in a browser page or worker: ` +
            'keep Node and Electron code out of what the renderer imports',
        )
      }
      return null
    },
  }
}
