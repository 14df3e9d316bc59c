import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { referenceCounts } from './helpers/tiktoken'

const DIR = resolve(import.meta.dirname, '../../testdata/formats')

/** A transcript under testdata/formats, as text. */
export function fixture(name: string): string {
  return readFileSync(resolve(DIR, name), 'utf8')
}

/** A JSON transcript under testdata/formats, parsed, to quote its values in expectations. */
export function fixtureJson(name: string): Record<string, unknown> {
  return JSON.parse(fixture(name)) as Record<string, unknown>
}

/**
 * A message's cost by OpenAI's own tokenizer, independent of the code under test: the ordinary
 * encoding of text + payload, plus 4 for the wire framing.
 */
export function tiktokenCost(text: string, payload = ''): number {
  return referenceCounts([{ text, payload }])[0]
}
