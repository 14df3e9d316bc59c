import { OPEN_FILE_INPUT_ID } from '../bridge/web-api'
import { useApp } from '../store'

/** The browser's way to open a file: Open… clicks it, and its change event opens the chosen file. */
export function OpenFileInput() {
  const host = useApp((s) => s.host)
  const openFile = useApp((s) => s.openFile)
  if (host !== 'web') return null
  return (
    <input
      type="file"
      id={OPEN_FILE_INPUT_ID}
      data-testid="open-file"
      accept=".json,.jsonl,application/json"
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0]
        // Cleared so choosing the same file again still fires a change.
        event.target.value = ''
        if (file) void openFile(file)
      }}
    />
  )
}
