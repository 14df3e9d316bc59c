import {
  checkCompaction,
  resolveModel,
  tokenizerFor,
  type Message,
  type Options,
} from '../src/index'
import { median, quantile, timeOnce } from './measure'

/** How re-tuning performed: checkCompaction with cached counts, and the cost of a model change. */
export interface RetuneFigures {
  samples: number
  /** Wall-clock milliseconds. */
  median: number
  p95: number
  max: number
  /** CPU milliseconds: what the call costs when no other process takes the core away mid-call. */
  cpuMedian: number
  byOption: { option: string; values: number; median: number; cpuMedian: number }[]
  /** Tokenizer calls made while re-tuning with cached counts: zero means nothing was re-counted. */
  tokenizerCalls: number
  modelChange: { model: string; encoding: string; wall: number; tokenizerCalls: number }
}

/** Wraps a tokenizer's count through the core's Tokenizer seam, to count how often it is called. */
function spyOnTokenizer(model: string) {
  const tokenizer = tokenizerFor(resolveModel(model).encoding)
  const count = tokenizer.count
  const spy = { calls: 0, restore: () => (tokenizer.count = count) }
  tokenizer.count = (text) => {
    spy.calls++
    return count(text)
  }
  return spy
}

/** The option changes a user makes while tuning: one option at a time, from a base that compacts. */
function optionSeries(total: number, n: number): { option: string; options: Options }[] {
  const base: Options = { maxTokens: Math.round(total * 0.8) }
  const series: { option: string; options: Options }[] = []
  for (const f of [0.3, 0.5, 0.8, 0.95, 1.05, 1.2, 2]) {
    series.push({ option: 'maxTokens', options: { ...base, maxTokens: Math.round(total * f) } })
  }
  for (const k of [0, 1, 10, 100, 1_000, 10_000, Math.floor(n / 2), n - 1, n * 2]) {
    series.push({ option: 'keepRecentCount', options: { ...base, keepRecentCount: k } })
  }
  for (const r of [0.5, 0.75, 0.8, 0.9, 0.95, 1]) {
    series.push({ option: 'triggerRatio', options: { ...base, triggerRatio: r } })
  }
  return series
}

/**
 * Times checkCompaction with cached counts over a series of new options, several passes, and
 * proves through the Tokenizer seam that none of it re-counts; then shows what a model change costs.
 */
export function benchRetune(
  messages: readonly Message[],
  counts: readonly number[],
  passes: number,
  otherModel = 'gpt-4',
): RetuneFigures {
  const total = counts.reduce((s, c) => s + c, 0)
  const series = optionSeries(total, messages.length)
  for (const { options } of series) checkCompaction(messages, options, counts)

  const spy = spyOnTokenizer('')
  const times = new Map<string, { wall: number[]; cpu: number[] }>()
  const all: number[] = []
  const allCpu: number[] = []
  try {
    for (let pass = 0; pass < passes; pass++) {
      for (const { option, options } of series) {
        const t = timeOnce(() => checkCompaction(messages, options, counts))
        all.push(t.wall)
        allCpu.push(t.cpu)
        const entry = times.get(option) ?? { wall: [], cpu: [] }
        entry.wall.push(t.wall)
        entry.cpu.push(t.cpu)
        times.set(option, entry)
      }
    }
  } finally {
    spy.restore()
  }

  // A new model means a new vocabulary, so its counts are not cached: this is the one re-count.
  tokenizerFor(resolveModel(otherModel).encoding).count('load the vocabulary first')
  const other = spyOnTokenizer(otherModel)
  let modelChange: RetuneFigures['modelChange']
  try {
    const t = timeOnce(() => checkCompaction(messages, { maxTokens: total, model: otherModel }))
    modelChange = {
      model: otherModel,
      encoding: resolveModel(otherModel).encoding,
      wall: t.wall,
      tokenizerCalls: other.calls,
    }
  } finally {
    other.restore()
  }

  return {
    samples: all.length,
    median: median(all),
    p95: quantile(all, 0.95),
    max: Math.max(...all),
    cpuMedian: median(allCpu),
    byOption: [...times].map(([option, { wall, cpu }]) => ({
      option,
      values: wall.length / passes,
      median: median(wall),
      cpuMedian: median(cpu),
    })),
    tokenizerCalls: spy.calls,
    modelChange,
  }
}
