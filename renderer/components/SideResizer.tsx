import type { KeyboardEvent, PointerEvent } from 'react'
import { useApp } from '../store'
import { DEFAULT_LAYOUT, SIDE_WIDTH_MAX, SIDE_WIDTH_MIN } from '../store/layout-slice'

// One arrow press moves the handle this far; with Shift, four times as far.
const STEP = 16

/**
 * The handle between the conversation and the side panel: drag it, or focus it and press the arrows
 * (left widens the panel), Home and End for the narrowest and widest, a double click for the default.
 */
export function SideResizer() {
  const width = useApp((s) => s.layout.sideWidth)
  const setLayout = useApp((s) => s.setLayout)
  const resize = (sideWidth: number) => setLayout({ sideWidth })

  // The panel as drawn: a narrow window caps it below the stored width, and a change starts there.
  const drawnWidth = (handle: HTMLElement) => {
    const drawn = handle.nextElementSibling?.getBoundingClientRect().width ?? 0
    return drawn > 0 ? Math.min(width, Math.round(drawn)) : width
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    const handle = event.currentTarget
    const start = drawnWidth(handle)
    const startX = event.clientX
    handle.setPointerCapture(event.pointerId)
    const move = (e: globalThis.PointerEvent) => resize(start + (startX - e.clientX))
    const end = () => {
      handle.removeEventListener('pointermove', move)
      handle.removeEventListener('pointerup', end)
      handle.removeEventListener('pointercancel', end)
    }
    handle.addEventListener('pointermove', move)
    handle.addEventListener('pointerup', end)
    handle.addEventListener('pointercancel', end)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 4 : STEP
    const now = drawnWidth(event.currentTarget)
    const next: Record<string, number> = {
      ArrowLeft: now + step,
      ArrowUp: now + step,
      ArrowRight: now - step,
      ArrowDown: now - step,
      Home: SIDE_WIDTH_MIN,
      End: SIDE_WIDTH_MAX,
    }
    if (!(event.key in next)) return
    event.preventDefault()
    resize(next[event.key])
  }

  return (
    <div
      className="side-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Side panel width"
      aria-valuenow={width}
      aria-valuemin={SIDE_WIDTH_MIN}
      aria-valuemax={SIDE_WIDTH_MAX}
      aria-controls="side-panel"
      tabIndex={0}
      title="Drag, or focus and press ← →, to resize the side panel; double-click for the default"
      data-testid="side-resizer"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => resize(DEFAULT_LAYOUT.sideWidth)}
    />
  )
}
