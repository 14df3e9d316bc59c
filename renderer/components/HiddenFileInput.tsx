import type { Ref } from 'react'

interface HiddenFileInputProps {
  /** Clicked by what opens the browser's file chooser. */
  ref?: Ref<HTMLInputElement>
  id?: string
  testId: string
  accept: string
  /** Several files may be chosen together (the Open input: a database with its log). */
  multiple?: boolean
  /** The files chosen, at least one. */
  onFiles(files: File[]): void
}

/** A hidden file input that hands on the files chosen. */
export function HiddenFileInput({
  ref,
  id,
  testId,
  accept,
  multiple,
  onFiles,
}: HiddenFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      id={id}
      data-testid={testId}
      accept={accept}
      multiple={multiple}
      hidden
      onChange={(event) => {
        const files = [...(event.target.files ?? [])]
        // Cleared so choosing the same file again still fires a change.
        event.target.value = ''
        if (files.length > 0) onFiles(files)
      }}
    />
  )
}
