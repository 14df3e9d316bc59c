import {
  checkCompaction,
  countingKey,
  countSlice,
  diagnose,
  forecastCompaction,
  sliceRequest,
  type Check,
  type CompactionForecast,
  type CountingSpec,
  type Finding,
  type LiveUpdate,
  type Message,
  type Options,
} from '../src/index'

/** Where a followed conversation stands after an update. */
export interface WatchState {
  messages: readonly Message[]
  counts: readonly number[]
  check: Check
  forecast: CompactionForecast
  findings: Finding[]
  /** The findings that were not there before this update. */
  newFindings: Finding[]
  /** How many messages this update counted: those after the unchanged ones. */
  counted: number
  /** Whether this update started a turn (a prompt) the last one did not have. */
  newTurn: boolean
}

/**
 * The counts, check, forecast and findings of a conversation that grows. Each update counts only
 * the messages after its `unchanged` ones (the rest keep their counts), with the same rule as a
 * whole count (count-slices.ts, which knows an earlier turn's thinking); everything else is
 * worked out again from the counts, which costs little next to counting.
 */
export class WatchSession {
  /** Messages counted since the start, all told: a test's measure of nothing counted twice. */
  countedInAll = 0
  private counts: number[] = []
  private key = ''
  private turns = 0
  private seen = new Set<string>()

  constructor(private readonly options: Omit<Options, 'model' | 'wire'>) {}

  update(update: LiveUpdate, spec: Required<CountingSpec>): WatchState {
    const { messages } = update.conversation
    const key = countingKey(spec)
    const keep =
      key === this.key ? Math.min(update.unchanged, this.counts.length, messages.length) : 0
    this.key = key
    const counts = this.counts.slice(0, keep)
    if (messages.length > keep) {
      const slice = countSlice(sliceRequest(spec, messages, { start: keep, end: messages.length }))
      for (const c of slice.counts) counts.push(c)
    }
    this.counts = counts
    const counted = messages.length - keep
    this.countedInAll += counted
    const options: Options = { ...this.options, ...spec }
    const check = checkCompaction(messages, options, counts)
    const forecast = forecastCompaction(messages, counts, check)
    const findings = diagnose({
      messages,
      options,
      counts,
      systemPromptUnrecorded: update.conversation.systemPromptUnrecorded === true,
    })
    const keys = findings.map(findingKey)
    const newFindings = findings.filter((_, i) => !this.seen.has(keys[i]))
    this.seen = new Set(keys)
    const newTurn = forecast.turns > this.turns
    this.turns = forecast.turns
    return { messages, counts, check, forecast, findings, newFindings, counted, newTurn }
  }
}

// A finding is the same one while its code and what it is about are: the call it concerns, the
// message, or for one that groups messages (unprompted content) its code alone. Its sentence
// names token counts, and its indexes move, with every turn.
const findingKey = (f: Finding) =>
  `${f.code}|${('callId' in f ? f.callId : undefined) ?? (f.code === 'unprompted-content' ? '' : f.ids.join(',') || f.indexes.join(','))}`
