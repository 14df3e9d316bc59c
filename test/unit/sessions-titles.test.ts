import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findSessions, readSessionFile } from '../../node/sessions/index'
import { put } from './helpers/session-home'

// Each engine's title, where its log keeps one, as its own session list reads it (titles.ts):
// logs of our own in each engine's schema, the expected title written by hand beside each.

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

const jsonl = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n'

/** The title of each session found in a home holding FILES (path under the home: text), by path. */
async function titles(files: Record<string, string>): Promise<Record<string, string | null>> {
  const home = await mkdtemp(join(tmpdir(), 'titles-home-'))
  made.push(home)
  for (const [file, text] of Object.entries(files)) await put(home, file, text)
  const { sessions } = await findSessions({ ctx: { platform: 'linux', env: {}, home } })
  return Object.fromEntries(sessions.map((s) => [s.path.slice(home.length + 1), s.title ?? null]))
}

const CLAUDE_BASE = { sessionId: 's', version: '2.1.88', cwd: '/home/ana/app', isSidechain: false }
const claudeTurn = (n: number, text: string) => [
  {
    ...CLAUDE_BASE,
    type: 'user',
    uuid: `u${n}`,
    parentUuid: n === 1 ? null : `a${n - 1}`,
    timestamp: `2026-03-01T09:0${n}:00.000Z`,
    message: { role: 'user', content: text },
  },
  {
    ...CLAUDE_BASE,
    type: 'assistant',
    uuid: `a${n}`,
    parentUuid: `u${n}`,
    timestamp: `2026-03-01T09:0${n}:05.000Z`,
    message: {
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'Done.' }],
    },
  },
]
// Past the 64 KB Claude Code's list reads from either end (and this one, for its logs).
const claudeFiller = (n: number) => claudeTurn(n, 'x'.repeat(70_000))
// Past 32 KB, within 64 KB.
const claudeShortFiller = (n: number) => claudeTurn(n, 'x'.repeat(40_000))
const claude = (name: string) => `.claude/projects/-home-ana-app/${name}.jsonl`

describe('session titles', () => {
  it('Claude Code: a rename over the AI title, from the tail or the head; else the old title line', async () => {
    const found = await titles({
      // An AI title early, a /rename later, re-appended at the end when the session exited.
      [claude('renamed')]: jsonl([
        ...claudeTurn(1, 'Fix the flaky test.'),
        { type: 'ai-title', aiTitle: 'Flaky test fix', sessionId: 's' },
        ...claudeFiller(2),
        { type: 'custom-title', customTitle: 'Retry helper', sessionId: 's' },
        ...claudeTurn(3, 'And the docs.'),
        { type: 'custom-title', customTitle: 'Retry helper, docs', sessionId: 's' },
      ]),
      // The AI title in the head, the tail past it: the head is read for it.
      [claude('ai')]: jsonl([
        ...claudeTurn(1, 'Fix the flaky test.'),
        { type: 'ai-title', aiTitle: 'Flaky test fix', sessionId: 's' },
        ...claudeFiller(2),
      ]),
      // A title line of a version before 2.1; after it, a task summary for `claude ps`, no title.
      [claude('summary')]: jsonl([
        ...claudeTurn(1, 'Fix the flaky test.'),
        { type: 'summary', summary: 'Retry helper waits forever', leafUuid: 'a1' },
        { type: 'task-summary', summary: 'Running the tests', sessionId: 's' },
      ]),
      [claude('task')]: jsonl([
        ...claudeTurn(1, 'Fix the flaky test.'),
        { type: 'task-summary', summary: 'Running the tests', sessionId: 's' },
      ]),
      // 40 KB from either end: in the 64 KB Claude Code reads, so found as it finds it.
      [claude('within')]: jsonl([
        ...claudeShortFiller(1),
        { type: 'ai-title', aiTitle: 'Forty kilobytes in', sessionId: 's' },
        ...claudeShortFiller(2),
      ]),
      // An AI title in the middle of a long file, in neither end: none, as Claude Code's list.
      [claude('middle')]: jsonl([
        ...claudeFiller(1),
        { type: 'ai-title', aiTitle: 'Lost in the middle', sessionId: 's' },
        ...claudeFiller(2),
      ]),
      [claude('none')]: jsonl(claudeTurn(1, 'Fix the flaky test.')),
    })
    expect(found).toEqual({
      [claude('renamed')]: 'Retry helper, docs',
      [claude('ai')]: 'Flaky test fix',
      [claude('summary')]: 'Retry helper waits forever',
      [claude('task')]: null,
      [claude('within')]: 'Forty kilobytes in',
      [claude('middle')]: null,
      [claude('none')]: null,
    })
  })

  it('Claude Code in a folder of the user’s, its engine told from its head: the same 64 KB', async () => {
    const home = await mkdtemp(join(tmpdir(), 'titles-home-'))
    made.push(home)
    const log = jsonl([
      ...claudeShortFiller(1),
      { type: 'ai-title', aiTitle: 'Forty kilobytes in', sessionId: 's' },
      ...claudeShortFiller(2),
    ])
    await put(home, 'logs/run.jsonl', log)
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: {}, home },
      folders: [join(home, 'logs')],
    })
    expect(sessions.map((s) => [s.engine, s.title])).toEqual([
      ['claude-code', 'Forty kilobytes in'],
    ])
  })

  it('Gemini CLI: the last summary set, else the first record’s', async () => {
    const meta = {
      sessionId: 'g1',
      projectHash: 'h',
      startTime: '2026-03-01T09:00:00.000Z',
      lastUpdated: '2026-03-01T09:00:00.000Z',
    }
    const message = {
      id: 'm1',
      timestamp: '2026-03-01T09:00:01.000Z',
      type: 'user',
      content: [{ text: 'Summarize the summary field.' }],
    }
    const chats = '.gemini/tmp/app/chats'
    const found = await titles({
      [`${chats}/session-2026-03-01T09-00-g1.jsonl`]: jsonl([
        meta,
        message,
        { $set: { summary: 'Summary field docs' } },
        { $set: { lastUpdated: '2026-03-01T09:05:00.000Z' } },
      ]),
      [`${chats}/session-2026-03-01T10-00-g2.jsonl`]: jsonl([
        { ...meta, sessionId: 'g2', summary: 'Resumed with a title' },
        message,
      ]),
      [`${chats}/session-2026-03-01T11-00-g3.jsonl`]: jsonl([
        { ...meta, sessionId: 'g3' },
        message,
      ]),
    })
    expect(found).toEqual({
      [`${chats}/session-2026-03-01T09-00-g1.jsonl`]: 'Summary field docs',
      [`${chats}/session-2026-03-01T10-00-g2.jsonl`]: 'Resumed with a title',
      [`${chats}/session-2026-03-01T11-00-g3.jsonl`]: null,
    })
  })

  it('Gemini CLI single-document sessions: the record’s own summary, after or before the messages', async () => {
    const message = (text: string, args?: object) => ({
      id: 'm1',
      timestamp: '2025-12-10T09:00:01.000Z',
      type: 'gemini',
      content: text,
      ...(args ? { toolCalls: [{ id: 't1', name: 'write_todos', args, status: 'success' }] } : {}),
    })
    const record = (id: string, rest: object) =>
      JSON.stringify(
        {
          sessionId: id,
          projectHash: 'h',
          startTime: '2025-12-10T09:00:00.000Z',
          lastUpdated: '2025-12-10T09:05:00.000Z',
          ...rest,
        },
        null,
        2,
      )
    const chats = '.gemini/tmp/app/chats'
    const found = await titles({
      // The summary set on a record written before: after the messages, at the end.
      [`${chats}/session-2025-12-10T09-00-d1.json`]: record('d1', {
        messages: [message('Planned.', { summary: 'a tool argument, no title' })],
        summary: 'Release checklist',
      }),
      // A record made with its summary: before the messages, which end in a key of that name.
      [`${chats}/session-2025-12-10T10-00-d2.json`]: record('d2', {
        summary: 'Changelog wording',
        messages: [message('x'.repeat(40_000)), message('Done.', { summary: 'not this' })],
      }),
      // None of its own: a message's key is not taken for it.
      [`${chats}/session-2025-12-10T11-00-d3.json`]: record('d3', {
        messages: [message('Done.', { summary: 'not a title' })],
      }),
    })
    expect(found).toEqual({
      [`${chats}/session-2025-12-10T09-00-d1.json`]: 'Release checklist',
      [`${chats}/session-2025-12-10T10-00-d2.json`]: 'Changelog wording',
      [`${chats}/session-2025-12-10T11-00-d3.json`]: null,
    })
  })

  it('Codex CLI: the home’s session index over the rollout’s last rename; an empty name clears it', async () => {
    const ids = ['019c1111', '019c2222', '019c3333', '019c4444', '019c5555'].map(
      (head) => `${head}-aaaa-7bbb-8ccc-dddddddddddd`,
    )
    const rollout = (id: string, ...renames: (string | null)[]) =>
      jsonl([
        {
          timestamp: '2026-05-02T10:00:00.000Z',
          type: 'session_meta',
          payload: { id, timestamp: '2026-05-02T10:00:00.000Z', cwd: '/home/lee/ledger' },
        },
        {
          timestamp: '2026-05-02T10:00:01.000Z',
          type: 'response_item',
          payload: {
            type: 'message',
            role: 'user',
            content: [{ type: 'input_text', text: 'Plan it.' }],
          },
        },
        ...renames.map((name) => ({
          timestamp: '2026-05-02T10:00:02.000Z',
          type: 'event_msg',
          payload: { type: 'thread_name_updated', thread_id: id, thread_name: name },
        })),
      ])
    const file = (id: string, folder = 'sessions/2026/05/02') =>
      `.codex/${folder}/rollout-2026-05-02T10-00-00-${id}.jsonl`
    const entry = (id: string, name: string) => ({
      id,
      thread_name: name,
      updated_at: '2026-05-02T10:00:03Z',
    })
    const found = await titles({
      // Named in the rollout only (copied without its home's index entry).
      [file(ids[0])]: rollout(ids[0], 'Ledger plan', 'Ledger planning'),
      // Renamed in the index after the rollout's last name: the index is Codex's own lookup.
      [file(ids[1])]: rollout(ids[1], 'First name'),
      // Named, then cleared: a null name in the rollout, an empty one in the index.
      [file(ids[2])]: rollout(ids[2], 'Old name', null),
      [file(ids[3])]: rollout(ids[3], 'Old name'),
      // Archived: the same home's index.
      [file(ids[4], 'archived_sessions')]: rollout(ids[4]),
      '.codex/session_index.jsonl': jsonl([
        entry(ids[1], 'First name'),
        entry(ids[3], 'Old name'),
        entry(ids[1], 'Second name'),
        entry(ids[3], ''),
        entry(ids[4].toUpperCase(), 'Archived work'),
      ]),
    })
    expect(found).toEqual({
      [file(ids[0])]: 'Ledger planning',
      [file(ids[1])]: 'Second name',
      [file(ids[2])]: null,
      [file(ids[3])]: null,
      [file(ids[4], 'archived_sessions')]: 'Archived work',
    })
  })

  it('pi: the last session_info name; an empty one clears it', async () => {
    const session = (id: string) => ({
      type: 'session',
      version: 3,
      id,
      timestamp: '2026-02-10T10:00:00.000Z',
      cwd: '/home/sam/weather-cli',
    })
    const info = (id: string, name: string) => ({
      type: 'session_info',
      id,
      parentId: null,
      timestamp: '2026-02-10T10:01:00.000Z',
      name,
    })
    const dir = '.pi/agent/sessions/--home-sam-weather-cli--'
    const found = await titles({
      [`${dir}/2026-02-10T10-00-00-000Z_p1.jsonl`]: jsonl([
        session('p1'),
        info('i1', 'Weather CLI'),
        info('i2', 'Weather CLI, Celsius'),
      ]),
      [`${dir}/2026-02-10T11-00-00-000Z_p2.jsonl`]: jsonl([
        session('p2'),
        info('i1', 'Weather CLI'),
        info('i2', ''),
      ]),
    })
    expect(found).toEqual({
      [`${dir}/2026-02-10T10-00-00-000Z_p1.jsonl`]: 'Weather CLI, Celsius',
      [`${dir}/2026-02-10T11-00-00-000Z_p2.jsonl`]: null,
    })
  })

  it('Factory Droid: the session_start line’s sessionTitle, else its title', async () => {
    const message = {
      type: 'message',
      id: 'm1',
      timestamp: '2026-10-01T08:00:00.000Z',
      message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    }
    const dir = '.factory/sessions/-home-rhea-tidegauge'
    const found = await titles({
      [`${dir}/d1.jsonl`]: jsonl([
        {
          type: 'session_start',
          id: 'd1',
          title: 'hi',
          sessionTitle: 'Tide gauge parser',
          version: 2,
        },
        message,
      ]),
      [`${dir}/d2.jsonl`]: jsonl([
        { type: 'session_start', id: 'd2', title: 'Tides', version: 2 },
        message,
      ]),
    })
    expect(found).toEqual({
      [`${dir}/d1.jsonl`]: 'Tide gauge parser',
      [`${dir}/d2.jsonl`]: 'Tides',
    })
  })

  it('a file read alone (a recent file) has the title a listing gives it, wherever it is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'titles-alone-'))
    made.push(dir)
    // A Claude Code session outside its engine's folders, named by an id as Claude Code names it.
    const log = join(dir, '5c0f3d2e.jsonl')
    await writeFile(
      log,
      jsonl([
        ...claudeTurn(1, 'Fix the flaky test.'),
        { type: 'custom-title', customTitle: 'Retry helper', sessionId: 's' },
      ]),
    )
    expect((await readSessionFile(log))?.title).toBe('Retry helper')
    // No title in the log: the session, without one.
    const untitled = join(dir, 'untitled.jsonl')
    await writeFile(untitled, jsonl(claudeTurn(1, 'Fix the flaky test.')))
    const read = await readSessionFile(untitled)
    expect([read?.engine, read?.title]).toEqual(['claude-code', undefined])
    // A database's session by its id (testdata/sqlite's, titled in opencode.json by hand); the
    // database alone names no session, and an id it does not hold none.
    const sqlite = join(import.meta.dirname, '../../testdata/sqlite')
    const db = join(dir, 'opencode.db')
    await copyFile(join(sqlite, 'opencode.db'), db)
    await copyFile(join(sqlite, 'opencode.db-wal'), `${db}-wal`)
    expect((await readSessionFile(db, 'ses_2a0000000001Older0000000001'))?.title).toBe(
      'Rename the config loader',
    )
    expect(await readSessionFile(db)).toBeUndefined()
    expect(await readSessionFile(db, 'ses_0000000000000000000000')).toBeUndefined()
    // What is no session, or no file at all: nothing, and no error.
    const notes = join(dir, 'notes.json')
    await writeFile(notes, '{"todo": []}')
    expect(await readSessionFile(notes)).toBeUndefined()
    expect(await readSessionFile(join(dir, 'gone.jsonl'))).toBeUndefined()
    expect(await readSessionFile(dir)).toBeUndefined()
  })
})
