import { listOf } from '../list-words'
import { formatNumber, plural } from '../numbers'
import { describeCounting, type CountingMethod } from '../pricing/families'
import { planCompaction, type CompactionPlan } from '../plan'
import type { Check, Message, Options } from '../types'
import { extractIdentifiers } from './identifiers'
import { callIdsOf } from './tool-calls'
import type { FindingBase } from './findings'
import type { DiagnoseInput, FindingCode, FindingWith } from './types'

/**
 * Everything the finding families share, worked out once: the plan (the check, and the split as
 * input indexes), so no family re-counts a message or re-derives the split.
 */
export interface Analysis {
  messages: readonly Message[]
  counts: readonly number[]
  options: Options
  /** How the counts were made: the model's family, vocabulary and method. */
  counting: CountingMethod
  /** The compaction, planned once for the whole diagnosis. */
  plan: CompactionPlan
  check: Check
  /** Input indexes summarised away, in order; empty when the check declines. */
  summarized: readonly number[]
  /** Input indexes of instructions moved from the head to the front; empty when it declines. */
  hoisted: readonly number[]
  /** Where the kept tail starts in the input; messages.length when the check declines. */
  tailStart: number
  /** The pasted summary, or undefined when none (or a blank one) was given. */
  summaryText?: string
  /** Input indexes of earlier summaries (meta.compacted), in order. */
  earlierSummaries: number[]
  /** The first instructions message's index, or -1. */
  firstInstructions: number
  /** The file's engine does not record its system prompt (DiagnoseInput). */
  systemPromptUnrecorded: boolean
}

/** Plans the compaction and lays out the split by index. Throws OptionError on bad options. */
export function analyse(input: DiagnoseInput): Analysis {
  const { messages, options } = input
  const plan = planCompaction(messages, options, input.counts)
  const { layout } = plan

  const earlierSummaries: number[] = []
  let firstInstructions = -1
  for (let i = 0; i < messages.length; i++) {
    if (messages[i].meta?.compacted === true) earlierSummaries.push(i)
    if (firstInstructions === -1 && messages[i].type === 'instructions') firstInstructions = i
  }

  const summaryText = input.summaryText?.trim() ? input.summaryText : undefined
  return {
    messages,
    counts: plan.counts,
    options,
    counting: describeCounting(plan.spec.model, plan.spec.wire),
    plan,
    check: plan.check,
    summarized: layout.summarized,
    hoisted: layout.hoisted,
    tailStart: plan.tailStart,
    summaryText,
    earlierSummaries,
    firstInstructions,
    systemPromptUnrecorded: input.systemPromptUnrecorded === true,
  }
}

/** The fields a code's findings add, as finding() takes them: optional when all of them are. */
type DetailArgs<C extends FindingCode> =
  Record<never, never> extends DetailOf<C> ? [detail?: DetailOf<C>] : [detail: DetailOf<C>]
type DetailOf<C extends FindingCode> = Omit<FindingWith<C>, keyof FindingBase | 'code' | 'severity'>

/**
 * Builds a finding of one code, with a severity and the fields that code has (see its file in
 * findings/), filling in the ids and the tokens of the messages it concerns.
 */
export function finding<C extends FindingCode>(
  a: Analysis,
  code: C,
  severity: FindingWith<C>['severity'],
  indexes: readonly number[],
  message: string,
  ...[detail]: DetailArgs<C>
): FindingWith<C> {
  const ids: string[] = []
  const seen = new Set<string>()
  let tokens = 0
  for (const i of indexes) {
    tokens += a.counts[i]
    const id = a.messages[i].id
    if (id && !seen.has(id)) {
      seen.add(id)
      ids.push(id)
    }
  }
  // A finding owns its list: the plan's index lists are shared and read-only.
  const own = indexes.slice()
  return { code, severity, indexes: own, ids, tokens, message, ...detail } as FindingWith<C>
}

/** The sum of the counts of the messages at `indexes`: the `tokens` a finding about them has. */
export function tokensAt(a: Analysis, indexes: readonly number[]): number {
  let tokens = 0
  for (const i of indexes) tokens += a.counts[i]
  return tokens
}

export { listOf }

export { plural }

/** "index 3", "indexes 3, 4 and 9": how a sentence names the messages it is about. */
export function at(indexes: readonly number[]): string {
  return `${indexes.length === 1 ? 'index' : 'indexes'} ${listOf(indexes)}`
}

/** "a bot", "an activity". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`
}

/**
 * Memoises a function of a message's text and payload. The app re-diagnoses on every change of
 * the controls, so what depends on content alone is worked out once per message. Keyed weakly by
 * the message and checked against its text and payload, so a message edited in place is read again.
 */
function perMessage<T>(compute: (m: Message) => T): (m: Message) => T {
  const cache = new WeakMap<Message, { text: string; payload?: string; value: T }>()
  return (m) => {
    const hit = cache.get(m)
    if (hit && hit.text === m.text && hit.payload === m.payload) return hit.value
    const value = compute(m)
    cache.set(m, { text: m.text, payload: m.payload, value })
    return value
  }
}

/** The distinct identifiers in a message's text and payload, in order of first appearance. */
export const identifiersOf = perMessage((m) =>
  m.payload
    ? [...new Set([...extractIdentifiers(m.text), ...extractIdentifiers(m.payload)])]
    : extractIdentifiers(m.text),
)

/** The tool-call ids a message's payload carries. */
export const callIdsOfMessage = perMessage((m) => callIdsOf(m.payload))

/** "The message at index 4", "The 2 messages at indexes 2, 3": a sentence's subject. */
export function theMessagesAt(indexes: readonly number[]): string {
  return indexes.length === 1
    ? `The message at ${at(indexes)}`
    : `The ${formatNumber(indexes.length)} messages at ${at(indexes)}`
}
