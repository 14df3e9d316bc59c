import { formatNumber } from '../numbers'
import type { Analysis } from './analysis'
import { fixOf } from './findings'
import type { DiagnoseInput, Finding } from './types'

/** One diagnosis, without checking its suggested fixes (so checking one never checks again). */
type Diagnosis = (input: DiagnoseInput) => Finding[]

/** At most this many KeepRecentCount values are tried for one finding, nearest first. */
const MAX_TRIES = 12

/**
 * Keeps only the KeepRecentCount suggestions that work. A boundary finding suggests a value from
 * its own rule (keep both halves of the exchange, start on the user turn), and on a real session
 * that value can make things worse: a long tail goes over the threshold, or a tail starts on an
 * orphan tool result. So each suggestion is applied and the conversation diagnosed again; it is
 * offered only when its finding is gone, compaction still fires, and no error or warning appears
 * that was not there before. When it fails, the starts of nearby user turns are tried, nearest
 * first; when none works, the finding says so instead of suggesting anything.
 */
export function verifyFixes(a: Analysis, findings: Finding[], run: Diagnosis): Finding[] {
  if (!findings.some((f) => fixOf(f) !== undefined)) return findings
  const known = new Set(findings.filter(isProblem).map(problemKey))
  const outcomes = new Map<number, Finding[]>()
  const outcome = (keepRecentCount: number) => {
    let found = outcomes.get(keepRecentCount)
    if (!found) {
      const { messages, options, counts, summaryText, systemPromptUnrecorded } = a
      const input = { messages, counts, summaryText, systemPromptUnrecorded }
      found = run({ ...input, options: { ...options, keepRecentCount } })
      outcomes.set(keepRecentCount, found)
    }
    return found
  }
  const works = (f: Finding, keepRecentCount: number) => {
    const after = outcome(keepRecentCount)
    return (
      !after.some((g) => sameProblem(f, g)) &&
      !after.some((g) => g.code === 'compaction-declined') &&
      after.every((g) => !isProblem(g) || known.has(problemKey(g)))
    )
  }
  return findings.map((f): Finding => {
    if (!('suggestedKeepRecentCount' in f) || f.suggestedKeepRecentCount === undefined) return f
    const fix = candidates(a, f.suggestedKeepRecentCount)
      .slice(0, MAX_TRIES)
      .find((k) => works(f, k))
    const rest = { ...f }
    delete rest.suggestedKeepRecentCount
    if (fix === undefined) {
      return {
        ...rest,
        message: `${sentence(f.message)}; no KeepRecentCount mends this without adding an error or warning, so mend the conversation itself or change MaxTokens.`,
      }
    }
    return {
      ...rest,
      suggestedKeepRecentCount: fix,
      message: `${sentence(f.message)}; set KeepRecentCount to ${formatNumber(fix)}, checked: it mends this and adds no other error or warning.`,
    }
  })
}

/**
 * The values to try: the finding's own suggestion, then every KeepRecentCount that starts the tail
 * on a user message, nearest to the current tail's start first.
 */
function candidates(a: Analysis, suggested: number): number[] {
  const { messages } = a
  const n = messages.length
  // Where the tail would start under the options, whether or not the check compacts.
  const tailStart = a.plan.headLength
  const starts: number[] = []
  for (let i = 1; i < n; i++) if (messages[i].type === 'user') starts.push(i)
  starts.sort((x, y) => Math.abs(x - tailStart) - Math.abs(y - tailStart) || x - y)
  const values = [suggested, ...starts.map((i) => n - i)]
  return [...new Set(values)].filter((k) => k >= 1 && k < n)
}

const isProblem = (f: Finding) => f.severity !== 'info'

/** What makes two findings the same problem: the code, and the call id when there is one. */
const problemKey = (f: Finding) => `${f.code} ${('callId' in f && f.callId) || ''}`

const sameProblem = (f: Finding, g: Finding) => problemKey(f) === problemKey(g)

/** A finding's sentence without its full stop, to go on with a clause. */
const sentence = (message: string) => message.replace(/\.$/, '')
