import { descriptorOf, fixOf, formatNumber, type DetailField, type Finding } from '@core'
import { useState } from 'react'
import { useApp } from '../store'
import { listHead, listLength } from '../workers/packed-findings'

/**
 * The detail worth acting on, as the finding's descriptor lists it: the values involved (one a
 * line, to copy whole), where instructions land, and the KeepRecentCount that mends a cut, as a
 * button that sets it.
 */
export function FindingDetail({ finding }: { finding: Finding }) {
  return descriptorOf(finding.code).details.map((field) => (
    <Detail
      key={field.kind === 'values' ? field.name : field.kind}
      finding={finding}
      field={field}
    />
  ))
}

function Detail({ finding, field }: { finding: Finding; field: DetailField }) {
  const setOptionInput = useApp((s) => s.setOptionInput)
  switch (field.kind) {
    case 'values': {
      const count = listLength(finding, field.key) ?? 0
      if (count === 0) return null
      // What the summary dropped is the point of its finding; what lost content held is context.
      // Its values are cut out of the worker's packed list only when it is opened.
      return (
        <ValueList
          label={capitalised(field.label)}
          count={count}
          values={(n) => listHead(finding, field.key, n)}
          open={field.open}
          testId={field.name}
        />
      )
    }
    case 'lands-at': {
      if (!('landsAt' in finding)) return null
      const { landsAt, summaryAt } = finding
      return (
        <p className="finding-note" data-testid="lands-at">
          In the compacted conversation: {landsAt.map((at) => `#${at}`).join(', ')}
          {summaryAt !== undefined && `; the summary at #${summaryAt}`}
        </p>
      )
    }
    case 'keep-recent': {
      const fix = fixOf(finding)
      if (fix === undefined) return null
      return (
        <button
          type="button"
          className="finding-fix"
          data-testid="finding-fix"
          onClick={() => setOptionInput('keepRecentCount', String(fix))}
        >
          Set KeepRecentCount to {fix}
        </button>
      )
    }
  }
}

const capitalised = (label: string) => label.charAt(0).toUpperCase() + label.slice(1)

interface ValueListProps {
  label: string
  count: number
  /** The first n values. */
  values: (n: number) => readonly string[]
  open: boolean
  testId: string
}

// A long conversation's lost content can hold tens of thousands of identifiers: drawing them all
// would stall the window, so the list shows the first ones, and only while it is open.
const SHOWN_VALUES = 500

function ValueList({ label, count, values, open, testId }: ValueListProps) {
  const [isOpen, setOpen] = useState(open)
  return (
    <details
      className="finding-values"
      open={open}
      data-testid={testId}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {label} ({formatNumber(count)})
      </summary>
      {isOpen && (
        <ul>
          {values(SHOWN_VALUES).map((value) => (
            <li key={value}>
              <code>{value}</code>
            </li>
          ))}
          {count > SHOWN_VALUES && (
            <li className="muted">and {formatNumber(count - SHOWN_VALUES)} more</li>
          )}
        </ul>
      )}
    </details>
  )
}
