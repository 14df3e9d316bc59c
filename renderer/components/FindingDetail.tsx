import type { Finding } from '@core'
import { useState } from 'react'
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

// A long conversation's lost content can hold tens of thousands of identifiers: drawing them all
// would stall the window, so the list shows the first ones, and only while it is open.
const SHOWN_VALUES = 500

function ValueList({ label, values, open, testId }: ValueListProps) {
  const [isOpen, setOpen] = useState(open)
  return (
    <details
      className="finding-values"
      open={open}
      data-testid={testId}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {label} ({values.length})
      </summary>
      {isOpen && (
        <ul>
          {values.slice(0, SHOWN_VALUES).map((value) => (
            <li key={value}>
              <code>{value}</code>
            </li>
          ))}
          {values.length > SHOWN_VALUES && (
            <li className="muted">and {values.length - SHOWN_VALUES} more</li>
          )}
        </ul>
      )}
    </details>
  )
}
