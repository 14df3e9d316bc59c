/**
 * Opening what is not a regular file. A FIFO opened for reading waits for a writer, so before the
 * fix a FIFO chosen in the dialog never answered, and held one of Node's four file-system threads:
 * four of them and every later read, export and recent-list update of main waited for good.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readConversationFile } from '../../node/files'

const posix = process.platform !== 'win32'
let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspector-kinds-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

function fifo(name: string): string {
  const path = join(dir, name)
  execFileSync('mkfifo', [path])
  return path
}

describe.skipIf(!posix)('files that are not regular files', () => {
  it('refuses a FIFO at once, naming it, and main’s file reads go on', async () => {
    // More FIFOs than Node has file-system threads, all at once, then an ordinary file.
    const pipes = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => fifo(`${name}.json`))
    const conversation = join(dir, 'conversation.json')
    await writeFile(conversation, '[]')
    const results = await Promise.all([...pipes, conversation].map((p) => readConversationFile(p)))
    expect(results.slice(0, -1)).toEqual(
      pipes.map((path) => ({
        ok: false,
        error: `${path}: is a FIFO (named pipe), not a regular file`,
      })),
    )
    expect(results.at(-1)).toMatchObject({ ok: true, value: { path: conversation } })
  })

  it('refuses a character device, a directory and a socket, naming each', async () => {
    const folder = join(dir, 'folder.json')
    await mkdir(folder)
    const socketPath = join(dir, 'inspector.sock')
    const server: Server = createServer()
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
    try {
      expect(await readConversationFile('/dev/null')).toEqual({
        ok: false,
        error: '/dev/null: is a character device, not a regular file',
      })
      expect(await readConversationFile(folder)).toEqual({
        ok: false,
        error: `${folder}: is a directory, not a regular file`,
      })
      expect(await readConversationFile(socketPath)).toEqual({
        ok: false,
        error: `${socketPath}: is a socket, not a regular file`,
      })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('reads through a symbolic link to a file, but not to a FIFO', async () => {
    const target = join(dir, 'target.json')
    await writeFile(target, '[1]')
    const link = join(dir, 'link.json')
    execFileSync('ln', ['-s', target, link])
    const opened = await readConversationFile(link)
    expect(opened.ok && new TextDecoder().decode(opened.value.content as Uint8Array)).toBe('[1]')
    const pipeLink = join(dir, 'pipe-link.json')
    execFileSync('ln', ['-s', fifo('pipe'), pipeLink])
    expect(await readConversationFile(pipeLink)).toEqual({
      ok: false,
      error: `${pipeLink}: is a FIFO (named pipe), not a regular file`,
    })
  })

  it.skipIf(!existsSync('/proc/self/status'))(
    'reads a file whose size says 0 to its end, and stops one past the limit',
    async () => {
      // Files in /proc report a size of 0 and have content all the same.
      const status = await readConversationFile('/proc/self/status')
      expect(status.ok && new TextDecoder().decode(status.value.content as Uint8Array)).toMatch(
        /^Name:/,
      )
      expect(await readConversationFile('/proc/self/status', 16)).toEqual({
        ok: false,
        error:
          'EFBIG: /proc/self/status: the file is more than 0.0 MB; the inspector opens files up to 0.0 MB',
      })
    },
  )

  it('gives a file’s bytes in memory of exactly their size, as IPC sends the whole buffer', async () => {
    const path = join(dir, 'exact.json')
    await writeFile(path, '[{"type":"user","text":"hello"}]')
    const opened = await readConversationFile(path)
    const content = opened.ok ? (opened.value.content as Uint8Array) : new Uint8Array()
    expect(content.byteLength).toBe(32)
    expect(content.buffer.byteLength).toBe(32)
  })
})
