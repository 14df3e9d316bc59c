import type { ReportedUsage } from '../formats/types'
import type { TurnCosts } from '../pricing/cost'

/** One reported request beside our estimate of the same prompt. */
export interface UsageRow {
  /** 1-based, in request order. */
  request: number
  /** The prompt held messages[0, prompt). */
  prompt: number
  /** Where the report was read in the file. */
  at: string
  /** requestOverhead + Σ costs[0, prompt). */
  estimated: number
  /** The provider's prompt size (input + cache creation + cache read). */
  reported: number
  /** estimated ÷ reported; null when the report is 0. */
  ratio: number | null
  /**
   * From the first request to this one, the estimate's growth ÷ the reported growth; null for the
   * first request and wherever the reported size has not moved.
   */
  incrementRatio: number | null
}

/** What the reported requests say about the estimate, as `tokens --json` prints it. */
export interface UsageCalibration {
  requests: number
  /** The mean of the rows' ratios; null when no row has one. */
  meanRatio: number | null
  minIncrementRatio: number | null
  maxIncrementRatio: number | null
  /** The context the file lacks, from the first request (see hiddenTokensOf). */
  hiddenTokens: number
}

/** The estimate beside every reported request, and the calibration summary over them. */
export interface UsageComparison {
  rows: UsageRow[]
  /**
   * Tokens the first reported request held beyond our estimate of its prompt: the system prompt
   * and tool schemas the log leaves out. Never negative; 0 without a report.
   */
  hiddenTokens: number
  /** Where that first report was read; null without a report. */
  hiddenAt: string | null
  calibration: UsageCalibration
}

/** The estimate of a prompt of messages[0, prompt): the overhead plus their costs. */
export function estimateAt(costs: readonly number[], prompt: number, overhead: number): number {
  let sum = overhead
  const end = Math.min(prompt, costs.length)
  for (let i = 0; i < end; i++) sum += costs[i]
  return sum
}

/**
 * The estimate of every prompt messages[0, p), p = 0 … n: overhead + Σ costs[0, p), plus, with
 * `turns`, what the request's own turn's reasoning costs retained beyond its cost as an earlier
 * turn's. One pass of prefix sums: a long run has thousands of requests over thousands of messages.
 */
export function promptEstimates(
  costs: readonly number[],
  overhead: number,
  turns: TurnCosts | null = null,
): Float64Array {
  const n = costs.length
  const prefix = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + costs[i]
  if (turns) {
    const kept = new Float64Array(n + 1)
    for (let i = 0; i < n; i++) {
      const current = turns.current[i]
      kept[i + 1] = kept[i] + (Number.isNaN(current) ? 0 : current - costs[i])
    }
    for (let p = n; p >= 0; p--) prefix[p] += kept[p] - kept[turns.turnStartAt[p]]
  }
  for (let p = 0; p <= n; p++) prefix[p] += overhead
  return prefix
}

/**
 * Sets each reported request beside our estimate of its prompt: `costs` are the messages' costs
 * (as the count pool or countEachMessage gives them), `overhead` the per-request fixed part.
 * `turns` (turnCostsOf) prices each request's own turn's thinking as retained, where the wire
 * drops only earlier turns' thinking: without it, every request is priced by the last turn's.
 */
export function compareUsage(
  usage: readonly ReportedUsage[],
  costs: readonly number[],
  overhead: number,
  turns: TurnCosts | null = null,
): UsageComparison {
  // A file that reports no usage compares nothing, and needs no estimate of its prompts.
  if (usage.length === 0) {
    return { rows: [], hiddenTokens: 0, hiddenAt: null, calibration: calibrationOf([], 0) }
  }
  const estimates = promptEstimates(costs, overhead, turns)
  const estimate = (prompt: number) => estimates[Math.max(0, Math.min(prompt, costs.length))]
  const first = usage[0]
  const base = first ? { estimated: estimate(first.prompt), reported: first.inputTokens } : null
  const rows = usage.map((u, k): UsageRow => {
    const estimated = estimate(u.prompt)
    const reportedGrowth = base ? u.inputTokens - base.reported : 0
    return {
      request: k + 1,
      prompt: u.prompt,
      at: u.at,
      estimated,
      reported: u.inputTokens,
      ratio: u.inputTokens > 0 ? estimated / u.inputTokens : null,
      incrementRatio:
        k > 0 && base && reportedGrowth !== 0
          ? (estimated - base.estimated) / reportedGrowth
          : null,
    }
  })
  const hiddenTokens = base ? Math.max(0, base.reported - base.estimated) : 0
  return {
    rows,
    hiddenTokens,
    hiddenAt: first ? first.at : null,
    calibration: calibrationOf(rows, hiddenTokens),
  }
}

function calibrationOf(rows: readonly UsageRow[], hiddenTokens: number): UsageCalibration {
  const ratios = rows.flatMap((r) => (r.ratio === null ? [] : [r.ratio]))
  const increments = rows.flatMap((r) => (r.incrementRatio === null ? [] : [r.incrementRatio]))
  return {
    requests: rows.length,
    meanRatio: ratios.length > 0 ? ratios.reduce((a, b) => a + b, 0) / ratios.length : null,
    minIncrementRatio: increments.length > 0 ? increments.reduce((a, b) => Math.min(a, b)) : null,
    maxIncrementRatio: increments.length > 0 ? increments.reduce((a, b) => Math.max(a, b)) : null,
    hiddenTokens,
  }
}
