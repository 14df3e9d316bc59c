import { useRef } from 'react'
import { useApp } from '../store'
import { HiddenFileInput } from './HiddenFileInput'

interface ChooseCompanionProps {
  label: string
  title: string
  /** `<testId>-button` and `<testId>-input`. */
  testId: string
  accept: string
}

/**
 * A button that asks for a file the log on screen needs beside it and the host could not read (a
 * forked subagent's parent transcript, a Vibe session's meta.json), then reads the log again
 * with it (addCompanion).
 */
export function ChooseCompanion({ label, title, testId, accept }: ChooseCompanionProps) {
  const addCompanion = useApp((s) => s.addCompanion)
  const input = useRef<HTMLInputElement>(null)
  return (
    <span className="fork-parent">
      <button
        type="button"
        className="link-button"
        data-testid={`${testId}-button`}
        title={title}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <HiddenFileInput
        ref={input}
        testId={`${testId}-input`}
        accept={accept}
        onFiles={([chosen]) => void addCompanion(chosen)}
      />
    </span>
  )
}
