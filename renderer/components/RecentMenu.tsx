import { useEffect, useRef, useState } from 'react'
import { useApp } from '../store'

/** Recently opened files, newest first, as the host offers them (the browser offers none). */
export function RecentMenu() {
  const recent = useApp((s) => s.recentFiles)
  const openRecent = useApp((s) => s.openRecent)
  const clearRecent = useApp((s) => s.clearRecent)
  const openSample = useApp((s) => s.openSample)
  const menu = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  const close = () => menu.current?.removeAttribute('open')

  // An open menu closes on Escape (focus back on its button) and on a click anywhere outside it.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      close()
      menu.current?.querySelector('summary')?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [open])

  return (
    <details
      className="menu"
      ref={menu}
      data-testid="recent-files"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Recent</summary>
      <ul className="popover" role="menu">
        {recent.length === 0 && <li className="muted">No recent files</li>}
        {recent.map((entry) => (
          <li key={entry.token} role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                close()
                void openRecent(entry)
              }}
            >
              {entry.title !== undefined && (
                <span className="recent-title" data-testid="recent-title">
                  {entry.title}
                </span>
              )}
              {entry.title !== undefined ? <span className="muted">{entry.path}</span> : entry.path}
              {entry.session !== undefined && entry.title === undefined && (
                <span className="muted"> · session {entry.session}</span>
              )}
            </button>
          </li>
        ))}
        <li role="separator" />
        <li role="none">
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              close()
              openSample()
            }}
          >
            Open the sample conversation
          </button>
        </li>
        {recent.length > 0 && (
          <li role="none">
            <button type="button" role="menuitem" onClick={() => void clearRecent().then(close)}>
              Clear recent files
            </button>
          </li>
        )}
      </ul>
    </details>
  )
}
