import { afterEach, describe, expect, it, vi } from 'vitest'
import { OPEN_FILE_INPUT_ID, createWebApi } from '../../renderer/bridge/web-api'

describe('the web bridge', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('reads a chosen or dropped file from the File itself, and offers no recent files', async () => {
    const api = createWebApi()
    expect(api.host).toBe('web')
    const file = new File(['[]'], 'a.json')
    const opened = await api.openDroppedFile(file)
    // The File itself, undecoded: the store's reading worker decodes it. No token: the page
    // cannot have it read again without the user choosing it.
    expect(opened).toEqual({
      ok: true,
      value: { token: null, path: null, name: 'a.json', content: file },
    })
    expect(await api.recentFiles()).toEqual([])
    await api.clearRecentFiles()
    expect(await api.recentFiles()).toEqual([])
  })

  it('cannot open a file again by itself, and says how to open instead', async () => {
    const result = await createWebApi().reopenFile('plain-json-token')
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(/^A browser cannot open a file again by itself/)
    expect(await createWebApi().initialFile()).toEqual({ ok: true, value: null })
  })

  it('opens the picker by clicking the page’s file input', async () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.id = OPEN_FILE_INPUT_ID
    document.body.append(input)
    const clicked = vi.fn()
    input.addEventListener('click', (event) => {
      event.preventDefault()
      clicked()
    })
    expect(await createWebApi().openFileDialog()).toEqual({ ok: true, value: null })
    expect(clicked).toHaveBeenCalledOnce()
    input.remove()
  })

  it('exports as a download of exactly the given text', async () => {
    const blobs: Blob[] = []
    // jsdom implements neither object URLs nor downloads: record the blob and the link instead.
    vi.stubGlobal('URL', {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:export'),
      revokeObjectURL: () => {},
    })
    const links: HTMLAnchorElement[] = []
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement) links.push(event.target)
      event.preventDefault()
    }
    document.addEventListener('click', onClick)
    const text = '[\n  {\n    "type": "user",\n    "text": "é <b>"\n  }\n]\n'
    const result = await createWebApi().saveExport({
      suggestedName: 'run.compacted.json',
      text,
      source: null,
    })
    document.removeEventListener('click', onClick)
    expect(result).toEqual({
      ok: true,
      value: { status: 'downloaded', name: 'run.compacted.json' },
    })
    expect(links.map((a) => [a.download, a.getAttribute('href')])).toEqual([
      ['run.compacted.json', 'blob:export'],
    ])
    expect(await blobs[0].text()).toBe(text)
    expect(document.querySelector('a')).toBeNull()
  })
})
