import { selectActiveFinding, useApp } from '../store'

/** Previous and next for a picked finding about several messages: which one the list shows. */
export function FindingSteps() {
  const active = useApp(selectActiveFinding)
  const stepFinding = useApp((s) => s.stepFinding)
  if (active === null) return null
  const { finding, step, target } = active
  const last = finding.indexes.length - 1
  return (
    <div className="finding-steps">
      <button
        type="button"
        data-testid="finding-previous"
        disabled={step === 0}
        onClick={() => stepFinding(-1)}
      >
        ‹ Previous
      </button>
      <span className="muted" data-testid="finding-step" data-index={target}>
        #{target}, {step + 1} of {last + 1}
      </span>
      <button
        type="button"
        data-testid="finding-next"
        disabled={step === last}
        onClick={() => stepFinding(1)}
      >
        Next ›
      </button>
    </div>
  )
}
