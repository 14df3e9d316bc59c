import { SEVERITIES, countOf, summarizeFindings, type Finding } from '@core'
import { selectFindings, selectReadyCounts, useApp, type FindingsView } from '../store'
import { FindingGroup } from './FindingGroup'

/** What compacting this conversation (and the pasted summary) would lose, and why, by severity. */
export function FindingsPanel() {
  const view = useApp(selectFindings)
  return (
    <section
      className="panel findings-panel"
      aria-label="Findings"
      data-testid="findings"
      data-status={view.status}
    >
      <div className="panel-title">
        <h2>Findings</h2>
        {view.status === 'ready' && <Tally findings={view.findings} />}
      </div>
      <div className="findings-body">
        <FindingsBody view={view} />
      </div>
    </section>
  )
}

/** The findings by severity; or why there are none to show. */
function FindingsBody({ view }: { view: FindingsView }) {
  const counted = useApp((s) => selectReadyCounts(s) !== null)
  if (view.status === 'waiting') {
    // Once counted, the conversation's worker works the findings out: a moment on a long one.
    return (
      <p className="muted" data-testid="findings-waiting">
        {counted
          ? 'Working out the findings…'
          : "Waiting for counts: findings need every message's tokens."}
      </p>
    )
  }
  if (view.findings.length === 0) {
    return (
      <div className="findings-empty" data-testid="findings-empty">
        <p>No findings</p>
        <p className="muted">
          Nothing in this conversation, the controls or the pasted summary needs attention: the
          instructions are in place, no tool exchange is cut and no identifier is dropped.
        </p>
      </div>
    )
  }
  return SEVERITIES.map(({ severity, many }) => (
    <FindingGroup
      key={severity}
      severity={severity}
      heading={many.charAt(0).toUpperCase() + many.slice(1)}
      findings={view.findings.filter((f) => f.severity === severity)}
    />
  ))
}

function Tally({ findings }: { findings: readonly Finding[] }) {
  const counts = summarizeFindings(findings)
  return (
    <span className="findings-tally muted">
      {SEVERITIES.map(({ severity }) => countOf(counts[severity], severity)).join(' · ')}
    </span>
  )
}
