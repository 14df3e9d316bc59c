import { formatNumber, WHERE_IDS_READ, whereOf, type Finding } from '@core'
import { findingKey, useApp } from '../store'
import { listHead } from '../workers/packed-findings'
import { FindingDetail } from './FindingDetail'
import { FindingSteps } from './FindingSteps'

/**
 * One finding: what happened and what to do, the messages it concerns and their tokens. A finding
 * about messages is a button that highlights them in the list; one about the whole conversation is not.
 */
export function FindingItem({ finding }: { finding: Finding }) {
  const key = findingKey(finding)
  const active = useApp((s) => s.activeFinding?.key === key)
  const toggleFinding = useApp((s) => s.toggleFinding)
  const located = finding.indexes.length > 0
  const heading = (
    <>
      <span className="finding-head">
        <span className="finding-code">{finding.code}</span>
        {located && <span className="finding-tokens">{formatNumber(finding.tokens)} tokens</span>}
      </span>
      {/* The CLI's own words for where, so the two read alike. */}
      {/* Only the ids it can show are cut out of the worker's packed list. */}
      {located && (
        <span className="finding-where">
          {whereOf({ indexes: finding.indexes, ids: listHead(finding, 'ids', WHERE_IDS_READ) })}
        </span>
      )}
      <span className="finding-message">{finding.message}</span>
    </>
  )
  return (
    <li
      className={`finding finding-${finding.severity}${active ? ' active' : ''}`}
      data-testid="finding"
      data-code={finding.code}
      data-severity={finding.severity}
      data-active={active ? 'true' : undefined}
    >
      {located ? (
        <button
          type="button"
          className="finding-main"
          aria-pressed={active}
          title={active ? 'Clear the highlight (Esc)' : 'Show its messages in the list'}
          onClick={() => toggleFinding(key)}
        >
          {heading}
        </button>
      ) : (
        <div className="finding-main">{heading}</div>
      )}
      <FindingDetail finding={finding} />
      {active && finding.indexes.length > 1 && <FindingSteps />}
    </li>
  )
}
