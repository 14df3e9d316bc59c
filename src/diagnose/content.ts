import { formatNumber } from '../numbers'
import {
  finding,
  identifiersOf,
  listOf,
  plural,
  theMessagesAt,
  tokensAt,
  type Analysis,
} from './analysis'
import type { Finding } from './types'

/**
 * Content summarised away that the summariser never sees: reasoning, activity and unknown types in
 * messagesToSummarize. Gives the count, the tokens and the identifiers that content held.
 */
export function contentFindings(a: Analysis): Finding[] {
  // The plan's rule: summarised, and not a type the summary prompt includes.
  const indexes = a.plan.layout.unprompted
  if (indexes.length === 0) return []

  const byType: Record<string, number> = {}
  const identifiers = new Set<string>()
  for (const i of indexes) {
    const m = a.messages[i]
    byType[m.type] = (byType[m.type] ?? 0) + 1
    for (const value of identifiersOf(m)) identifiers.add(value)
  }
  const kinds = Object.entries(byType)
    .map(([type, n]) => `${n} ${type}`)
    .join(', ')
  const one = indexes.length === 1
  const held =
    identifiers.size > 0
      ? `, and the ${plural(identifiers.size, 'identifier')} ${one ? 'it' : 'they'} held (${listOf([...identifiers], 3)}) ${identifiers.size === 1 ? 'goes' : 'go'} with ${one ? 'it' : 'them'}`
      : ''
  const tokens = tokensAt(a, indexes)
  return [
    finding(
      a,
      'unprompted-content',
      'warning',
      indexes,
      `${theMessagesAt(indexes)} (${kinds}, ${formatNumber(tokens)} tokens) ${one ? 'is' : 'are'} summarised away but never ${one ? 'reaches' : 'reach'} the summary prompt${held}; keep what matters in the tail or restate it in a user, bot or context message.`,
      { count: indexes.length, byType, identifiers: [...identifiers] },
    ),
  ]
}
