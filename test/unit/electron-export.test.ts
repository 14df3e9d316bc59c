import { mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Dialog } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { electronFileDialogs } from '../../electron/dialogs'
import { saveExport, type ExportDialogs } from '../../node/files'

const ORIGINAL = '[{"type":"user","text":"the original conversation"}]'
const EXPORTED = '[{"type":"summary","text":"the compacted conversation"}]\n'

let dir: string
let source: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspector-export-'))
  source = join(dir, 'conversation.json')
  await writeFile(source, ORIGINAL)
})

afterEach(() => rm(dir, { recursive: true, force: true }))

/** A user at the dialogs: picks `saveAs` (null cancels) and answers the replace question. */
function user(saveAs: string | null, replaceSource = false) {
  const seen: { defaultPath?: string; askedToReplace: string[] } = { askedToReplace: [] }
  const dialogs: ExportDialogs = {
    async chooseSavePath(defaultPath) {
      seen.defaultPath = defaultPath
      return saveAs
    },
    async confirmReplaceSource(path) {
      seen.askedToReplace.push(path)
      return replaceSource
    },
  }
  return { dialogs, seen }
}

const request = (sourcePath: string | null = source) => ({
  suggestedName: 'conversation.compacted.json',
  text: EXPORTED,
  sourcePath,
})

describe('exporting through the save dialog', () => {
  it('proposes the suggested name beside the opened file and writes the exact text there', async () => {
    const target = join(dir, 'conversation.compacted.json')
    const { dialogs, seen } = user(target)
    expect(await saveExport(request(), dialogs)).toEqual({
      ok: true,
      value: { status: 'saved', path: target },
    })
    expect(seen.defaultPath).toBe(target)
    expect(await readFile(target, 'utf8')).toBe(EXPORTED)
    expect(await readFile(source, 'utf8')).toBe(ORIGINAL)
    expect(seen.askedToReplace).toEqual([])
  })

  it('replaces an existing file by renaming a finished temporary file over it', async () => {
    const target = join(dir, 'previous-export.json')
    await writeFile(target, 'an older export')
    const before = await stat(target)
    await saveExport(request(), user(target).dialogs)
    // Writing in place would keep the inode; a rename puts a new file at the path.
    expect((await stat(target)).ino).not.toBe(before.ino)
    expect(await readFile(target, 'utf8')).toBe(EXPORTED)
    expect((await readdir(dir)).sort()).toEqual(['conversation.json', 'previous-export.json'])
  })

  it('writes nothing when the user cancels the save dialog', async () => {
    expect(await saveExport(request(), user(null).dialogs)).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    })
    expect(await readdir(dir)).toEqual(['conversation.json'])
  })

  it('asks before replacing the opened conversation, and keeps it when the user says no', async () => {
    const { dialogs, seen } = user(source, false)
    expect(await saveExport(request(), dialogs)).toEqual({
      ok: true,
      value: { status: 'cancelled' },
    })
    expect(seen.askedToReplace).toEqual([source])
    expect(await readFile(source, 'utf8')).toBe(ORIGINAL)
  })

  it('replaces the opened conversation only after the user agrees', async () => {
    const { dialogs, seen } = user(source, true)
    expect(await saveExport(request(), dialogs)).toEqual({
      ok: true,
      value: { status: 'saved', path: source },
    })
    expect(seen.askedToReplace).toEqual([source])
    expect(await readFile(source, 'utf8')).toBe(EXPORTED)
  })

  it('recognises the opened conversation under another spelling or through a link', async () => {
    const link = join(dir, 'link.json')
    await symlink(source, link)
    for (const chosen of [join(dir, '.', 'conversation.json'), link]) {
      const { dialogs, seen } = user(chosen, false)
      expect(await saveExport(request(), dialogs)).toEqual({
        ok: true,
        value: { status: 'cancelled' },
      })
      expect(seen.askedToReplace).toHaveLength(1)
    }
    expect(await readFile(source, 'utf8')).toBe(ORIGINAL)
  })

  it('does not ask when nothing was opened from disk (the sample conversation)', async () => {
    const target = join(dir, 'export.json')
    const { dialogs, seen } = user(target)
    expect(await saveExport(request(null), dialogs)).toEqual({
      ok: true,
      value: { status: 'saved', path: target },
    })
    expect(seen.defaultPath).toBe('conversation.compacted.json')
    expect(seen.askedToReplace).toEqual([])
  })

  it('reports a failed write in one line and leaves no partial file', async () => {
    const target = join(dir, 'no-such-folder', 'export.json')
    expect(await saveExport(request(), user(target).dialogs)).toEqual({
      ok: false,
      error: `ENOENT: ${target}: no such file`,
    })
    expect(await readdir(dir)).toEqual(['conversation.json'])
  })
})

describe("Electron's dialogs behind the export", () => {
  /** Records what the app asks Electron's dialog module, and answers as scripted. */
  function electronDialog(answers: { filePath?: string; response?: number; canceled?: boolean }) {
    const calls: { kind: string; options: Record<string, unknown> }[] = []
    const dialog = {
      async showSaveDialog(options: Record<string, unknown>) {
        calls.push({ kind: 'save', options })
        return { canceled: answers.canceled ?? false, filePath: answers.filePath ?? '' }
      },
      async showOpenDialog(options: Record<string, unknown>) {
        calls.push({ kind: 'open', options })
        const canceled = answers.canceled ?? false
        return { canceled, filePaths: canceled ? [] : [answers.filePath ?? ''] }
      },
      async showMessageBox(options: Record<string, unknown>) {
        calls.push({ kind: 'message', options })
        return { response: answers.response ?? 0, checkboxChecked: false }
      },
    }
    return {
      dialog: dialog as unknown as Pick<
        Dialog,
        'showOpenDialog' | 'showSaveDialog' | 'showMessageBox'
      >,
      calls,
    }
  }

  it('shows a save dialog with the proposed path and a JSON filter', async () => {
    const { dialog, calls } = electronDialog({ filePath: '/tmp/out.json' })
    expect(
      await electronFileDialogs(dialog, null).chooseSavePath('/tmp/conversation.compacted.json'),
    ).toBe('/tmp/out.json')
    expect(calls[0].options.defaultPath).toBe('/tmp/conversation.compacted.json')
    expect(calls[0].options.filters).toContainEqual({
      name: 'Conversation (JSON)',
      extensions: ['json'],
    })
  })

  it('opens JSON and JSONL conversations, such as a Claude Code session, and opencode.db or crush.db', async () => {
    const { dialog, calls } = electronDialog({ filePath: '/tmp/session.jsonl' })
    expect(await electronFileDialogs(dialog, null).chooseFileToOpen()).toBe('/tmp/session.jsonl')
    expect(calls[0].options.filters).toContainEqual({
      name: 'Conversation (JSON, JSONL, opencode.db, crush.db)',
      extensions: ['json', 'jsonl', 'db'],
    })
  })

  it('treats a cancelled save or open dialog as null', async () => {
    const { dialog } = electronDialog({ canceled: true })
    const dialogs = electronFileDialogs(dialog, null)
    expect(await dialogs.chooseSavePath('/tmp/x.json')).toBeNull()
    expect(await dialogs.chooseFileToOpen()).toBeNull()
  })

  it('replaces the source only on the Replace button; Escape and Cancel keep it', async () => {
    const replace = electronDialog({ response: 1 })
    expect(await electronFileDialogs(replace.dialog, null).confirmReplaceSource(source)).toBe(true)
    const options = replace.calls[0].options
    expect(options.buttons).toEqual(['Cancel', 'Replace'])
    expect(options.cancelId).toBe(0)
    expect(options.defaultId).toBe(0)
    const cancel = electronDialog({ response: 0 })
    expect(await electronFileDialogs(cancel.dialog, null).confirmReplaceSource(source)).toBe(false)
  })
})
