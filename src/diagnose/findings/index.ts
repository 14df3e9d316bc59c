import { noInstructions } from './no-instructions'
import { instructionsNotFirst } from './instructions-not-first'
import { instructionsHoisted } from './instructions-hoisted'
import { instructionsInTail } from './instructions-in-tail'
import { unpromptedContent } from './unprompted-content'
import { toolExchangeCut } from './tool-exchange-cut'
import { tailStartsMidTurn } from './tail-starts-mid-turn'
import { summaryDropsIdentifier } from './summary-drops-identifier'
import { summaryLongerThanReplaced } from './summary-longer-than-replaced'
import { stillOverThreshold } from './still-over-threshold'
import { earlierSummary } from './earlier-summary'
import { summaryResummarized } from './summary-resummarized'
import { summaryBeforeInstructions } from './summary-before-instructions'
import { duplicateInstructions } from './duplicate-instructions'
import { specialTokenText } from './special-token-text'
import { unknownModel } from './unknown-model'
import { unknownType } from './unknown-type'
import { duplicateId } from './duplicate-id'
import { compactionDeclined } from './compaction-declined'
import type { FindingDescriptor, FindingOf, ValuesKey } from './descriptor'
import type { Severity } from './severities'

export { SEVERITIES, countOf, severityRank, type Severity } from './severities'
export type {
  DetailField,
  FindingBase,
  FindingDescriptor,
  FindingFamily,
  ValuesKey,
} from './descriptor'
export { WHERE_IDS_READ, whereOf } from './where'

/**
 * Every finding code, in a stable order (FINDING_CODES). A new finding is one file here, added to
 * this list, and the family that emits it; docs/diagnostics.md explains it under its anchor.
 */
export const FINDINGS = [
  noInstructions,
  instructionsNotFirst,
  instructionsHoisted,
  instructionsInTail,
  unpromptedContent,
  toolExchangeCut,
  tailStartsMidTurn,
  summaryDropsIdentifier,
  summaryLongerThanReplaced,
  stillOverThreshold,
  earlierSummary,
  summaryResummarized,
  summaryBeforeInstructions,
  duplicateInstructions,
  specialTokenText,
  unknownModel,
  unknownType,
  duplicateId,
  compactionDeclined,
] as const

/**
 * One thing diagnose noticed: a union discriminated by `code`, each code with its own fields (see
 * its file). The CLI's JSON and the app key on the code strings.
 */
export type Finding = FindingOf<(typeof FINDINGS)[number]>

/** One of FINDING_CODES. */
export type FindingCode = Finding['code']

/** The finding of one code. */
export type FindingWith<C extends FindingCode> = Extract<Finding, { code: C }>

/** Every finding code diagnose emits, in the order of FINDINGS. */
export const FINDING_CODES: readonly FindingCode[] = FINDINGS.map((d) => d.code)

const BY_CODE = new Map<string, FindingDescriptor<FindingCode, Severity>>(
  FINDINGS.map((d) => [d.code, d]),
)

/** The descriptor of a code. */
export function descriptorOf(code: FindingCode): FindingDescriptor<FindingCode, Severity> {
  return BY_CODE.get(code)!
}

/** A finding's list of values for a detail field, if it has one. */
export function valuesOf(f: Finding, key: ValuesKey): readonly string[] | undefined {
  return (f as Partial<Record<ValuesKey, string[]>>)[key]
}

/** The KeepRecentCount a finding suggests to mend it (checked, once diagnose returns it), if any. */
export const fixOf = (f: Finding): number | undefined =>
  'suggestedKeepRecentCount' in f ? f.suggestedKeepRecentCount : undefined
