import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** Named in the fallback, so the user knows which part failed. */
  name: string
  children: ReactNode
}

interface State {
  error: Error | null
}

/**
 * Catches a rendering fault in one panel so the rest of the window keeps working, and offers to
 * render the panel again (the store is untouched, so a reload shows the current state).
 */
export class PanelBoundary extends Component<Props, State> {
  state: State = { error: null }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for whoever debugs it; the user sees the message in the panel.
    console.error(`The ${this.props.name} panel failed`, error, info.componentStack)
  }

  render() {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="panel-error" role="alert" data-testid="panel-error">
        <p>
          The {this.props.name} panel failed: <code>{error.message}</code>
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Reload panel
        </button>
      </div>
    )
  }
}
