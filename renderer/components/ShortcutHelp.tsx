import { SHORTCUTS } from '../hooks/useShortcuts'
import { useApp } from '../store'

/** The list of keyboard shortcuts, opened with "?". */
export function ShortcutHelp() {
  const open = useApp((s) => s.helpOpen)
  const setHelpOpen = useApp((s) => s.setHelpOpen)
  if (!open) return null
  return (
    <div className="modal-backdrop" onClick={() => setHelpOpen(false)}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcut-help-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
        <table className="shortcut-table">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" autoFocus onClick={() => setHelpOpen(false)}>
          Close
        </button>
      </div>
    </div>
  )
}
