import { hiddenTokensOf } from '@core'
import { formatNumber as n } from '@core/numbers'
import { selectUsageByReply, selectUsageComparison, useApp } from '../store'

/**
 * On the reply that reported it: the request's prompt as the provider reported it, beside our
 * estimate of the same prompt (with the hidden context when the check includes it); the tooltip
 * says how it was priced.
 */
export function UsageBadge({ index }: { index: number }) {
  const row = useApp((s) => selectUsageByReply(s).get(index))
  const comparison = useApp((s) => (s.includeHidden ? selectUsageComparison(s) : null))
  if (row === undefined) return null
  // The hidden context this request's prompt held: a subagent's unrecorded context only from the
  // request it was derived at.
  const hidden = comparison ? hiddenTokensOf(comparison, row) : 0
  const estimated = row.estimated + hidden
  return (
    <span
      className="row-usage"
      data-testid="row-usage"
      title={
        `Request ${row.request} (${row.at}): the provider reported a prompt of ${n(row.reported)} tokens; ` +
        `the estimate of the same ${n(row.prompt)} messages is ${n(estimated)}` +
        (row.pricedAs ? `, counted as ${row.pricedAs}, the model that served it` : '') +
        (row.cleared
          ? `, with ${n(row.cleared)} tool result${row.cleared === 1 ? '' : 's'} as Claude Code sent ${row.cleared === 1 ? 'it' : 'them'}, cleared`
          : '') +
        (row.stripped
          ? `, without ${n(row.stripped)} earlier thinking block${row.stripped === 1 ? '' : 's'} Claude Code took out`
          : '') +
        (row.apiCleared
          ? `, less the ${n(row.apiCleared)} tokens Anthropic’s context editing cleared`
          : '') +
        (hidden > 0 ? `, ${n(hidden)} of them not in the file` : '')
      }
    >
      reported {n(row.reported)} · estimated {n(estimated)}
    </span>
  )
}
