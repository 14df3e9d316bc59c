import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { vocabularyAsJson } from '../../scripts/vocabulary-as-json'

const ranksDir = resolve(import.meta.dirname, '../../node_modules/gpt-tokenizer/esm/bpeRanks')
const vocabularies = readdirSync(ranksDir).filter((name) => name.endsWith('.js'))

type Transform = (code: string, id: string) => Promise<{ code: string } | null>
const transform = vocabularyAsJson().transform as Transform

describe('the vocabularies as the renderer ships them', () => {
  it('covers every vocabulary gpt-tokenizer ships', () => {
    expect(vocabularies.sort()).toEqual([
      'cl100k_base.js',
      'o200k_base.js',
      'p50k_base.js',
      'r50k_base.js',
    ])
  })

  it.each(vocabularies)(
    '%s: JSON.parse of one string gives the package’s array exactly',
    async (name) => {
      const id = join(ranksDir, name)
      const { default: original } = (await import(pathToFileURL(id).href)) as { default: unknown[] }
      const result = await transform('', id)
      expect(result!.code.startsWith('const ranks = JSON.parse(')).toBe(true)
      const url = `data:text/javascript;charset=utf-8,${encodeURIComponent(result!.code)}`
      const { default: shipped } = (await import(url)) as { default: unknown[] }
      expect(shipped.length).toBe(original.length)
      expect(shipped).toEqual(original)
    },
  )

  it('leaves every other module alone', async () => {
    expect(await transform('export default 1', '/x/node_modules/gpt-tokenizer/esm/main.js')).toBe(
      null,
    )
  })
})
