import { request } from 'node:http'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FollowFile, FollowOptions } from '../../node/following'
import { startServe, type RunningServe } from '../../node/serve/server'
import { createFrameReader, frameHeader, type FrameChange } from '../../node/serve/wire'
import type { SessionCatalog } from '../../node/sessions/catalog'
import type { FileChange } from '../../electron/contract'

const KEY = 'k'.repeat(32)
const ID = 'S'.repeat(32)
const DATABASE_ID = 'D'.repeat(32)

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A raw GET, so the test chooses the Host header (fetch does not let it). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    req.on('error', fail)
    req.end()
  })
}

const withKey = { 'x-inspector-key': KEY }
const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'))

describe('compaction-inspector serve', () => {
  let dir: string
  let web: string
  let session: string
  let server: RunningServe
  let follows: { path: string; options: FollowOptions; closed: boolean }[]

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'serve-test-'))
    web = join(dir, 'web')
    await mkdir(join(web, 'assets'), { recursive: true })
    await writeFile(join(web, 'index.html'), '<!doctype html><title>page</title>')
    await writeFile(join(web, 'assets', 'app.js'), 'export {}')
    await writeFile(join(dir, 'secret.txt'), 'outside the build')
    await symlink(join(dir, 'secret.txt'), join(web, 'assets', 'link.js'))
    session = join(dir, 'session.jsonl')
    await writeFile(session, '{"type":"user"}\n')
    const catalog: SessionCatalog = {
      list: async () => [
        {
          id: ID,
          engine: 'claude-code',
          engineLabel: 'Claude Code',
          format: 'claude-code',
          project: '/p',
          cwd: '/p',
          lastActive: '2026-01-01T00:00:00.000Z',
          size: 16,
        },
      ],
      counts: async (id) => (id === ID ? { messages: 1, compactions: 0 } : null),
      // DATABASE_ID: a session of a database, which the page is to read by its id there.
      locate: async (id) =>
        id === ID
          ? { path: session }
          : id === DATABASE_ID
            ? { path: session, session: 'ses_older' }
            : null,
      containing: async (text) => (text === '"type"' ? [ID] : []),
    }
    follows = []
    const follow: FollowFile = (path, options) => {
      const entry = { path, options, closed: false }
      follows.push(entry)
      return { close: () => void (entry.closed = true) }
    }
    server = await startServe({ webDir: web, catalog, follow, key: KEY, log: () => {} })
  })

  afterEach(async () => {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('prints an address on 127.0.0.1 that holds the key', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?key=${KEY}`)
  })

  it('serves the build, with the app’s CSP and no Referer that could carry the key', async () => {
    const page = await get(server.port, '/?key=' + KEY)
    expect(page.status).toBe(200)
    expect(page.body.toString()).toContain('<title>page</title>')
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect((await get(server.port, '/assets/app.js')).headers['content-type']).toMatch(/javascript/)
  })

  it('refuses every API request without the key, or with another', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-inspector-key': 'x'.repeat(32) },
      { cookie: `key=${KEY}` },
    ]
    for (const headers of attempts) {
      const answer = await get(server.port, '/api/sessions', headers)
      expect(answer.status).toBe(403)
      expect(json(answer)).toEqual({
        ok: false,
        error: 'Refused: the access key is missing or wrong.',
      })
    }
  })

  it('refuses a Host that is not this machine’s name (DNS rebinding), for the page too', async () => {
    for (const host of [
      `evil.example:${server.port}`,
      '127.0.0.1',
      `127.0.0.1:${server.port + 1}`,
    ]) {
      expect((await get(server.port, '/', { host })).status, host).toBe(403)
      expect((await get(server.port, '/api/sessions', { host, ...withKey })).status, host).toBe(403)
    }
    expect((await get(server.port, '/', { host: `localhost:${server.port}` })).status).toBe(200)
  })

  it('serves nothing outside the build: no traversal, no link out of it', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets%5c..%5c..%5csecret.txt',
      '/assets/link.js',
      '/%00',
    ]) {
      const answer = await get(server.port, path)
      expect([400, 404], path).toContain(answer.status)
      expect(answer.body.toString(), path).not.toContain('outside the build')
    }
  })

  it('lists sessions without their path or working directory', async () => {
    const answer = json(await get(server.port, '/api/sessions', withKey))
    expect(answer).toEqual({
      ok: true,
      value: [
        {
          id: ID,
          engine: 'claude-code',
          engineLabel: 'Claude Code',
          format: 'claude-code',
          project: '/p',
          lastActive: '2026-01-01T00:00:00.000Z',
          size: 16,
        },
      ],
    })
  })

  it('searches the logs for a text, and refuses a text that is none', async () => {
    const search = (query: string) =>
      get(server.port, `/api/sessions/search?${query}`, withKey).then((a) => ({
        status: a.status,
        body: json(a),
      }))
    expect(await search('text=%22type%22')).toEqual({
      status: 200,
      body: { ok: true, value: [ID] },
    })
    expect((await search('text=absent')).body).toEqual({ ok: true, value: [] })
    for (const query of ['', 'text=', `text=${'x'.repeat(201)}`]) {
      const answer = await search(query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.error, query).toMatch(/^Invalid request: the text to search for/)
    }
  })

  it('refuses an id it did not list and anything that is not an id', async () => {
    for (const path of [
      '/api/sessions/open?id=' + 'A'.repeat(32),
      '/api/sessions/counts?id=' + 'A'.repeat(32),
    ]) {
      const answer = await get(server.port, path, withKey)
      expect(answer.status, path).toBe(404)
      expect(json(answer).error, path).toMatch(/^Refused: this session is not in the list/)
    }
    for (const id of [session, '../../etc/passwd', '']) {
      const answer = await get(
        server.port,
        `/api/sessions/open?id=${encodeURIComponent(id)}`,
        withKey,
      )
      expect(answer.status, id).toBe(400)
      expect(json(answer).error, id).toMatch(/^Invalid request: the session id/)
    }
  })

  it('opens a listed session as bytes with a token, which reopens and follows that file only', async () => {
    const opened = await get(server.port, `/api/sessions/open?id=${ID}`, withKey)
    expect(opened.status).toBe(200)
    expect(opened.body.toString()).toBe('{"type":"user"}\n')
    const token = String(opened.headers['x-file-token'])
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(decodeURIComponent(String(opened.headers['x-file-name']))).toBe('session.jsonl')

    const again = await get(server.port, `/api/files/open?token=${token}`, withKey)
    expect(again.body.toString()).toBe('{"type":"user"}\n')
    const forged = await get(server.port, `/api/files/open?token=${'T'.repeat(32)}`, withKey)
    expect(forged.status).toBe(404)
    const path = await get(
      server.port,
      `/api/files/open?token=${encodeURIComponent(session)}`,
      withKey,
    )
    expect(path.status).toBe(400)
    expect(
      (await get(server.port, `/api/follow?token=${'T'.repeat(32)}&from=0`, withKey)).status,
    ).toBe(404)
    expect((await get(server.port, `/api/follow?token=${token}&from=-1`, withKey)).status).toBe(400)
    expect(follows).toEqual([])
  })

  it('says which session of a database a listed row is, and nothing for a log', async () => {
    const row = await get(server.port, `/api/sessions/open?id=${DATABASE_ID}`, withKey)
    expect(row.status).toBe(200)
    expect(row.headers['x-file-session']).toBe('ses_older')
    const log = await get(server.port, `/api/sessions/open?id=${ID}`, withKey)
    expect(log.headers['x-file-session']).toBeUndefined()
  })

  it('streams a follow’s changes as frames, and stops the follower when the page lets go', async () => {
    const opened = await get(server.port, `/api/sessions/open?id=${ID}`, withKey)
    const token = String(opened.headers['x-file-token'])
    const changes: FileChange[] = []
    const frames = createFrameReader(token, (change) => changes.push(change))
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      path: `/api/follow?token=${token}&from=16`,
      headers: { host: `127.0.0.1:${server.port}`, ...withKey },
    })
    const response = await new Promise<import('node:http').IncomingMessage>((done) => {
      req.on('response', done)
      req.end()
    })
    expect(response.statusCode).toBe(200)
    response.on('data', (chunk: Buffer) => frames.push(new Uint8Array(chunk)))
    await expect.poll(() => follows.length).toBe(1)
    expect(follows[0]).toMatchObject({ path: session, options: { from: 16, wholeFile: false } })
    const line = new TextEncoder().encode('{"type":"assistant"}\n')
    follows[0].options.onChange({ kind: 'append', bytes: line })
    follows[0].options.onChange({ kind: 'gone' })
    await expect.poll(() => changes.length).toBe(2)
    expect(changes).toEqual([
      { token, kind: 'append', bytes: line },
      { token, kind: 'gone' },
    ])
    req.destroy()
    await expect.poll(() => follows[0].closed).toBe(true)
  })

  it('answers only GET and HEAD, and the API only GET', async () => {
    const status = await new Promise<number>((done) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/sessions',
          method: 'POST',
          headers: withKey,
        },
        (res) => done(res.statusCode ?? 0),
      )
      req.end()
    })
    expect(status).toBe(405)
    const head = await new Promise<number>((done) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `/api/follow?token=${'T'.repeat(32)}&from=0`,
          method: 'HEAD',
          headers: withKey,
        },
        (res) => done(res.statusCode ?? 0),
      )
      req.end()
    })
    expect(head).toBe(405)
    expect(follows).toEqual([])
  })
})

describe('follow frames', () => {
  const changes: FrameChange[] = [
    { kind: 'append', bytes: new TextEncoder().encode('{"a":"é🙂"}\n') },
    { kind: 'reset', reason: 'truncated', bytes: new TextEncoder().encode('x') },
    { kind: 'reset', reason: 'replaced', bytes: new Uint8Array(0) },
    { kind: 'reset', reason: 'rewritten', bytes: new Uint8Array([0, 1, 2, 255]) },
    { kind: 'gone' },
  ]
  const stream = Buffer.concat(
    changes.flatMap((c) => [frameHeader(c), c.kind === 'gone' ? new Uint8Array(0) : c.bytes]),
  )

  it('are read back whole wherever the stream is cut, one byte at a time included', () => {
    for (const size of [1, 2, 3, 5, 7, stream.length]) {
      const got: FileChange[] = []
      const reader = createFrameReader('t', (change) => got.push(change))
      for (let at = 0; at < stream.length; at += size) reader.push(stream.subarray(at, at + size))
      expect(got, `cut every ${size} bytes`).toEqual(changes.map((c) => ({ token: 't', ...c })))
      expect(reader.pendingBytes).toBe(0)
    }
  })

  it('hold a 10 MB append as its bytes: five bytes of header, no encoding', () => {
    const bytes = new Uint8Array(10 * 1024 * 1024).fill(97)
    expect(frameHeader({ kind: 'append', bytes })).toEqual(new Uint8Array([0, 0, 0xa0, 0, 0]))
  })
})
