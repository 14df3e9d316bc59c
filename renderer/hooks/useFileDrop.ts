import { useEffect, useState } from 'react'
import { useAppStore } from '../store'

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false

/** Opens what is dropped anywhere on the window (openFiles); says whether files are dragged over it. */
export function useFileDrop(): boolean {
  const store = useAppStore()
  const [dragging, setDragging] = useState(false)
  useEffect(() => {
    // dragenter/dragleave fire for every child crossed, so count them rather than toggle.
    let depth = 0
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth++
      setDragging(true)
    }
    const onOver = (event: DragEvent) => {
      // Without this the browser navigates to the dropped file instead of handing it over.
      if (carriesFiles(event)) event.preventDefault()
    }
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      // A conversation, or one with the file it needs beside it (a database and its log).
      void store.getState().openFiles([...(event.dataTransfer?.files ?? [])])
    }
    window.addEventListener('dragenter', onEnter)
    window.addEventListener('dragover', onOver)
    window.addEventListener('dragleave', onLeave)
    window.addEventListener('drop', onDrop)
    return () => {
      window.removeEventListener('dragenter', onEnter)
      window.removeEventListener('dragover', onOver)
      window.removeEventListener('dragleave', onLeave)
      window.removeEventListener('drop', onDrop)
    }
  }, [store])
  return dragging
}
