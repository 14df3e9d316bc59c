import type { Ref } from 'react'

interface HiddenFileInputProps {
  /** Clicked by what opens the browser's file chooser. */
  ref?: Ref<HTMLInputElement>
  id?: string
  testId: string
  accept: string
  onFile(file: File): void
}

/** A hidden file input that hands on the one file chosen. */
export function HiddenFileInput({ ref, id, testId, accept, onFile }: HiddenFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      id={id}
      data-testid={testId}
      accept={accept}
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0]
        // Cleared so choosing the same file again still fires a change.
        event.target.value = ''
        if (file) onFile(file)
      }}
    />
  )
}
