import type { ReportedUsage } from '../formats/types'
import { formatNumber } from '../numbers'
import type { TurnCosts } from '../pricing/cost'
import { clearedSaving, type ClearedCosts } from './cleared'
import { NO_SERVED_PRICING, namesModel, type RequestPricing, type ServedPricing } from './served'

/** One reported request beside our estimate of the same prompt. */
export interface UsageRow {
  /** 1-based, in request order. */
  request: number
  /** The prompt held messages[0, prompt). */
  prompt: number
  /** Where the report was read in the file. */
  at: string
  /**
   * requestOverhead + Σ costs[0, prompt), priced as the model that served the request counts, the
   * tool results it was sent cleared priced as cleared.
   */
  estimated: number
  /**
   * How many of the prompt's tool results the request was sent cleared (a Claude Code
   * microcompaction, `ReportedUsage.cleared`), each estimated as cleared; absent when none.
   */
  cleared?: number
  /**
   * How many of the prompt's thinking messages the request was sent without (Claude Code's
   * `thinking_stripped`, `ReportedUsage.stripped`), each estimated at 0; absent when none.
   */
  stripped?: number
  /**
   * The tokens the provider's context editing cleared from the request (ReportedUsage.apiCleared),
   * by its own count: taken off `estimated`; absent when none.
   */
  apiCleared?: number
  /**
   * The context the request was sent that its file does not record beyond the first request's (a
   * Claude Code subagent's attachments, UsageComparison.unrecorded): in its growth, not in
   * `estimated`; absent where none.
   */
  unrecorded?: number
  /**
   * The definitions of deferred tools the request was sent that the file does not hold: those
   * ToolSearch results loaded at this request or before it (UsageComparison.toolsLoaded), derived
   * from the reports. In its growth, not in `estimated`; absent where none.
   */
  toolsLoaded?: number
  /**
   * How much the context not in the file changed, by this request, at the requests where another
   * model than the one before served (UsageComparison.modelChanges): in its hidden context, not in
   * `estimated`; absent where nothing changed.
   */
  modelChanged?: number
  /**
   * The model the request was priced as, where it counts otherwise than the model in force: the
   * one the provider reports served it (see ServedPricing).
   */
  pricedAs?: string
  /**
   * The reply was named for a Claude model but answered by another backend
   * (ReportedUsage.otherBackend): `reported` is that backend's count.
   */
  otherBackend?: true
  /** The provider's prompt size (input + cache creation + cache read). */
  reported: number
  /** estimated ÷ reported; null when the report is 0. */
  ratio: number | null
  /**
   * From the first request to this one, the estimate's growth ÷ the reported growth; null for the
   * first request and wherever the reported size has not moved. The estimate's growth holds what
   * joined the context not in the file by this request (`unrecorded`, `toolsLoaded`,
   * `modelChanged`).
   */
  incrementRatio: number | null
}

/**
 * Where another model than the one before served a request: each model is sent a system prompt
 * and tool schemas of its own (and counts them in its own vocabulary), so the context not in the
 * file is derived again from that request, as from the first. `tokens` is the change, more or
 * fewer.
 */
export interface ModelChange {
  model: string
  tokens: number
  /** The 1-based request it was derived from, the first that model served after another's. */
  request: number
  /** Where that request's report was read. */
  at: string
  /** That request's prompt (messages[0, prompt)): the change holds from there on. */
  prompt: number
}

/**
 * The context a Claude Code subagent was sent from its first tool result on that its file does
 * not record (ReportedUsage.unrecorded), derived as the first request's hidden context is: the
 * first such request's reported step less its estimated step, more than 0 and at most
 * UNRECORDED_MAX_TOKENS.
 */
export interface UnrecordedContext {
  tokens: number
  /** The 1-based request it was derived from. */
  request: number
  /** Where that request's report was read. */
  at: string
  /** That request's prompt (messages[0, prompt)): the context is in every prompt from there on. */
  prompt: number
}

/**
 * The most a subagent's unrecorded context is taken to be: Claude Code gives the largest of those
 * attachments, the skill listing, 1% of the context window at 4 characters a token, 2,000 tokens
 * of a 200,000-token window (tools/SkillTool/prompt.ts, 2.1.88); a larger step is the estimate's
 * to explain, and shows as a miss.
 */
export const UNRECORDED_MAX_TOKENS = 2000

/**
 * Deferred tools whose definitions a request was the first sent (ReportedUsage.toolsLoaded), and
 * their size, derived as the first request's hidden context is: that request's reported step less
 * its estimated step, more than 0 and at most DEFERRED_TOOL_MAX_TOKENS a tool.
 */
export interface ToolsLoad {
  tools: readonly string[]
  tokens: number
  /** The 1-based request it was derived from. */
  request: number
  /** Where that request's report was read. */
  at: string
  /** That request's prompt (messages[0, prompt)): the definitions are in every prompt from there on. */
  prompt: number
}

/**
 * The most a deferred tool's definition is taken to be. Claude Code 2.1.88's largest deferred
 * tool, TodoWrite, has a description of about 9,500 characters (its tools/TodoWriteTool/prompt.ts),
 * some 2,400 tokens at 4 characters a token, and an MCP tool's description is cut at 2,048
 * characters (MAX_MCP_DESCRIPTION_LENGTH, services/mcp/client.ts); a larger step is the
 * estimate's to explain, and shows as a miss.
 */
export const DEFERRED_TOOL_MAX_TOKENS = 3000

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
   * The context the file lacks at its last request: the tokens the first reported request held
   * beyond our estimate of its prompt (the system prompt and tool schemas the log leaves out),
   * plus what joined it later (lateContext: `unrecorded`'s, the loaded tools', and each model
   * change's, which measures it again). Never negative; 0 without a report.
   */
  hiddenTokens: number
  /** Where that first report was read; null without a report. */
  hiddenAt: string | null
  /**
   * What a Claude Code subagent was sent from its first tool result on unrecorded; null when none,
   * or none showed in the step it is derived from.
   */
  unrecorded: UnrecordedContext | null
  /** The deferred tools' definitions requests were sent from a ToolSearch result on, in order. */
  toolsLoaded: ToolsLoad[]
  /** Where another model than the one before served a request, in order; empty with one model. */
  modelChanges: ModelChange[]
  calibration: UsageCalibration
}

/**
 * The context not in the file that joins the prompts after the first request, each part from the
 * prompt it was derived at: a subagent's unrecorded context, deferred tools' definitions, and what
 * each change of model made of it (more or fewer).
 */
export const lateContext = (
  comparison: Pick<UsageComparison, 'unrecorded' | 'toolsLoaded' | 'modelChanges'>,
): { tokens: number; prompt: number }[] => [
  ...(comparison.unrecorded ? [comparison.unrecorded] : []),
  ...comparison.toolsLoaded,
  ...comparison.modelChanges,
]

/**
 * A model change in words, as a part of where the context not in the file comes from, whose total
 * already holds it: "2,020 of them from request 3 (line 7) on, the first claude-opus-4-8 served
 * after another model", or "2,020 fewer from request 3 …" where the change took some away.
 */
export const modelChangeWords = (change: ModelChange): string =>
  `${formatNumber(Math.abs(change.tokens))} ${change.tokens < 0 ? 'fewer' : 'of them'} from request ${formatNumber(change.request)} (${change.at}) on, the first ${change.model} served after another model`

/**
 * What the growth figures say where models changed: the growth holds what each change made of
 * the context not in the file (ModelChange), as it holds a deferred tool's definitions.
 */
export const GROWTH_AFTER_MODEL_CHANGE_WORDS =
  'the context not in the file measured again where another model served included (each model is sent a system prompt and tools of its own)'

/** The tokens of a list of parts of the context not in the file. */
export const tokensOf = (parts: readonly { tokens: number }[]): number =>
  parts.reduce((sum, part) => sum + part.tokens, 0)

/**
 * The context not in the file that a reported request's prompt held: the first request's, plus
 * what joined the prompts by that request (lateContext).
 */
export const hiddenTokensOf = (
  comparison: Pick<UsageComparison, 'hiddenTokens' | 'unrecorded' | 'toolsLoaded' | 'modelChanges'>,
  row: Pick<UsageRow, 'unrecorded' | 'toolsLoaded' | 'modelChanged'>,
): number =>
  comparison.hiddenTokens -
  tokensOf(lateContext(comparison)) +
  (row.unrecorded ?? 0) +
  (row.toolsLoaded ?? 0) +
  (row.modelChanged ?? 0)

/**
 * Said beside the growth of a file a Claude Code version wrote without the attachments it sent
 * (ImportedConversation.attachmentsUnrecorded): why the estimate can fall below the reports at a
 * prompt, which the file cannot show.
 */
export const UNRECORDED_ATTACHMENTS_WORDS =
  'Claude Code before 2.1.97 kept most attachments it sent with a prompt out of this file (reminders, CLAUDE.md files, files named with @): a request that carried one grew by more than its messages, and the estimate stays below the reports from there by that much'

/**
 * What the context not in the file is, in words: the system prompt and tool schemas, where the
 * file does not record its system prompt; else what the requests held beyond the messages and the
 * system prompt and tools the file does record.
 */
export const hiddenContextWords = (systemPromptUnrecorded: boolean): string =>
  systemPromptUnrecorded
    ? 'system prompt and tool schemas'
    : 'what the requests held beyond the messages and the instructions the file records'

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
 * `served` prices the requests of models that count otherwise than the one in force (servedModels,
 * servedPricing): each request is estimated as the model that served it counts. `cleared`
 * (clearedCostsOf) prices the tool results a request was sent cleared as they were sent.
 */
export function compareUsage(
  usage: readonly ReportedUsage[],
  costs: readonly number[],
  overhead: number,
  turns: TurnCosts | null = null,
  served: ServedPricing = NO_SERVED_PRICING,
  cleared: ClearedCosts | null = null,
): UsageComparison {
  // A file that reports no usage compares nothing, and needs no estimate of its prompts.
  if (usage.length === 0) {
    return {
      rows: [],
      hiddenTokens: 0,
      hiddenAt: null,
      unrecorded: null,
      toolsLoaded: [],
      modelChanges: [],
      calibration: calibrationOf([], 0),
    }
  }
  const estimate = requestEstimates({ costs, overhead, turns, cleared }, served)
  const estimates = usage.map(estimate)
  const toolsLoaded = toolsLoadedOf(usage, estimates)
  const unrecorded = unrecordedOf(usage, estimates, toolsLoaded)
  const first = usage[0]
  const hidden0 = Math.max(0, first.inputTokens - estimates[0].value)
  const base = { estimated: estimates[0].value, reported: first.inputTokens }
  let model = first.model
  const modelChanges: ModelChange[] = []
  let changed = 0
  const rows = usage.map((u, k): UsageRow => {
    const { value: estimated, pricedAs, cleared: sentCleared, stripped } = estimates[k]
    // The first marked report is the one it is derived from: every marked report holds it.
    const extra = unrecorded && u.unrecorded === true ? unrecorded.tokens : 0
    const loaded = tokensOf(toolsLoaded.filter((load) => load.request <= k + 1))
    if (u.model !== undefined && namesModel(u.model) && u.model !== model) {
      if (model !== undefined && namesModel(model)) {
        // The context not in the file, derived again here: what this request held beyond its
        // estimate, less what the requests before it were taken to hold.
        const held = Math.max(0, u.inputTokens - estimated)
        const tokens = Math.round(held - (hidden0 + extra + loaded + changed))
        modelChanges.push({ model: u.model, tokens, request: k + 1, at: u.at, prompt: u.prompt })
        changed += tokens
      }
      model = u.model
    }
    const reportedGrowth = u.inputTokens - base.reported
    return {
      request: k + 1,
      prompt: u.prompt,
      at: u.at,
      estimated,
      ...(sentCleared > 0 ? { cleared: sentCleared } : {}),
      ...(stripped > 0 ? { stripped } : {}),
      ...(u.apiCleared !== undefined ? { apiCleared: u.apiCleared } : {}),
      ...(extra > 0 ? { unrecorded: extra } : {}),
      ...(loaded > 0 ? { toolsLoaded: loaded } : {}),
      ...(changed !== 0 ? { modelChanged: changed } : {}),
      ...(pricedAs !== undefined ? { pricedAs } : {}),
      ...(u.otherBackend === true ? { otherBackend: true as const } : {}),
      reported: u.inputTokens,
      ratio: u.inputTokens > 0 ? estimated / u.inputTokens : null,
      incrementRatio:
        k > 0 && reportedGrowth !== 0
          ? (estimated + extra + loaded + changed - base.estimated) / reportedGrowth
          : null,
    }
  })
  const hiddenTokens = hidden0 + tokensOf(lateContext({ unrecorded, toolsLoaded, modelChanges }))
  return {
    rows,
    hiddenTokens,
    hiddenAt: first.at,
    unrecorded,
    toolsLoaded,
    modelChanges,
    calibration: calibrationOf(rows, hiddenTokens),
  }
}

/** A report's step from the request before it, less the estimate's: what the estimate missed. */
const missedStep = (
  usage: readonly ReportedUsage[],
  estimates: readonly RequestEstimate[],
  k: number,
): number =>
  usage[k].inputTokens - usage[k - 1].inputTokens - (estimates[k].value - estimates[k - 1].value)

/**
 * The deferred tools' definitions, from each report after the first that is the first sent some
 * (ReportedUsage.toolsLoaded): its missed step, at most DEFERRED_TOOL_MAX_TOKENS a tool; none
 * where that is not positive.
 */
function toolsLoadedOf(
  usage: readonly ReportedUsage[],
  estimates: readonly RequestEstimate[],
): ToolsLoad[] {
  const loads: ToolsLoad[] = []
  for (let k = 1; k < usage.length; k++) {
    const tools = usage[k].toolsLoaded
    if (tools === undefined || tools.length === 0) continue
    const cap = DEFERRED_TOOL_MAX_TOKENS * tools.length
    const tokens = Math.min(cap, Math.round(missedStep(usage, estimates, k)))
    if (tokens > 0) {
      loads.push({ tools, tokens, request: k + 1, at: usage[k].at, prompt: usage[k].prompt })
    }
  }
  return loads
}

/**
 * The context a subagent was sent unrecorded, from the first report that says so after the first
 * request: its missed step, less the deferred tools' definitions derived from the same step; null
 * when that is not positive (the step holds nothing else the estimate missed).
 */
function unrecordedOf(
  usage: readonly ReportedUsage[],
  estimates: readonly RequestEstimate[],
  toolsLoaded: readonly ToolsLoad[],
): UnrecordedContext | null {
  if (usage[0].unrecorded === true) return null
  const k = usage.findIndex((u) => u.unrecorded === true)
  if (k < 1) return null
  const loaded = toolsLoaded.find((load) => load.request === k + 1)?.tokens ?? 0
  const step = missedStep(usage, estimates, k) - loaded
  const tokens = Math.min(UNRECORDED_MAX_TOKENS, Math.round(step))
  return tokens > 0 ? { tokens, request: k + 1, at: usage[k].at, prompt: usage[k].prompt } : null
}

/**
 * A request's estimate, the served model it was priced as when that is not the one in force, and
 * how many tool results it was estimated with cleared.
 */
interface RequestEstimate {
  value: number
  pricedAs?: string
  cleared: number
  stripped: number
}

/**
 * The estimate of a reported request's prompt: under the pricing of the model that served it, if
 * `served` has one, else under the model in force; less what the results it was sent cleared
 * saved (clearedSaving).
 */
export function requestEstimates(
  inForce: RequestPricing,
  served: ServedPricing,
): (
  u: Pick<ReportedUsage, 'prompt' | 'model' | 'cleared' | 'stripped' | 'asText' | 'apiCleared'>,
) => RequestEstimate {
  const estimatesOf = promptEstimatesOnce()
  return (u) => {
    const pricing = servedPricingOf(u, served) ?? inForce
    const saved = clearedSaving(pricing.costs, pricing.cleared, u)
    const value =
      estimatesOf(pricing)[Math.max(0, Math.min(u.prompt, pricing.costs.length))] - saved.tokens
    const sent = { value, cleared: saved.results, stripped: saved.thinking }
    return pricing === inForce ? sent : { ...sent, pricedAs: u.model }
  }
}

/** The pricing of the model that served a request, where it counts otherwise than the one in force. */
export const servedPricingOf = (
  u: Pick<ReportedUsage, 'model'>,
  served: ServedPricing,
): RequestPricing | undefined => (u.model === undefined ? undefined : served.get(u.model))

/** promptEstimates of each pricing it is asked for, made once each. */
export function promptEstimatesOnce(): (pricing: RequestPricing) => Float64Array {
  const made = new Map<RequestPricing, Float64Array>()
  return (p) => {
    let e = made.get(p)
    if (!e) made.set(p, (e = promptEstimates(p.costs, p.overhead, p.turns)))
    return e
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
