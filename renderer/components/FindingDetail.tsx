import type { Finding } from '@core'
import { useApp } from '../store'

/**
 * The detail worth acting on: the identifiers involved (one a line, to copy whole), where hoisted
 * instructions land, and the KeepRecentCount that mends a cut, as a button that sets it.
 */
export function FindingDetail({ finding }: { finding: Finding }) {
  const setOptionInput = useApp((s) => s.setOptionInput)
  const { identifiers, specialTokens, landsAt, summaryAt, suggestedKeepRecentCount } = finding
  const dropped = finding.code === 'summary-drops-identifier'
  return (
    <>
      {identifiers !== undefined && identifiers.length > 0 && (
        <ValueList
          label={dropped ? 'Dropped identifiers' : 'Identifiers they held'}
          values={identifiers}
          // What the summary dropped is the point of its finding; what lost content held is context.
          open={dropped}
          testId={dropped ? 'dropped-identifiers' : 'held-identifiers'}
        />
      )}
      {specialTokens !== undefined && specialTokens.length > 0 && (
        <ValueList label="Special tokens" values={specialTokens} open testId="special-tokens" />
      )}
      {landsAt !== undefined && (
        <p className="finding-note" data-testid="lands-at">
          In the compacted conversation: {landsAt.map((at) => `#${at}`).join(', ')}
          {summaryAt !== undefined && `; the summary at #${summaryAt}`}
        </p>
      )}
      {suggestedKeepRecentCount !== undefined && (
        <button
          type="button"
          className="finding-fix"
          data-testid="finding-fix"
          onClick={() => setOptionInput('keepRecentCount', String(suggestedKeepRecentCount))}
        >
          Set KeepRecentCount to {suggestedKeepRecentCount}
        </button>
      )}
    </>
  )
}

interface ValueListProps {
  label: string
  values: readonly string[]
  open: boolean
  testId: string
}

function ValueList({ label, values, open, testId }: ValueListProps) {
  return (
    <details className="finding-values" open={open} data-testid={testId}>
      <summary>
        {label} ({values.length})
      </summary>
      <ul>
        {values.map((value) => (
          <li key={value}>
            <code>{value}</code>
          </li>
        ))}
      </ul>
    </details>
  )
}
