import { tokenizerFor, type EncodingName } from '../src/index'
import { generatedTexts } from './generate'
import { collectGarbage, median, timeOnce } from './measure'

/** What one text cost to count cold, as the median over the rounds. */
export interface LongPieceFigures {
  label: string
  bytes: number
  tokens: number
  cpu: number
  wall: number
}

const ENCODING: EncodingName = 'o200k_base'
const MEGABYTE = 1e6
const utf8 = new TextEncoder()

/** Runs of one character, each 1 MB of UTF-8 and one message: each is a single piece, or nearly. */
export const RUNS = ['a', ' ', '.', '7', '中', '😀']

/**
 * Times counting 1 MB of prose, and 1 MB of each run, with the piece cache emptied before each
 * count, over several rounds in rotated order. The run's target is a ratio to the prose's time.
 */
export function benchLongPieces(rounds: number): LongPieceFigures[] {
  const tokenizer = tokenizerFor(ENCODING)
  const cases = [
    {
      label: '1 MB of prose (a generated conversation, message by message)',
      texts: generatedTexts(3, MEGABYTE),
    },
    ...RUNS.map((c) => {
      const run = c.repeat(Math.floor(MEGABYTE / utf8.encode(c).length))
      return { label: `1 MB of ${JSON.stringify(c)}, one message`, texts: [run] }
    }),
  ]
  const runs = cases.map(() => ({ cpu: [] as number[], wall: [] as number[], tokens: 0 }))
  // Once untimed, so the timed runs meet compiled code and a built index of the vocabulary.
  for (const c of cases) for (const t of c.texts) tokenizer.count(t)
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + round) % cases.length
      tokenizer.clearCache()
      collectGarbage()
      const t = timeOnce(() => cases[i].texts.reduce((sum, text) => sum + tokenizer.count(text), 0))
      runs[i].cpu.push(t.cpu)
      runs[i].wall.push(t.wall)
      runs[i].tokens = t.value
    }
  }
  return cases.map((c, i) => ({
    label: c.label,
    bytes: c.texts.reduce((sum, t) => sum + utf8.encode(t).length, 0),
    tokens: runs[i].tokens,
    cpu: median(runs[i].cpu),
    wall: median(runs[i].wall),
  }))
}
