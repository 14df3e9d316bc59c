import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { watch } from 'node:fs'
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { expectOneLineFailure, ROOT, runBuiltCli, useBuiltCli } from './helpers/built-cli'
import { characterDevice } from './helpers/devices'

// apply -o as an attacker (or an accident) would aim it: at a pipe, a device, a socket, a
// directory, standard output, and a write cut short by a signal. The built tool is spawned.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

const SAMPLE = join(ROOT, 'testdata/conversations/sample.json')
const APPLY = ['apply', SAMPLE, '--max-tokens', '2000', '--summary', 'The summary.']

let cli = ''
let work = ''
useBuiltCli('cli-output-', (built) => ({ cli, work } = built))

const run = (args: string[]) => runBuiltCli(cli, args, { cwd: work })

describe('apply -o: only a regular file or a new path', () => {
  let server: Server | undefined
  afterAll(() => server?.close())

  it('refuses a FIFO, and leaves it a FIFO', async () => {
    const fifo = join(work, 'a-fifo')
    execFileSync('mkfifo', [fifo])
    const line = expectOneLineFailure(await run([...APPLY, '-o', fifo]))
    expect(line).toBe(
      `${fifo}: refusing to write: it is a FIFO (named pipe), not a regular file ` +
        "(-o takes a regular file or a new path; '-' is standard output)",
    )
    expect((await lstat(fifo)).isFIFO()).toBe(true)
  })

  it('refuses a FIFO reached through a symlink', async () => {
    const fifo = join(work, 'another-fifo')
    execFileSync('mkfifo', [fifo])
    await symlink(fifo, join(work, 'link-to-fifo'))
    const line = expectOneLineFailure(await run([...APPLY, '-o', join(work, 'link-to-fifo')]))
    expect(line).toContain('it is a FIFO (named pipe), not a regular file')
    expect((await lstat(fifo)).isFIFO()).toBe(true)
  })

  it('refuses a character device, and leaves it one', async () => {
    const device = characterDevice(work)
    const line = expectOneLineFailure(await run([...APPLY, '-o', device]))
    expect(line).toBe(
      `${device}: refusing to write: it is a character device, not a regular file ` +
        "(-o takes a regular file or a new path; '-' is standard output)",
    )
    expect((await lstat(device)).isCharacterDevice()).toBe(true)
  })

  it('refuses a directory and a socket', async () => {
    const dir = join(work, 'a-directory')
    await mkdir(dir)
    expect(expectOneLineFailure(await run([...APPLY, '-o', dir]))).toContain(
      'it is a directory, not a regular file',
    )
    expect(await readdir(dir)).toEqual([])

    const socket = join(work, 'a-socket')
    server = createServer()
    await new Promise<void>((listening) => server!.listen(socket, listening))
    expect(expectOneLineFailure(await run([...APPLY, '-o', socket]))).toContain(
      'it is a socket, not a regular file',
    )
    expect((await lstat(socket)).isSocket()).toBe(true)
  })

  it.each(['-', '/dev/stdout'])('writes -o %s to standard output, even a pipe', async (out) => {
    const plain = await run(APPLY)
    const r = await run([...APPLY, '-o', out])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe(plain.stdout)
    // sample.json's two instructions come first, then the summary.
    expect(JSON.parse(r.stdout)[2]).toMatchObject({ type: 'context', text: 'The summary.' })
  })
})

describe('apply -o interrupted by a signal', () => {
  let summary = ''
  beforeAll(async () => {
    // 100 MB of summary makes a write long enough to be caught in the middle.
    summary = join(work, 'big-summary.md')
    await writeFile(
      summary,
      'The agent fixed the due date bug in INV-2024-00917.\n'.repeat(2_000_000),
    )
  })

  // Starts apply, sends `signal` the moment its temp file appears, and waits for it to end.
  async function interrupt(signal: NodeJS.Signals) {
    const dir = await mkdtemp(join(work, 'interrupted-'))
    const out = join(dir, 'compacted.json')
    const args = ['apply', SAMPLE, '--max-tokens', '2000', '--summary-file', summary, '-o', out]
    const child = spawn(process.execPath, [cli, ...args], { stdio: 'ignore' })
    let seen = ''
    const watcher = watch(dir, (_, name) => {
      if (seen === '' && name?.endsWith('.tmp')) {
        seen = name
        child.kill(signal)
      }
    })
    const [code] = (await once(child, 'exit')) as [number | null]
    watcher.close()
    const left = await readdir(dir)
    await rm(dir, { recursive: true, force: true })
    return { code, seen, left }
  }

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s: removes the temp file, writes no output, exits %i', async (signal, status) => {
    const { code, seen, left } = await interrupt(signal)
    expect(seen).toMatch(/^\.compacted\.json\.\d+\.[0-9a-f]+\.tmp$/)
    expect(left).toEqual([])
    expect(code).toBe(status)
  })

  it('an uninterrupted write leaves the whole output and nothing else', async () => {
    const dir = await mkdtemp(join(work, 'whole-'))
    const out = join(dir, 'compacted.json')
    const r = await run([...APPLY, '-o', out])
    expect(r.status).toBe(0)
    expect(await readdir(dir)).toEqual(['compacted.json'])
    expect(await readFile(out, 'utf8')).toBe((await run(APPLY)).stdout)
  })
})
