import { formatNumber } from '../numbers'
import type { UsageRow } from './compare'

/**
 * What the usage views say of requests a backend other than Anthropic's answered under a Claude
 * model's name (UsageRow.otherBackend), as one sentence that starts with a count; empty when none
 * was. The CLI and the app print the same words.
 */
export function otherBackendNote(rows: readonly Pick<UsageRow, 'otherBackend'>[]): string {
  const count = rows.filter((r) => r.otherBackend === true).length
  if (count === 0) return ''
  return (
    `${formatNumber(count)} of the ${formatNumber(rows.length)} requests were answered by another ` +
    'backend under a Claude model’s name (their replies’ ids are not of Anthropic’s form): their ' +
    'reported sizes are that backend’s counts, which the Claude calibration does not describe'
  )
}
