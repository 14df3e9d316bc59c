import { countingSpecOf, validateKeepRecentCount, validateOptions } from './options'
import { countEachMessage, requestOverhead, type CountingSpec } from './pricing/cost'
import { reachesPrompt } from './prompt'
import {
  KEEP_RECENT_RATIO,
  MIN_MESSAGES,
  type Check,
  type DeclineReason,
  type Message,
  type Options,
  type Split,
} from './types'

/** Where one input message ends up in a check: condensed, kept verbatim, or moved to the front. */
export type Bucket = 'summarize' | 'keep' | 'hoisted'

/** How many tail messages stay verbatim: keepRecentCount capped at n, else max(1, ⌊n × ratio⌋). */
export function keepCount(n: number, keepRecentCount?: number): number {
  if (keepRecentCount !== undefined) return Math.min(keepRecentCount, n)
  return Math.max(1, Math.floor(n * KEEP_RECENT_RATIO))
}

/** How many messages form the head, the part before the kept tail: n − keepCount(n). */
export function headLength(n: number, keepRecentCount?: number): number {
  return n - keepCount(n, keepRecentCount)
}

/** Instructions in the head are never summarised: they move, in order, to the front. */
const hoists = (message: Message): boolean => message.type === 'instructions'

/**
 * How many instructions open `messages` from `start`: the summary goes after them, so that the
 * system prompt still comes first (applySummary's placement).
 */
export function leadingInstructions(messages: readonly Message[], start = 0): number {
  let i = start
  while (i < messages.length && hoists(messages[i])) i++
  return i - start
}

/**
 * Where each message goes when the first `head` messages are condensed (0 when nothing is):
 * its bucket, the hoisted and summarised indexes, those that never reach the summary prompt, and
 * where the summary lands. Each field is worked out when first read.
 */
export interface Layout {
  /** How many messages, from the front, are summarised or hoisted; 0 when the check declines. */
  readonly head: number
  /** Each input message's bucket, by index. */
  readonly buckets: Bucket[]
  /**
   * One message's bucket, without the list of all of them: a row on screen asks for its own, and
   * the list of 100,000 would be made in the task that shows the decision.
   */
  bucketAt(index: number): Bucket
  /** Input indexes of the instructions moved from the head to the front, in order. */
  readonly hoisted: readonly number[]
  /** Input indexes summarised away, in order. */
  readonly summarized: readonly number[]
  /**
   * Summarised indexes that never reach the summary prompt (reasoning, activity, unknown types):
   * what the summary cannot hold.
   */
  readonly unprompted: readonly number[]
  /** The index of the summary in the compacted conversation (where applySummary puts it). */
  readonly summaryAt: number
}

/** The layout of a split whose head is the first `head` messages; see Layout. */
export function layoutOf(messages: readonly Message[], head: number): Layout {
  let buckets: Bucket[] | undefined
  let hoisted: number[] | undefined
  let summarized: number[] | undefined
  let unprompted: number[] | undefined
  // The indexes of the head that `keep` says, each list made only when it is read: the page reads
  // the hoisted and the unprompted ones at every decision, and there are few of them, where the
  // summarised are nearly the whole head (tens of thousands of entries, built by code that runs
  // once, cold, in the task that shows the decision).
  const headWhere = (keep: (m: Message) => boolean) => {
    const found: number[] = []
    for (let i = 0; i < head; i++) if (keep(messages[i])) found.push(i)
    return found
  }
  return {
    head,
    get buckets() {
      return (buckets ??= messages.map((_, i) => this.bucketAt(i)))
    },
    bucketAt(index: number): Bucket {
      return index >= head ? 'keep' : hoists(messages[index]) ? 'hoisted' : 'summarize'
    },
    get hoisted() {
      return (hoisted ??= headWhere(hoists))
    },
    get summarized() {
      return (summarized ??= headWhere((m) => !hoists(m)))
    },
    get unprompted() {
      return (unprompted ??= headWhere((m) => !hoists(m) && !reachesPrompt(m)))
    },
    get summaryAt() {
      // The kept messages are the hoisted instructions, then the tail: the summary follows the
      // instructions that open them.
      return this.hoisted.length + leadingInstructions(messages, head)
    },
  }
}

/** The head to summarise and the tail to keep, the head's instructions moved to the front. */
function splitAt(messages: readonly Message[], head: number): Split {
  // The head is copied whole and the instructions squeezed out of the copy: on 100,000 messages,
  // growing an array a push at a time cost 0.6 to 0.8 ms of a re-tune's 3 to 4 ms.
  const hoisted: Message[] = []
  const messagesToSummarize = messages.slice(0, head)
  let kept = 0
  for (let i = 0; i < head; i++) {
    const m = messagesToSummarize[i]
    if (hoists(m)) hoisted.push(m)
    else messagesToSummarize[kept++] = m
  }
  messagesToSummarize.length = kept
  const messagesToKeep = hoisted.concat(messages.slice(head))
  return { messagesToSummarize, messagesToKeep }
}

/**
 * Everything about one compaction, computed once: the costs, the decision, where the tail starts
 * and (when read) the split as messages and as indexes. Every surface reads it; the seed's
 * functions (checkCompaction, bucketsOf, …) are views of it.
 */
export interface CompactionPlan {
  readonly messages: readonly Message[]
  readonly options: Options
  /** The model and wire the counts are for. */
  readonly spec: Required<CountingSpec>
  /** Each message's cost, as given or as countEachMessage counts it. */
  readonly counts: readonly number[]
  /** What each request sends beyond its messages (the wire's framing). */
  readonly requestOverhead: number
  /** options.hiddenTokens, 0 when unset. */
  readonly hiddenTokens: number
  /** requestOverhead + hiddenTokens + every message's cost. */
  readonly estimatedTokens: number
  /** options.triggerRatio, TRIGGER_RATIO when unset. */
  readonly triggerRatio: number
  /** maxTokens × triggerRatio, as an IEEE double. */
  readonly threshold: number
  readonly shouldCompact: boolean
  /** Why it declines; null when it compacts. */
  readonly reason: DeclineReason | null
  /** How many messages the tail keeps under the options (keepCount), whatever the decision. */
  readonly keepCount: number
  /** messages.length − keepCount: the head a compaction would condense. */
  readonly headLength: number
  /** Where the kept tail starts: headLength when it compacts, messages.length when it declines. */
  readonly tailStart: number
  /** The messages it condenses or hoists, from the front: headLength when it compacts, else 0. */
  readonly head: number
  /** Buckets, hoisted and summarised indexes, the summary's place; see Layout. */
  readonly layout: Layout
  /** The split as messages: empty head and every message kept when it declines. */
  readonly split: Split
  /** The decision as checkCompaction returns it. */
  readonly check: Check
}

/**
 * Plans one compaction. Pass `counts` (per-message costs for the options' model and wire, as
 * countEachMessage returns) to re-tune without re-counting. Throws OptionError on bad options and
 * RangeError when counts and messages differ in length.
 */
export function planCompaction(
  messages: readonly Message[],
  options: Options,
  counts?: readonly number[],
): CompactionPlan {
  const { triggerRatio, hiddenTokens } = validateOptions(options)
  const spec = countingSpecOf(options)
  const perMessage = counts ?? countEachMessage(spec, messages)
  if (perMessage.length !== messages.length) {
    throw new RangeError(`counts has ${perMessage.length} entries for ${messages.length} messages`)
  }
  // What the requests send beyond the file's messages counts toward the budget just the same.
  const overhead = requestOverhead(spec)
  let estimatedTokens = overhead + hiddenTokens
  for (const c of perMessage) estimatedTokens += c
  const threshold = options.maxTokens * triggerRatio
  const kept = keepCount(messages.length, options.keepRecentCount)
  const head = messages.length - kept
  const reason = declineReason(messages, estimatedTokens, threshold, head)
  const tailStart = reason === null ? head : messages.length

  let layout: Layout | undefined
  let split: Split | undefined
  let check: Check | undefined
  return {
    messages,
    options,
    spec,
    counts: perMessage,
    requestOverhead: overhead,
    hiddenTokens,
    estimatedTokens,
    triggerRatio,
    threshold,
    shouldCompact: reason === null,
    reason,
    keepCount: kept,
    headLength: head,
    tailStart,
    head: reason === null ? head : 0,
    get layout() {
      return (layout ??= layoutOf(messages, reason === null ? head : 0))
    },
    get split() {
      return (split ??=
        reason === null
          ? splitAt(messages, head)
          : { messagesToSummarize: [], messagesToKeep: messages.slice() })
    },
    get check() {
      if (check) return check
      const { messagesToSummarize, messagesToKeep } = this.split
      return (check = {
        shouldCompact: reason === null,
        reason,
        estimatedTokens,
        threshold,
        messagesToSummarize,
        messagesToKeep,
      })
    },
  }
}

/** The decision's rule: below the threshold, too few messages, or a head of instructions only. */
function declineReason(
  messages: readonly Message[],
  estimatedTokens: number,
  threshold: number,
  head: number,
): DeclineReason | null {
  if (estimatedTokens < threshold) return 'below-threshold'
  if (messages.length < MIN_MESSAGES) return 'too-few-messages'
  if (leadingInstructions(messages) >= head) return 'nothing-to-summarize'
  return null
}

/**
 * Divides a conversation into the head to summarise and the tail to keep. Instructions in the head
 * are never summarised: they move, in order, to the front of the keep bucket.
 */
export function splitMessagesForCompaction(
  messages: readonly Message[],
  options: Pick<Options, 'keepRecentCount'>,
): Split {
  validateKeepRecentCount(options.keepRecentCount)
  return splitAt(messages, headLength(messages.length, options.keepRecentCount))
}

/**
 * Each input message's bucket, by index, under a check made with the same keepRecentCount. When
 * the check declines, everything is kept; otherwise instructions in the head are hoisted and the
 * rest of the head is summarised, as splitMessagesForCompaction divides them.
 */
export function bucketsOf(
  messages: readonly Message[],
  check: Pick<Check, 'shouldCompact'>,
  keepRecentCount?: number,
): Bucket[] {
  const head = check.shouldCompact ? headLength(messages.length, keepRecentCount) : 0
  return layoutOf(messages, head).buckets
}
