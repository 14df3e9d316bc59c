import { OPEN_FILE_INPUT_ID } from '../bridge/web-api'
import { useApp } from '../store'
import { HiddenFileInput } from './HiddenFileInput'

/**
 * The browser's way to open a file: Open… clicks it, and its change event opens the chosen file,
 * or the file with the one it needs beside it, chosen together (openFiles).
 */
export function OpenFileInput() {
  const host = useApp((s) => s.host)
  const openFiles = useApp((s) => s.openFiles)
  if (host !== 'web') return null
  return (
    <HiddenFileInput
      id={OPEN_FILE_INPUT_ID}
      testId="open-file"
      accept=".json,.jsonl,.db,.db-wal,application/json"
      multiple
      onFiles={(files) => void openFiles(files)}
    />
  )
}
