import { useEffect, useState } from 'react'

// Where the async clipboard is missing or refused (an insecure origin, an old engine), the
// selection-and-execCommand route still works in every browser.
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return copyWithSelection(text)
  }
}

/**
 * Copies text to the clipboard and says so for a moment. `text` may be a function, for a text that
 * is megabytes long and only worth building when it is copied.
 */
export function CopyButton({
  text,
  label = 'Copy',
}: {
  text: string | (() => string)
  label?: string
}) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (status === 'idle') return
    const timer = setTimeout(() => setStatus('idle'), 2000)
    return () => clearTimeout(timer)
  }, [status])
  return (
    <button
      type="button"
      data-testid="copy-prompt"
      onClick={() => {
        const whole = typeof text === 'function' ? text() : text
        void copyText(whole).then((ok) => setStatus(ok ? 'copied' : 'failed'))
      }}
    >
      {status === 'copied' ? 'Copied' : status === 'failed' ? 'Copy failed' : label}
    </button>
  )
}
