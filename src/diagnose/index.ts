import { MIN_MESSAGES } from '../types'
import { analyse, finding, type Analysis } from './analysis'
import { boundaryFindings } from './boundary'
import { contentFindings } from './content'
import { hygieneFindings } from './hygiene'
import { instructionFindings } from './instructions'
import { lineageFindings } from './lineage'
import { summaryFindings } from './summary'
import type { DiagnoseInput, Finding, Severity } from './types'
import { verifyFixes } from './verified-fixes'
import { formatNumber } from '../numbers'

export {
  FINDING_CODES,
  type DiagnoseInput,
  type Finding,
  type FindingCode,
  type Severity,
} from './types'
export {
  extractIdentifiers,
  findIdentifiers,
  type IdentifierKind,
  type IdentifierMatch,
} from './identifiers'

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 }

/**
 * Everything worth knowing about what compacting this conversation does, and about a pasted summary:
 * errors first, then warnings, then info; within each, by first message index. Throws OptionError.
 */
export function diagnose(input: DiagnoseInput): Finding[] {
  const a = analyse(input)
  return verifyFixes(a, findingsOf(a), diagnoseOnce)
}

/** One diagnosis, its KeepRecentCount suggestions as each rule gives them, not yet checked. */
const diagnoseOnce = (input: DiagnoseInput): Finding[] => findingsOf(analyse(input))

function findingsOf(a: Analysis): Finding[] {
  const findings = [
    ...declined(a),
    ...instructionFindings(a),
    ...contentFindings(a),
    ...boundaryFindings(a),
    ...summaryFindings(a),
    ...lineageFindings(a),
    ...hygieneFindings(a),
  ]
  return findings.sort(
    (x, y) =>
      SEVERITY_RANK[x.severity] - SEVERITY_RANK[y.severity] ||
      (x.indexes[0] ?? -1) - (y.indexes[0] ?? -1) ||
      x.code.localeCompare(y.code),
  )
}

function declined(a: Analysis): Finding[] {
  const { reason, estimatedTokens, threshold } = a.check
  if (reason === null) return []
  const unchecked = a.summaryText === undefined ? 'the split is' : 'the split and the summary are'
  const messages = {
    'below-threshold': `The conversation costs ${formatNumber(estimatedTokens)} tokens, below the threshold of ${formatNumber(threshold)}, so it is not compacted yet and ${unchecked} not checked; lower MaxTokens or TriggerRatio to see what a compaction would do.`,
    'too-few-messages': `The conversation has ${formatNumber(a.messages.length)} messages, fewer than ${MIN_MESSAGES}, so it is never compacted and ${unchecked} not checked; nothing to do.`,
    'nothing-to-summarize': `The head holds only instructions, which are never summarised, so there is nothing to compact and ${unchecked} not checked; lower KeepRecentCount to give compaction a head.`,
  }
  return [finding(a, 'compaction-declined', 'info', [], messages[reason], { reason, threshold })]
}

/** How many findings there are of each severity. */
export function summarizeFindings(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 }
  for (const f of findings) counts[f.severity]++
  return counts
}

/** The CLI's exit code for a diagnosis: 1 when any finding is an error, else 0. */
export function exitCodeFor(findings: readonly Finding[]): 0 | 1 {
  return findings.some((f) => f.severity === 'error') ? 1 : 0
}
