import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OPEN_FILE_INPUT_ID, createWebApi } from '../../renderer/bridge/web-api'

describe('the web bridge', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('reads a chosen or dropped file and remembers its name, newest first', async () => {
    const api = createWebApi()
    expect(api.host).toBe('web')
    const file = new File(['[]'], 'a.json')
    const opened = await api.openDroppedFile(file)
    // The File itself, undecoded: the store's reading worker decodes it.
    expect(opened).toEqual({ ok: true, value: { path: null, name: 'a.json', content: file } })
    await api.openDroppedFile(new File(['[]'], 'b.json'))
    await api.openDroppedFile(new File(['[]'], 'a.json'))
    expect(await api.recentFiles()).toEqual(['a.json', 'b.json'])
    await api.clearRecentFiles()
    expect(await api.recentFiles()).toEqual([])
  })

  it('forgets a corrupt recent list rather than failing', async () => {
    localStorage.setItem('compaction-inspector.recent-files', '{not json')
    expect(await createWebApi().recentFiles()).toEqual([])
  })

  it('cannot open by path, and says how to open instead', async () => {
    const result = await createWebApi().openPath('run.json')
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(/^run\.json: a browser cannot open files by path/)
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
      sourcePath: null,
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
