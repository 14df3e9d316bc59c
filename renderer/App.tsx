import { Budget } from './components/Budget'
import { ContextGrowth } from './components/ContextGrowth'
import { Controls } from './components/Controls'
import { Decision } from './components/Decision'
import { DropOverlay } from './components/DropOverlay'
import { EnginesPanel } from './components/EnginesPanel'
import { ErrorDisplay } from './components/ErrorDisplay'
import { FindingsPanel } from './components/FindingsPanel'
import { Header } from './components/Header'
import { LoadProgress } from './components/LoadProgress'
import { MessageList } from './components/MessageList'
import { OpenFileInput } from './components/OpenFileInput'
import { PanelBoundary } from './components/PanelBoundary'
import { PromptPanel } from './components/PromptPanel'
import { ShortcutHelp } from './components/ShortcutHelp'
import { SessionsView } from './components/SessionsView'
import { SideTabs } from './components/SideTabs'
import { SummaryPanel } from './components/SummaryPanel'
import { Toasts } from './components/Toasts'
import { Workspace } from './components/Workspace'
import { useFileDrop } from './hooks/useFileDrop'
import { useHostEvents } from './hooks/useHostEvents'
import { useShortcuts } from './hooks/useShortcuts'

/** The inspector window: each panel behind its own error boundary, so one fault never blanks the rest. */
export function App() {
  useShortcuts()
  useHostEvents()
  const dragging = useFileDrop()
  return (
    <div className="app">
      <PanelBoundary name="header">
        <Header />
      </PanelBoundary>
      <ErrorDisplay />
      <LoadProgress />
      <Workspace
        main={
          <>
            <PanelBoundary name="context growth">
              <ContextGrowth />
            </PanelBoundary>
            <PanelBoundary name="conversation">
              <MessageList />
            </PanelBoundary>
          </>
        }
        side={
          <>
            <div className="side-pinned">
              <PanelBoundary name="controls">
                <Controls />
              </PanelBoundary>
              <PanelBoundary name="budget">
                <Budget />
                <Decision />
              </PanelBoundary>
            </div>
            <SideTabs
              panels={{
                findings: (
                  <PanelBoundary name="findings">
                    <FindingsPanel />
                  </PanelBoundary>
                ),
                prompt: (
                  <PanelBoundary name="summary prompt">
                    <PromptPanel />
                  </PanelBoundary>
                ),
                summary: (
                  <PanelBoundary name="summary">
                    <SummaryPanel />
                  </PanelBoundary>
                ),
                engines: (
                  <PanelBoundary name="engines">
                    <EnginesPanel />
                  </PanelBoundary>
                ),
              }}
            />
          </>
        }
      />
      <OpenFileInput />
      <DropOverlay visible={dragging} />
      <ShortcutHelp />
      <SessionsView />
      <Toasts />
    </div>
  )
}
