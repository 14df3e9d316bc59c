import { execFileSync } from 'node:child_process'
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NotRegularFileError, writeFileAtomic } from '../../node/atomic-write'
import { characterDevice } from './helpers/devices'

// Lets a test make rename fail, or look at the disk at the moment of the rename.
const renameHook = vi.hoisted(() => ({
  before: undefined as undefined | ((from: string, to: string) => Promise<void>),
}))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  return {
    ...real,
    rename: async (from: string, to: string) => {
      await renameHook.before?.(from, to)
      return real.rename(from, to)
    },
  }
})

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'))
})

afterEach(async () => {
  renameHook.before = undefined
  await rm(dir, { recursive: true, force: true })
})

describe('writeFileAtomic', () => {
  it('creates a file with exactly the data, and leaves nothing else behind', async () => {
    const file = join(dir, 'out.json')
    await writeFileAtomic(file, '[]\n')
    expect(await readFile(file, 'utf8')).toBe('[]\n')
    expect(await readdir(dir)).toEqual(['out.json'])
  })

  it('writes bytes as given', async () => {
    const file = join(dir, 'out.bin')
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x5b, 0x5d, 0x00, 0xff])
    await writeFileAtomic(file, bytes)
    expect(new Uint8Array(await readFile(file))).toEqual(bytes)
  })

  it('replaces a file, keeping its permissions', async () => {
    const file = join(dir, 'private.json')
    await writeFile(file, 'old contents that are longer than the new ones')
    await chmod(file, 0o600)
    await writeFileAtomic(file, 'new')
    expect(await readFile(file, 'utf8')).toBe('new')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('writes through a symlink and keeps the link', async () => {
    const target = join(dir, 'target.json')
    const link = join(dir, 'link.json')
    await writeFile(target, 'old')
    await symlink(target, link)
    await writeFileAtomic(link, 'new')
    expect((await lstat(link)).isSymbolicLink()).toBe(true)
    expect(await readFile(target, 'utf8')).toBe('new')
  })

  it('never shows a partial file: until the rename, the target holds the old data', async () => {
    const file = join(dir, 'out.json')
    const next = 'x'.repeat(1 << 20)
    await writeFile(file, 'old')
    const seen: { temp: string; target: string }[] = []
    renameHook.before = async (from, to) => {
      seen.push({ temp: await readFile(from, 'utf8'), target: await readFile(to, 'utf8') })
    }
    await writeFileAtomic(file, next)
    expect(seen).toHaveLength(1)
    expect(seen[0].temp === next).toBe(true)
    expect(seen[0].target).toBe('old')
    expect(await readFile(file, 'utf8')).toBe(next)
  })

  it('on failure leaves the old file whole and removes the temp file', async () => {
    const file = join(dir, 'out.json')
    await writeFile(file, 'old')
    renameHook.before = async () => {
      throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' })
    }
    await expect(writeFileAtomic(file, 'new')).rejects.toMatchObject({ code: 'EIO' })
    expect(await readFile(file, 'utf8')).toBe('old')
    expect(await readdir(dir)).toEqual(['out.json'])
  })

  it('fails over a directory without touching it or leaving a temp file', async () => {
    const target = join(dir, 'taken')
    await mkdir(join(target, 'inside'), { recursive: true })
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow()
    expect(await readdir(target)).toEqual(['inside'])
    expect(await readdir(dir)).toEqual(['taken'])
  })

  it('fails in a missing directory without creating anything', async () => {
    await expect(writeFileAtomic(join(dir, 'missing', 'out.json'), 'x')).rejects.toMatchObject({
      code: 'ENOENT',
    })
    expect(await readdir(dir)).toEqual([])
  })

  it('concurrent writes to one path end with one whole version and no temp files', async () => {
    const file = join(dir, 'out.json')
    const versions = Array.from({ length: 8 }, (_, i) => String(i).repeat(100_000))
    await Promise.all(versions.map((v) => writeFileAtomic(file, v)))
    expect(versions).toContain(await readFile(file, 'utf8'))
    expect(await readdir(dir)).toEqual(['out.json'])
  })

  it('refuses a FIFO and a character device, naming what they are, and writes nothing', async () => {
    const fifo = join(dir, 'pipe')
    execFileSync('mkfifo', [fifo])
    await expect(writeFileAtomic(fifo, 'data')).rejects.toThrow(
      new NotRegularFileError(fifo, 'a FIFO (named pipe)'),
    )
    expect((await lstat(fifo)).isFIFO()).toBe(true)
    expect(await readdir(dir)).toEqual(['pipe'])
    const device = characterDevice(dir)
    await expect(writeFileAtomic(device, 'data')).rejects.toMatchObject({
      kind: 'a character device',
    })
    expect((await lstat(device)).isCharacterDevice()).toBe(true)
  })

  it('listens for SIGINT, SIGTERM and SIGHUP only while a write is in flight', async () => {
    const counts = () => ['SIGINT', 'SIGTERM', 'SIGHUP'].map((s) => process.listenerCount(s))
    const before = counts()
    let during: number[] = []
    renameHook.before = async () => {
      during = counts()
    }
    await Promise.all([writeFileAtomic(join(dir, 'a'), 'a'), writeFileAtomic(join(dir, 'b'), 'b')])
    // One handler for both writes, gone once both are done.
    expect(during).toEqual(before.map((n) => n + 1))
    expect(counts()).toEqual(before)
  })
})
