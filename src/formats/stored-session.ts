import { formatNumber } from '../numbers'
import type { StoredSession } from './types'

/**
 * A database's session as the CLI and the session picker name it: `"Fix the parser", 12 messages,
 * updated 2026-12-06 09:14 UTC`, and `, subagent of ses_…` for a subagent's.
 */
export function describeSession(s: StoredSession): string {
  const n = s.messages
  const updated = new Date(s.updated).toISOString().slice(0, 16).replace('T', ' ')
  const parent = s.parent !== undefined ? `, subagent of ${s.parent}` : ''
  return `"${s.title}", ${formatNumber(n)} message${n === 1 ? '' : 's'}, updated ${updated} UTC${parent}`
}
