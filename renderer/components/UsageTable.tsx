import { hiddenTokensOf, type UsageComparison } from '@core'
import { formatNumber } from '@core/numbers'

/** The counts of what a request was sent otherwise than the file holds: a column each, if any. */
const SENT_OTHERWISE = [
  { key: 'cleared', head: 'sent cleared', title: 'Tool results Claude Code sent cleared' },
  {
    key: 'stripped',
    head: 'thinking left out',
    title: 'Earlier thinking blocks Claude Code took out of the request',
  },
  {
    key: 'apiCleared',
    head: 'API cleared',
    title: 'Tokens Anthropic’s context editing cleared, by its count',
  },
] as const

/**
 * Every reported request: where the log reported it, how many messages its prompt held, and the
 * estimate of that prompt beside the reported size (with the hidden context it held, when that is
 * included); where some request was served by a model that counts otherwise than `model`, the model
 * in force, the model each was priced as; and where some request was sent tool results cleared by
 * Claude Code, or without thinking it took out, how many; and what the API's context editing
 * cleared, in tokens.
 */
export function UsageTable({
  comparison,
  includeHidden,
  model,
}: {
  comparison: UsageComparison
  includeHidden: boolean
  model: string
}) {
  const pricedAs = comparison.rows.some((row) => row.pricedAs !== undefined)
  const counts = SENT_OTHERWISE.filter((col) =>
    comparison.rows.some((row) => row[col.key] !== undefined),
  )
  return (
    <details className="usage-requests">
      <summary>Each request: reported · estimated</summary>
      <div className="usage-table-box">
        <table className="usage-table" data-testid="usage-table">
          <thead>
            <tr>
              <th scope="col">request</th>
              <th scope="col">at</th>
              <th scope="col">prompt messages</th>
              {counts.map((col) => (
                <th key={col.key} scope="col" title={col.title}>
                  {col.head}
                </th>
              ))}
              <th scope="col">reported</th>
              <th scope="col">estimated</th>
              {pricedAs && (
                <th scope="col" className="usage-model">
                  priced as
                </th>
              )}
              <th scope="col">ratio</th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => {
              const estimated =
                row.estimated + (includeHidden ? hiddenTokensOf(comparison, row) : 0)
              return (
                <tr key={row.request}>
                  <td>{row.request}</td>
                  <td>{row.at}</td>
                  <td>{formatNumber(row.prompt)}</td>
                  {counts.map((col) => (
                    <td key={col.key}>{formatNumber(row[col.key] ?? 0)}</td>
                  ))}
                  <td>{formatNumber(row.reported)}</td>
                  <td>{formatNumber(estimated)}</td>
                  {pricedAs && <td className="usage-model">{row.pricedAs ?? model}</td>}
                  <td>{row.reported > 0 ? (estimated / row.reported).toFixed(3) : '–'}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </details>
  )
}
