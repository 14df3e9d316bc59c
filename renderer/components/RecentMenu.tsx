import { useRef } from 'react'
import { useApp } from '../store'

/** Recently opened files, newest first, as the host offers them (the browser offers none). */
export function RecentMenu() {
  const recent = useApp((s) => s.recentFiles)
  const openRecent = useApp((s) => s.openRecent)
  const clearRecent = useApp((s) => s.clearRecent)
  const openSample = useApp((s) => s.openSample)
  const menu = useRef<HTMLDetailsElement>(null)
  const close = () => menu.current?.removeAttribute('open')

  return (
    <details className="menu" ref={menu} data-testid="recent-files">
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
                void openRecent(entry.token)
              }}
            >
              {entry.path}
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
