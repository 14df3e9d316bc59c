import { formatNumber } from '../numbers'
import { textMessageCost } from '../pricing/cost'
import { finding, identifiersOf, listOf, plural, tokensAt, type Analysis } from './analysis'
import type { Finding } from './types'

/**
 * What the compacted conversation will be: a pasted summary that drops identifiers or outweighs
 * what it replaces, and a result still at or above the threshold.
 */
export function summaryFindings(a: Analysis): Finding[] {
  if (!a.check.shouldCompact) return []
  const summaryTokens =
    a.summaryText === undefined ? undefined : textMessageCost(a.plan.spec, a.summaryText)
  return [
    ...droppedIdentifiers(a),
    ...longerThanReplaced(a, summaryTokens),
    ...overThreshold(a, summaryTokens),
  ]
}

function droppedIdentifiers(a: Analysis): Finding[] {
  const summary = a.summaryText
  if (summary === undefined) return []
  // Each distinct identifier is looked up in the summary once, however often it recurs.
  const inSummary = substringTest(summary)
  const verdict = new Map<string, boolean>()
  const dropped: string[] = []
  const holders: number[] = []
  for (const i of a.summarized) {
    let holds = false
    for (const value of identifiersOf(a.messages[i])) {
      let kept = verdict.get(value)
      if (kept === undefined) {
        kept = inSummary(value)
        verdict.set(value, kept)
        if (!kept) dropped.push(value)
      }
      if (!kept) holds = true
    }
    if (holds) holders.push(i)
  }
  if (dropped.length === 0) return []
  return [
    finding(
      a,
      'summary-drops-identifier',
      'warning',
      holders,
      `The pasted summary drops ${plural(dropped.length, 'identifier')} that the summarised messages held (${listOf(dropped, 3)}); copy each one verbatim into the summary, or every later reference to it breaks.`,
      { identifiers: dropped },
    ),
  ]
}

const GRAM = 6

/**
 * A fast `text.includes(needle)` for many needles: an index of where each 6-character run of the
 * text starts, so a needle is compared only where its first six characters occur.
 */
function substringTest(text: string): (needle: string) => boolean {
  const starts = new Map<string, number[]>()
  for (let i = 0; i + GRAM <= text.length; i++) {
    const gram = text.slice(i, i + GRAM)
    const list = starts.get(gram)
    if (list) list.push(i)
    else starts.set(gram, [i])
  }
  return (needle) => {
    if (needle.length < GRAM) return text.includes(needle)
    const list = starts.get(needle.slice(0, GRAM))
    return list !== undefined && list.some((i) => text.startsWith(needle, i))
  }
}

function longerThanReplaced(a: Analysis, summaryTokens: number | undefined): Finding[] {
  if (summaryTokens === undefined) return []
  const replacedTokens = tokensAt(a, a.summarized)
  if (summaryTokens <= replacedTokens) return []
  return [
    finding(
      a,
      'summary-longer-than-replaced',
      'warning',
      a.summarized,
      `The pasted summary costs ${formatNumber(summaryTokens)} tokens, more than the ${formatNumber(replacedTokens)} tokens of the ${plural(a.summarized.length, 'message')} it replaces, so compacting makes the conversation longer; shorten the summary.`,
      { summaryTokens, replacedTokens },
    ),
  ]
}

function overThreshold(a: Analysis, summaryTokens: number | undefined): Finding[] {
  const kept = [...a.hoisted]
  for (let i = a.tailStart; i < a.messages.length; i++) kept.push(i)
  const keptTokens = tokensAt(a, kept)
  const appliedTokens = keptTokens + (summaryTokens ?? 0)
  const { threshold } = a.check
  if (appliedTokens < threshold) return []
  // Without a summary the kept messages are a floor: if they alone reach the threshold, no summary helps.
  const message =
    summaryTokens === undefined
      ? `The kept messages alone cost ${formatNumber(keptTokens)} tokens, at or above the threshold of ${formatNumber(threshold)}, so no summary can bring the compacted conversation under it and the next turn compacts again; lower KeepRecentCount.`
      : `The compacted conversation costs ${formatNumber(appliedTokens)} tokens (${formatNumber(keptTokens)} kept plus ${formatNumber(summaryTokens)} of summary), still at or above the threshold of ${formatNumber(threshold)}, so the next turn compacts again; lower KeepRecentCount or shorten the summary.`
  return [
    finding(a, 'still-over-threshold', 'error', kept, message, {
      appliedTokens,
      threshold,
      ...(summaryTokens !== undefined ? { summaryTokens } : {}),
    }),
  ]
}
