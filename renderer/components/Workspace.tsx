import type { CSSProperties, ReactNode } from 'react'
import { useApp } from '../store'
import { SideResizer } from './SideResizer'

interface Props {
  /** The conversation: the context-growth chart and the message list. */
  main: ReactNode
  /** The controls, the budget and the tabs. */
  side: ReactNode
}

/**
 * Two panes: the conversation takes the room, the side panel keeps the width the user gave it.
 * Only this component re-renders while the handle is dragged; the panes are elements made by the
 * caller, so React leaves them alone.
 */
export function Workspace({ main, side }: Props) {
  const sideWidth = useApp((s) => s.layout.sideWidth)
  return (
    <main className="workspace" style={{ '--side-width': `${sideWidth}px` } as CSSProperties}>
      <div className="pane pane-main">{main}</div>
      <SideResizer />
      <div className="pane pane-side" id="side-panel">
        {side}
      </div>
    </main>
  )
}
