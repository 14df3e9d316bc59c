import type { Finding } from '@core'
import { selectDiagnosedFindings } from './diagnosis-selectors'
import { memoSelector } from './memo'
import type { AppState } from './types'

/** What the findings panel shows: the findings, or that the counts they need are not in yet. */
export type FindingsView = { status: 'waiting' } | { status: 'ready'; findings: Finding[] }

const WAITING: FindingsView = { status: 'waiting' }

/**
 * The core's findings for the conversation, the options in force and the pasted summary (as of the
 * last pause in typing): the same call, on the same inputs, as `compaction-inspector diagnose`.
 * It runs in the worker that read the file (see diagnosis-slice.ts); findings wait for every
 * message's count, rather than show figures for another file or a partial total.
 */
export const selectFindings: (s: AppState) => FindingsView = memoSelector(
  (s: AppState) => [selectDiagnosedFindings(s)],
  (findings): FindingsView => (findings === null ? WAITING : { status: 'ready', findings }),
)

// Kept per finding: on a long conversation a finding holds tens of thousands of indexes, and
// every row and panel render asks for its key.
const findingKeys = new WeakMap<Finding, string>()

/**
 * A finding's identity across re-diagnoses: its code and its messages. A finding whose messages
 * change after a change of the controls is another finding, so its highlight goes. The messages
 * are named by their number, first, last and a 32-bit FNV-1a hash of all of them rather than
 * spelt out: joining 40,000 indexes builds a string of 200 KB on the main thread each diagnosis.
 */
export function findingKey(f: Finding): string {
  let key = findingKeys.get(f)
  if (key === undefined) findingKeys.set(f, (key = `${f.code}:${indexesKey(f.indexes)}`))
  return key
}

function indexesKey(indexes: readonly number[]): string {
  const n = indexes.length
  if (n <= 4) return indexes.join(',')
  let hash = 0x811c9dc5
  for (const i of indexes) hash = Math.imul(hash ^ i, 0x01000193)
  return `${n}:${indexes[0]}-${indexes[n - 1]}:${(hash >>> 0).toString(36)}`
}

/** The finding picked in the panel, with the message of it the list shows now. */
export interface ActiveFinding {
  finding: Finding
  step: number
  /** The input index the list scrolls to: finding.indexes[step]. */
  target: number
}

const findingsOf = (s: AppState): readonly Finding[] | null => {
  if (s.activeFinding === null) return null
  const view = selectFindings(s)
  return view.status === 'ready' ? view.findings : null
}

/** The picked finding, if it is still among the findings. */
export const selectActiveFinding: (s: AppState) => ActiveFinding | null = memoSelector(
  (s: AppState) => [findingsOf(s), s.activeFinding],
  (findings, active): ActiveFinding | null => {
    if (findings === null || active === null) return null
    const finding = findings.find((f) => findingKey(f) === active.key)
    if (!finding || finding.indexes.length === 0) return null
    const step = Math.min(active.step, finding.indexes.length - 1)
    return { finding, step, target: finding.indexes[step] }
  },
)

const NONE: ReadonlySet<number> = new Set()

/** The input indexes the list highlights: those of the picked finding. */
export const selectHighlighted: (s: AppState) => ReadonlySet<number> = memoSelector(
  (s: AppState) => [selectActiveFinding(s)],
  (active) => (active === null ? NONE : new Set(active.finding.indexes)),
)

/** Identifiers a pasted summary drops, and the messages that held them. */
export interface DroppedIdentifiers {
  holders: ReadonlySet<number>
  identifiers: ReadonlySet<string>
}

const NOTHING_DROPPED: DroppedIdentifiers = { holders: NONE, identifiers: new Set() }

/** What the summary-drops-identifier finding reports, for marking in the messages' own text. */
export const selectDroppedIdentifiers: (s: AppState) => DroppedIdentifiers = memoSelector(
  (s: AppState) => [s.diagnosedSummary.trim() === '' ? null : selectFindings(s)],
  (view): DroppedIdentifiers => {
    if (view === null || view.status !== 'ready') return NOTHING_DROPPED
    const dropped = view.findings.find((f) => f.code === 'summary-drops-identifier')
    if (!dropped) return NOTHING_DROPPED
    return { holders: new Set(dropped.indexes), identifiers: new Set(dropped.identifiers) }
  },
)
