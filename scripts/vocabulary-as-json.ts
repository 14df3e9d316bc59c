import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'

/** gpt-tokenizer's vocabulary modules: one per encoding, each a single array of every token. */
const VOCABULARY = /[\\/]gpt-tokenizer[\\/]esm[\\/]bpeRanks[\\/]\w+\.js$/

/**
 * Ships gpt-tokenizer's vocabularies to the renderer as JSON text parsed at run time, not as the
 * array literals the package writes them as. V8 compiles a literal of 200,000 strings into code
 * that builds the array, and a Web Worker that loaded the four vocabularies that way held about
 * 160 MB for a moment as it started (37 MB once started); JSON.parse builds the same array straight
 * from one string. The data is the package's own: the module is evaluated here, at build time, and
 * its array written out as JSON, which keeps every string exactly (tokens that are not valid UTF-8
 * are arrays of byte values, which JSON keeps as well, and a rank with no token stays a hole).
 */
export function vocabularyAsJson(): Plugin {
  return {
    name: 'vocabulary-as-json',
    async transform(_code, id) {
      if (!VOCABULARY.test(id)) return null
      const { default: ranks } = (await import(pathToFileURL(id).href)) as { default: unknown[] }
      const json = JSON.stringify(ranks)
      // A rank with no token is a hole in the array (p50k_base's 50256, its end-of-text token),
      // which JSON would write as null: it is made a hole again.
      const holes = Array.from(ranks.keys()).filter((rank) => !(rank in ranks))
      const code = [
        `const ranks = JSON.parse(${JSON.stringify(json)})`,
        `for (const rank of ${JSON.stringify(holes)}) delete ranks[rank]`,
        'export default ranks',
      ].join('\n')
      return { code, map: null }
    },
  }
}
