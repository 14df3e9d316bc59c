import { formatNumber } from '../numbers'
import { at, finding, listOf, plural, type Analysis } from './analysis'
import type { Finding } from './types'

/**
 * Where the system prompt is, and where compaction puts it: missing or not first in the input,
 * hoisted from the head (and where it lands), left in the tail, or duplicated after a compaction.
 */
export function instructionFindings(a: Analysis): Finding[] {
  return [...placement(a), ...hoisting(a), ...tailInstructions(a), ...duplicates(a)]
}

function placement(a: Analysis): Finding[] {
  const first = a.firstInstructions
  // A conversation with no message has nothing to say about where its system prompt is.
  if (a.messages.length === 0) return []
  if (first === -1) {
    // The engine sends a system prompt its log does not record: nothing is missing, and no
    // compaction of the messages (its own or this package's) can lose what is sent apart from them.
    if (a.systemPromptUnrecorded) {
      return [
        finding(
          a,
          'no-instructions',
          'info',
          [],
          'The conversation has no instructions message because the agent that wrote this file does not record its system prompt in it, so the agent had one, sent apart from the messages, that no compaction of them loses; nothing needs doing, and where the file reports usage, its size is part of the context not in the file.',
        ),
      ]
    }
    // With an earlier summary present, the prompt is not merely absent: a compaction lost it.
    return a.earlierSummaries.length > 0
      ? [
          finding(
            a,
            'no-instructions',
            'error',
            [],
            'The conversation holds an earlier summary but no instructions message, so a previous compaction lost the system prompt; put it back at index 0 with type "instructions" so later compactions hoist it.',
          ),
        ]
      : [
          finding(
            a,
            'no-instructions',
            'warning',
            [],
            'The conversation has no instructions message, so the agent runs without a system prompt; add one at index 0 with type "instructions" if it should have a persona.',
          ),
        ]
  }
  if (first === 0) return []
  return [
    finding(
      a,
      'instructions-not-first',
      'warning',
      [first],
      `The first instructions message is at index ${first}, so the model reads ${plural(first, 'message')} before learning who it is; move it to index 0.`,
    ),
  ]
}

function hoisting(a: Analysis): Finding[] {
  const { hoisted } = a
  if (hoisted.length === 0) return []
  // Hoisted instructions open the compacted conversation, in their order: the k-th lands at k.
  const landsAt = hoisted.map((_, k) => k)
  const stays = hoisted.every((i, k) => i === k)
  const where = stays
    ? `keeps ${hoisted.length === 1 ? 'them at index 0' : `them at indexes ${listOf(landsAt)}`}`
    : `moves them to ${hoisted.length === 1 ? 'index 0' : `indexes ${listOf(landsAt)}`}`
  return [
    finding(
      a,
      'instructions-hoisted',
      'info',
      hoisted,
      `Instructions at ${at(hoisted)} are in the summarised head, so compaction ${where} of the compacted conversation, ahead of the summary at index ${summaryIndex(a)}; nothing to do unless they were meant to expire.`,
      { landsAt, summaryAt: summaryIndex(a) },
    ),
  ]
}

/** Where applySummary puts the summary: the plan's placement. */
const summaryIndex = (a: Analysis): number => a.plan.layout.summaryAt

function tailInstructions(a: Analysis): Finding[] {
  const { messages, tailStart, hoisted } = a
  const indexes: number[] = []
  for (let i = tailStart; i < messages.length; i++) {
    if (messages[i].type === 'instructions') indexes.push(i)
  }
  if (indexes.length === 0) return []
  // Each keeps its place in the tail; those after the summary's slot move down one to make room.
  const summaryAt = summaryIndex(a)
  const landsAt = indexes.map((i) => {
    const keepIndex = hoisted.length + (i - tailStart)
    return keepIndex < summaryAt ? keepIndex : keepIndex + 1
  })
  const after = landsAt.filter((k) => k > summaryAt).length
  const one = indexes.length === 1
  const summary = `the summary at index ${summaryAt}`
  const placed =
    after === indexes.length
      ? `${one ? '' : 'all '}after ${summary}`
      : after === 0
        ? `${one ? '' : 'all '}ahead of ${summary}, because ${one ? 'it opens' : 'they open'} the tail`
        : `${after} of them after ${summary}`
  return [
    finding(
      a,
      'instructions-in-tail',
      'info',
      indexes,
      `Instructions at ${at(indexes)} are in the kept tail, so they are not hoisted and land at ${landsAt.length === 1 ? 'index' : 'indexes'} ${listOf(landsAt)}, ${placed}; that suits a mid-run reminder, but a system prompt belongs at the front.`,
      { landsAt, summaryAt },
    ),
  ]
}

function duplicates(a: Analysis): Finding[] {
  // Only after a compaction: a reminder repeated on purpose mid-run is not a mistake, but a system
  // prompt that appears twice next to a summary was re-added by whoever applied it.
  if (a.earlierSummaries.length === 0) return []
  const byText = new Map<string, number[]>()
  a.messages.forEach((m, i) => {
    if (m.type !== 'instructions') return
    const indexes = byText.get(m.text)
    if (indexes) indexes.push(i)
    else byText.set(m.text, [i])
  })
  const found: Finding[] = []
  for (const indexes of byText.values()) {
    if (indexes.length < 2) continue
    found.push(
      finding(
        a,
        'duplicate-instructions',
        'warning',
        indexes,
        `The same instructions text appears ${formatNumber(indexes.length)} times (indexes ${listOf(indexes)}) in a compacted conversation, so the system prompt was re-added when a summary was applied; keep one copy, at the front.`,
      ),
    )
  }
  return found
}
