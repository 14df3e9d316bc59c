import { formatNumber } from '../numbers'
import { MESSAGE_TYPES } from '../types'
import { at, finding, listOf, theMessagesAt, type Analysis } from './analysis'
import type { Finding } from './types'

/**
 * Problems in the input itself, whatever the split: special-token strings in text, an unknown
 * model, unknown message types, and ids used more than once.
 */
export function hygieneFindings(a: Analysis): Finding[] {
  return [...specialTokens(a), ...unknownModel(a), ...unknownTypes(a), ...duplicateIds(a)]
}

// The shape every tiktoken special token has: <|endoftext|>, <|im_start|>, <|fim_prefix|>, …
const SPECIAL_TOKEN = /<\|[A-Za-z][A-Za-z0-9_]{0,63}\|>/g

function specialTokens(a: Analysis): Finding[] {
  const indexes: number[] = []
  const tokens = new Set<string>()
  a.messages.forEach((m, i) => {
    let found = false
    for (const text of m.payload ? [m.text, m.payload] : [m.text]) {
      if (!text.includes('<|')) continue
      for (const [token] of text.matchAll(SPECIAL_TOKEN)) {
        tokens.add(token)
        found = true
      }
    }
    if (found) indexes.push(i)
  })
  if (indexes.length === 0) return []
  const specialTokens = [...tokens]
  return [
    finding(
      a,
      'special-token-text',
      'warning',
      indexes,
      `${theMessagesAt(indexes)} ${indexes.length === 1 ? 'holds' : 'hold'} special-token strings (${listOf(specialTokens, 3)}), counted here as ordinary text; a serving stack that does not escape them may read them as control tokens, so escape or remove them.`,
      { specialTokens },
    ),
  ]
}

function unknownModel(a: Analysis): Finding[] {
  const { model, encoding, warning } = a.counting
  if (warning === undefined) return []
  return [
    finding(
      a,
      'unknown-model',
      'warning',
      [],
      model === ''
        ? `No model is named: ${warning}, with ${encoding}, so every count may be off; name the model the conversation was sent to, or an encoding, to count with its own vocabulary.`
        : `The model "${model}" is unknown: ${warning}, with ${encoding}, so every count may be off; name a known model, or an encoding, to count with its own vocabulary.`,
      { model, encoding },
    ),
  ]
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(MESSAGE_TYPES)

function unknownTypes(a: Analysis): Finding[] {
  const byType = groupIndexes(a, (m) => (KNOWN_TYPES.has(m.type) ? undefined : m.type))
  return [...byType].map(([type, indexes]) =>
    finding(
      a,
      'unknown-type',
      'warning',
      indexes,
      `${theMessagesAt(indexes)} ${indexes.length === 1 ? 'has' : 'have'} the unknown type "${type}", which compaction never hoists and never shows the summariser, so in the head it is lost; use one of ${MESSAGE_TYPES.join(', ')}.`,
      { type },
    ),
  )
}

function duplicateIds(a: Analysis): Finding[] {
  // Each id's first index, and a list only for an id seen again: on a long conversation nearly
  // every id is used once, and a list for each is as many lists as messages, on every diagnosis.
  const first = new Map<string, number>()
  const repeated = new Map<string, number[]>()
  a.messages.forEach((m, i) => {
    if (!m.id) return
    const firstAt = first.get(m.id)
    if (firstAt === undefined) first.set(m.id, i)
    else {
      const indexes = repeated.get(m.id)
      if (indexes) indexes.push(i)
      else repeated.set(m.id, [firstAt, i])
    }
  })
  const found: Finding[] = []
  // In order of each id's first use, as the findings have always been.
  const byFirst = [...repeated].sort((x, y) => x[1][0] - y[1][0])
  for (const [id, indexes] of byFirst) {
    found.push(
      finding(
        a,
        'duplicate-id',
        'warning',
        indexes,
        `The id "${id}" is on ${formatNumber(indexes.length)} messages (${at(indexes)}), so filtering history by a summary's summarizedIds removes the wrong ones; give each message its own id.`,
        { id },
      ),
    )
  }
  return found
}

/** Input indexes grouped by a key, in order of first appearance; messages keyed undefined are left out. */
function groupIndexes(
  a: Analysis,
  keyOf: (m: Analysis['messages'][number]) => string | undefined,
): Map<string, number[]> {
  const groups = new Map<string, number[]>()
  a.messages.forEach((m, i) => {
    const key = keyOf(m)
    if (key === undefined) return
    const indexes = groups.get(key)
    if (indexes) indexes.push(i)
    else groups.set(key, [i])
  })
  return groups
}
