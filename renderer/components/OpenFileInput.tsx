import { OPEN_FILE_INPUT_ID } from '../bridge/web-api'
import { useApp } from '../store'
import { HiddenFileInput } from './HiddenFileInput'

/** The browser's way to open a file: Open… clicks it, and its change event opens the chosen file. */
export function OpenFileInput() {
  const host = useApp((s) => s.host)
  const openFile = useApp((s) => s.openFile)
  if (host !== 'web') return null
  return (
    <HiddenFileInput
      id={OPEN_FILE_INPUT_ID}
      testId="open-file"
      accept=".json,.jsonl,.db,application/json"
      onFile={(file) => void openFile(file)}
    />
  )
}
