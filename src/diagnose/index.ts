import { analyse, type Analysis } from './analysis'
import { boundaryFindings } from './boundary'
import { declinedFindings } from './declined'
import { contentFindings } from './content'
import { hygieneFindings } from './hygiene'
import { instructionFindings } from './instructions'
import { lineageFindings } from './lineage'
import { summaryFindings } from './summary'
import type { DiagnoseInput, Finding, Severity } from './types'
import { SEVERITIES, severityRank } from './findings'
import { verifyFixes } from './verified-fixes'

export type { DiagnoseInput } from './types'
export {
  FINDINGS,
  FINDING_CODES,
  SEVERITIES,
  countOf,
  descriptorOf,
  fixOf,
  valuesOf,
  WHERE_IDS_READ,
  whereOf,
  type DetailField,
  type Finding,
  type FindingCode,
  type FindingDescriptor,
  type FindingWith,
  type Severity,
} from './findings'
export {
  extractIdentifiers,
  findIdentifiers,
  type IdentifierKind,
  type IdentifierMatch,
} from './identifiers'

/**
 * Everything worth knowing about what compacting this conversation does, and about a pasted summary:
 * errors first, then warnings, then info; within each, by first message index. Throws OptionError.
 */
export function diagnose(input: DiagnoseInput): Finding[] {
  const a = analyse(input)
  return verifyFixes(a, findingsOf(a), diagnoseOnce)
}

/**
 * One diagnosis, its KeepRecentCount suggestions as each rule gives them, not yet checked: what a
 * suggested KeepRecentCount is checked against. The input's own problems (hygiene) are the same
 * under every KeepRecentCount, so they can neither go away nor be new there, and are not looked for
 * again: on a long conversation they are a third of each check.
 */
const diagnoseOnce = (input: DiagnoseInput): Finding[] => findingsOf(analyse(input), false)

function findingsOf(a: Analysis, withHygiene = true): Finding[] {
  const findings = [
    ...declinedFindings(a),
    ...instructionFindings(a),
    ...contentFindings(a),
    ...boundaryFindings(a),
    ...summaryFindings(a),
    ...lineageFindings(a),
    ...(withHygiene ? hygieneFindings(a) : []),
  ]
  return findings.sort(
    (x, y) =>
      severityRank(x.severity) - severityRank(y.severity) ||
      (x.indexes[0] ?? -1) - (y.indexes[0] ?? -1) ||
      x.code.localeCompare(y.code),
  )
}

/** How many findings there are of each severity. */
export function summarizeFindings(findings: readonly Finding[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s.severity, 0])) as Record<
    Severity,
    number
  >
  for (const f of findings) counts[f.severity]++
  return counts
}

/** The CLI's exit code for a diagnosis: 1 when any finding is an error, else 0. */
export function exitCodeFor(findings: readonly Finding[]): 0 | 1 {
  return findings.some((f) => f.severity === 'error') ? 1 : 0
}
