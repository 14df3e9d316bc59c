/**
 * The page's served API (renderer/bridge/served-api.ts) against the real server and follower:
 * what a page served by `compaction-inspector serve` gets through window.api.
 */
import {
  appendFile,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rm,
  truncate,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileChange } from '../../electron/contract'
import { follower } from '../../node/follower'
import { startServe, type RunningServe } from '../../node/serve/server'
import { createSessionCatalog } from '../../node/sessions/catalog'
import { createServedApi, servedKey, type ServedApi } from '../../renderer/bridge/served-api'
import { createWebApi } from '../../renderer/bridge/web-api'

const FIXTURE = join(import.meta.dirname, '../../testdata/formats/claude-code.jsonl')

describe('the served page’s window.api', () => {
  let home: string
  let log: string
  let server: RunningServe
  let api: ServedApi
  const warnings: string[] = []

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'served-api-'))
    const web = join(home, 'web')
    await mkdir(web)
    await writeFile(join(web, 'index.html'), '<!doctype html>')
    const project = join(home, '.claude', 'projects', '-home-ana-upload-svc')
    await mkdir(project, { recursive: true })
    log = join(project, 's1.jsonl')
    await copyFile(FIXTURE, log)
    const ctx = { platform: 'linux' as const, env: { HOME: home }, home }
    server = await startServe({
      webDir: web,
      catalog: createSessionCatalog({ ctx }),
      follow: follower,
      log: () => {},
    })
    const base = `http://127.0.0.1:${server.port}`
    // The page fetches same-origin paths; here the origin is put in front of them.
    api = createServedApi(
      server.key,
      (m) => warnings.push(m),
      (input, init) => fetch(base + String(input), init),
    )
  })

  afterEach(async () => {
    await api.unfollowFile()
    await server.close()
    await rm(home, { recursive: true, force: true })
  })

  const openFirst = async () => {
    const rows = await api.listSessions()
    if (!rows.ok) throw new Error(rows.error)
    const file = await api.openSession(rows.value[0].id)
    if (!file.ok) throw new Error(file.error)
    return file.value
  }

  it('opens a session as its bytes, with the server’s token, the name and the path', async () => {
    const file = await openFirst()
    expect(file).toMatchObject({ name: 's1.jsonl', path: log })
    expect(Buffer.from(file.content as Uint8Array)).toEqual(await readFile(log))
    const again = await api.reopenFile(file.token!)
    expect(again.ok && Buffer.from(again.value.content as Uint8Array)).toEqual(await readFile(log))
  })

  it('delivers an append, then the whole file again when it is truncated', async () => {
    const file = await openFirst()
    const size = (file.content as Uint8Array).byteLength
    const changes: FileChange[] = []
    api.onFileChange((change) => changes.push(change))
    expect(await api.followFile(file.token!, size)).toEqual({ ok: true, value: null })

    const line = '{"type":"user","message":{"role":"user","content":"¿y ahora? 🙂"}}\n'
    await appendFile(log, line)
    await expect.poll(() => changes.length, { timeout: 10_000 }).toBe(1)
    expect(changes[0]).toMatchObject({ token: file.token, kind: 'append' })
    expect(new TextDecoder().decode((changes[0] as { bytes: Uint8Array }).bytes)).toBe(line)

    await truncate(log, 100)
    await expect.poll(() => changes.length, { timeout: 10_000 }).toBe(2)
    expect(changes[1]).toMatchObject({ token: file.token, kind: 'reset', reason: 'truncated' })
    expect(Buffer.from((changes[1] as { bytes: Uint8Array }).bytes)).toEqual(await readFile(log))
  })

  it('says why it cannot follow a token the server did not issue', async () => {
    expect(await api.followFile('T'.repeat(32), 0)).toEqual({
      ok: false,
      error:
        'Refused: this server did not open this file. Open it again from the list of sessions.',
    })
  })

  it('says the server is gone, in a sentence, once it stops', async () => {
    await server.close()
    expect(await api.listSessions()).toEqual({
      ok: false,
      error: 'The inspector server does not answer: is `compaction-inspector serve` still running?',
    })
  })
})

describe('a forked subagent opened through the served page', () => {
  // The fixtures of testdata/formats/claude-code-fork, in a folder of the user's: the session's
  // transcript, and its forked subagent's file two folders below it, as Claude Code keeps them.
  const FORK = join(import.meta.dirname, '../../testdata/formats/claude-code-fork')
  let home: string
  let server: RunningServe

  afterEach(async () => {
    await server.close()
    await rm(home, { recursive: true, force: true })
  })

  it('comes with its parent’s transcript, each part as its own bytes', async () => {
    home = await mkdtemp(join(tmpdir(), 'served-fork-'))
    const web = join(home, 'web')
    await mkdir(web)
    await writeFile(join(web, 'index.html'), '<!doctype html>')
    const folder = join(home, 'logs')
    await mkdir(join(folder, 'sess-1', 'subagents'), { recursive: true })
    await copyFile(join(FORK, 'sess-1.jsonl'), join(folder, 'sess-1.jsonl'))
    const agent = join(folder, 'sess-1', 'subagents', 'agent-af1.jsonl')
    await copyFile(join(FORK, 'sess-1/subagents/agent-af1.jsonl'), agent)
    const ctx = { platform: 'linux' as const, env: { HOME: home }, home }
    server = await startServe({
      webDir: web,
      catalog: createSessionCatalog({ ctx, folders: [folder] }),
      follow: follower,
      log: () => {},
    })
    const base = `http://127.0.0.1:${server.port}`
    const api = createServedApi(
      server.key,
      () => {},
      (input, init) => fetch(base + String(input), init),
    )
    const rows = await api.listSessions()
    if (!rows.ok) throw new Error(rows.error)
    const opened = await Promise.all(rows.value.map((row) => api.openSession(row.id)))
    const file = opened.find((f) => f.ok && f.value.name === 'agent-af1.jsonl')
    if (!file?.ok) throw new Error('the subagent’s file is not listed')
    expect(Buffer.from(file.value.content as Uint8Array)).toEqual(await readFile(agent))
    expect(file.value.companion?.name).toBe('sess-1.jsonl')
    expect(Buffer.from(file.value.companion!.content as Uint8Array)).toEqual(
      await readFile(join(folder, 'sess-1.jsonl')),
    )
    // The session's own transcript refers to no parent, and comes alone.
    const session = opened.find((f) => f.ok && f.value.name === 'sess-1.jsonl')
    expect(session?.ok && session.value.companion).toBeUndefined()
  })
})

describe('which page is served by serve', () => {
  it('is the one whose address holds a key of the server’s shape', () => {
    expect(servedKey({ search: `?key=${'k'.repeat(32)}` })).toBe('k'.repeat(32))
    expect(servedKey({ search: '' })).toBeNull()
    expect(servedKey({ search: '?key=short' })).toBeNull()
    expect(servedKey({ search: `?other=${'k'.repeat(32)}` })).toBeNull()
  })

  it('a plain page still says it cannot see sessions', async () => {
    const plain = createWebApi({} as Document, null, () => {}, null)
    expect(plain.sessions).toBe(false)
    expect(await plain.listSessions()).toMatchObject({ ok: false })
    const served = createWebApi({} as Document, null, () => {}, createServedApi('k'.repeat(32)))
    expect(served.sessions).toBe(true)
    expect(served.host).toBe('web')
  })
})
