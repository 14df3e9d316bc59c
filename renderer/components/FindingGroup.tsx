import { useState } from 'react'
import type { Finding, Severity } from '@core'
import { formatNumber } from '@core/numbers'
import { findingKey } from '../store'
import { FindingItem } from './FindingItem'

interface Props {
  severity: Severity
  heading: string
  findings: readonly Finding[]
}

/** One severity's findings under a header that shows how many and folds them away. */
export function FindingGroup({ severity, heading, findings }: Props) {
  const [open, setOpen] = useState(true)
  if (findings.length === 0) return null
  return (
    <div
      className={`finding-group group-${severity}`}
      data-testid="finding-group"
      data-severity={severity}
    >
      <button
        type="button"
        className="finding-group-header"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {heading} (
        {formatNumber(findings.length)})
      </button>
      {open && (
        <ul className="finding-list">
          {findings.map((f) => (
            <FindingItem key={findingKey(f)} finding={f} />
          ))}
        </ul>
      )}
    </div>
  )
}
