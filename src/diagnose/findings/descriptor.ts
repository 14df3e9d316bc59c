import type { Severity } from './severities'

/** What every finding holds, whatever its code. */
export interface FindingBase {
  /** Input indexes of the messages concerned, ascending; empty for the conversation as a whole. */
  indexes: number[]
  /** The non-empty ids of those messages, each once, in index order. */
  ids: string[]
  /** The sum of those messages' counts. */
  tokens: number
  /** One sentence: what happened and what to do about it. */
  message: string
}

/** The family function that emits a code: `src/diagnose/<family>.ts`. */
export type FindingFamily =
  'declined' | 'instructions' | 'content' | 'boundary' | 'summary' | 'lineage' | 'hygiene'

/** The detail fields that are lists of values worth copying, one a line. */
export type ValuesKey = 'identifiers' | 'specialTokens'

/**
 * What a finding shows beyond its line and its sentence, in order. The CLI prints the lists and
 * the fix (`fix: --keep-recent N`); the app shows all of them, the fix as a button. Where
 * instructions land is in the sentence and in --json, so the CLI prints no line for it.
 */
export type DetailField =
  /** A list of values, under its label ("dropped identifiers"); `open` when the app unfolds it. */
  | { kind: 'values'; key: ValuesKey; label: string; open: boolean; name: string }
  /** landsAt and summaryAt: where the messages and the summary land in the compacted conversation. */
  | { kind: 'lands-at' }
  /** suggestedKeepRecentCount: a KeepRecentCount checked to mend the finding. */
  | { kind: 'keep-recent' }

/**
 * Everything about one finding code but its rule, which lives in its family. `S` is the severities
 * it can have; `D` the fields its findings add to FindingBase (a type only: `shape` is never set).
 */
export interface FindingDescriptor<
  C extends string = string,
  S extends Severity = Severity,
  D = unknown,
> {
  code: C
  /** Every severity the code is emitted with; its family decides which applies. */
  severities: readonly S[]
  family: FindingFamily
  /** Its heading's anchor in docs/diagnostics.md, the reference for what it means and what to do. */
  anchor: string
  details: readonly DetailField[]
  readonly shape?: D
}

/** A descriptor whose findings add the fields `D`: `defineFinding<{ id: string }>()({ … })`. */
export const defineFinding =
  <D extends object = Record<never, never>>() =>
  <const C extends string, const S extends Severity>(
    descriptor: Omit<FindingDescriptor<C, S, D>, 'shape'>,
  ): FindingDescriptor<C, S, D> =>
    descriptor

/** The finding a descriptor describes: its code and severity, the common fields, and its own. */
export type FindingOf<T> =
  T extends FindingDescriptor<infer C, infer S, infer D>
    ? Flat<{ code: C; severity: S } & FindingBase & D>
    : never

type Flat<T> = { [K in keyof T]: T[K] } & {}
