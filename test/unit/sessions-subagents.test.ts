/**
 * Claude Code's subagent transcripts in the sessions list: found in each session's `subagents/`
 * folder (2.1.2 on) and beside the sessions (before), named by their sidecar, listed under their
 * session by the CLI and the catalog, never taken for the latest session. The layout and the
 * sidecar's fields follow Claude Code's getAgentTranscriptPath and AgentMetadata
 * (docs/sessions.md, "Subagents"); the logs are our own.
 */
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createSessionCatalog,
  findSessions,
  latestSession,
  type FindOptions,
} from '../../node/sessions/index'
import { put } from './helpers/session-home'
import { runSessionsCli, useSessionHome } from './helpers/sessions-cli'

const PROJECT = '.claude/projects/-home-dev-parser'
const FILES = {
  session: `${PROJECT}/sess-2.jsonl`,
  explore: `${PROJECT}/sess-2/subagents/agent-a1.jsonl`,
  linked: `${PROJECT}/sess-2/subagents/agent-a2.jsonl`,
  workflow: `${PROJECT}/sess-2/subagents/workflows/run-7/agent-w1.jsonl`,
  journal: `${PROJECT}/sess-2/subagents/workflows/run-7/journal.jsonl`,
  deep: `${PROJECT}/sess-2/subagents/a/b/c/agent-deep.jsonl`,
  old: `${PROJECT}/old-1.jsonl`,
  legacy: `${PROJECT}/agent-b2.jsonl`,
  orphan: `${PROJECT}/gone-3/subagents/agent-c3.jsonl`,
}

// A two-event Claude Code log of session SESSION, its events at START and END.
function log(session: string, start: string, end: string, words: string, sidechain: boolean) {
  const base = { sessionId: session, cwd: '/home/dev/parser', version: '2.1.90' }
  const events = [
    {
      ...base,
      type: 'user',
      uuid: `${session}-${start}-1`,
      parentUuid: null,
      isSidechain: sidechain,
      timestamp: start,
      message: { role: 'user', content: words },
    },
    {
      ...base,
      type: 'assistant',
      uuid: `${session}-${start}-2`,
      parentUuid: `${session}-${start}-1`,
      isSidechain: sidechain,
      timestamp: end,
      message: { role: 'assistant', model: 'claude-sonnet-4-5', content: 'Done.' },
    },
  ]
  return events.map((e) => JSON.stringify(e)).join('\n') + '\n'
}

let home = ''
let outside = ''
const options = (): FindOptions => ({ ctx: { platform: 'linux', env: { HOME: home }, home } })
const rel = (path: string) => path.slice(home.length + 1)

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'sessions-subagents-'))
  outside = await mkdtemp(join(tmpdir(), 'sessions-outside-'))
  const t = (hm: string) => `2026-04-01T${hm}:00.000Z`
  await put(
    home,
    FILES.session,
    log('sess-2', t('09:00'), t('09:10'), 'Refactor the parser', false),
  )
  await put(home, FILES.explore, log('sess-2', t('09:02'), t('09:20'), 'Find uploadHandler', true))
  await put(
    home,
    FILES.explore.replace('.jsonl', '.meta.json'),
    JSON.stringify({ agentType: 'Explore', description: 'Find the\n   upload handler', name: 'x' }),
  )
  await put(home, FILES.linked, log('sess-2', t('09:05'), t('09:06'), 'Run the tests', true))
  // A sidecar that is a link out of the subagents' folder is not read.
  const secret = await put(outside, 'secret.json', JSON.stringify({ agentType: 'Secret' }))
  await symlink(secret, join(home, FILES.linked.replace('.jsonl', '.meta.json')))
  await put(home, FILES.workflow, log('sess-2', t('09:01'), t('09:03'), 'Lint step', true))
  await put(home, FILES.journal, log('sess-2', t('09:01'), t('09:01'), 'journal', false))
  await put(home, FILES.deep, log('sess-2', t('09:01'), t('09:01'), 'too deep', true))
  // Before 2.1.2: the subagent's transcript beside the sessions, naming its session in each event;
  // its activity the newest of all.
  await put(home, FILES.old, log('old-1', t('09:30'), t('09:35'), 'Old work', false))
  await put(home, FILES.legacy, log('old-1', t('09:31'), t('09:40'), 'Old search', true))
  // A subagent whose session's transcript is gone.
  const c = '2025-12-01T10:00:00.000Z'
  await put(home, FILES.orphan, log('gone-3', c, c, 'Orphan task', true))
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await rm(home, { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

describe('finding subagents', () => {
  it('lists each transcript with its session and sidecar, and nothing else', async () => {
    const { sessions } = await findSessions(options())
    const byPath = Object.fromEntries(sessions.map((s) => [rel(s.path), s.subagent]))
    expect(byPath).toEqual({
      [FILES.session]: undefined,
      [FILES.old]: undefined,
      [FILES.explore]: {
        agentId: 'a1',
        parentKey: join(home, FILES.session),
        agentType: 'Explore',
        // On one line.
        description: 'Find the upload handler',
      },
      [FILES.linked]: { agentId: 'a2', parentKey: join(home, FILES.session) },
      [FILES.workflow]: { agentId: 'w1', parentKey: join(home, FILES.session) },
      [FILES.legacy]: { agentId: 'b2', parentKey: join(home, FILES.old) },
      // Its session is not listed: it stands alone.
      [FILES.orphan]: { agentId: 'c3' },
    })
  })

  it('never takes a subagent for the latest session', async () => {
    const { session } = await latestSession(options(), 'claude-code')
    // agent-b2's activity is the newest of all.
    expect(session && rel(session.path)).toBe(FILES.old)
  })

  it('names a subagent’s session by its id in the catalog, never by its path', async () => {
    const catalog = createSessionCatalog(options())
    const list = await catalog.list()
    const idPath = new Map<string, string>()
    for (const s of list) idPath.set(s.id, rel((await catalog.locate(s.id))!.path))
    const id = (file: string) => [...idPath].find(([, path]) => path === file)?.[0]
    const explore = list.find((s) => s.id === id(FILES.explore))!
    expect(explore.subagent).toEqual({
      agentId: 'a1',
      parentId: id(FILES.session),
      agentType: 'Explore',
      description: 'Find the upload handler',
    })
    expect(list.find((s) => s.id === id(FILES.orphan))!.subagent).toEqual({
      agentId: 'c3',
    })
    expect(JSON.stringify(list)).not.toContain(home)
    expect(await catalog.counts(explore.id)).toEqual({ messages: 2, compactions: 0 })
  })
})

describe('compaction-inspector sessions and subagents', () => {
  useSessionHome(() => home)
  const run = (args: string[]) => runSessionsCli(args, 140)
  const firstCells = (out: string) =>
    out
      .trimEnd()
      .split('\n')
      .map((line) => line.trim().split(/ {2,}/).slice(0, 2))

  it('lists the sessions, and says how many subagents it left out', async () => {
    const { status, out, err } = await run(['sessions'])
    expect(status).toBe(0)
    expect(err).toEqual([
      'sessions: 5 subagent transcripts not listed; --subagents lists them under their sessions',
    ])
    expect(firstCells(out)).toEqual([
      ['engine', 'project'],
      ['Claude Code', '/home/dev/parser'],
      ['Claude Code', '/home/dev/parser'],
    ])
  })

  it('--subagents: each under its session, in the order they started', async () => {
    const { status, out, err } = await run(['sessions', '--subagents'])
    expect({ status, err }).toEqual({ status: 0, err: [] })
    // Sessions by last activity (old-1, sess-2, the orphan); subagents by start.
    expect(firstCells(out)).toEqual([
      ['engine', 'project'],
      ['Claude Code', '/home/dev/parser'],
      ['↳ subagent', 'agent-b2'],
      ['Claude Code', '/home/dev/parser'],
      ['↳ subagent', 'agent-w1'],
      ['↳ subagent', 'Explore: Find the upload handler'],
      ['↳ subagent', 'agent-a2'],
      ['Claude Code subagent', '/home/dev/parser'],
    ])
    // Indented under the session.
    expect(out.split('\n')[2]).toMatch(/^ {2}↳ subagent/)
  })

  it('--json: the subagent and its session’s path on each row', async () => {
    const { out } = await run(['sessions', '--subagents', '--json'])
    const rows = JSON.parse(out) as { path: string; subagent: unknown }[]
    expect(rows.map((r) => [rel(r.path), r.subagent])).toEqual([
      [FILES.old, null],
      [
        FILES.legacy,
        {
          agentId: 'b2',
          agentType: null,
          description: null,
          session: join(home, FILES.old),
          sessionId: null,
        },
      ],
      [FILES.session, null],
      [
        FILES.workflow,
        {
          agentId: 'w1',
          agentType: null,
          description: null,
          session: join(home, FILES.session),
          sessionId: null,
        },
      ],
      [
        FILES.explore,
        {
          agentId: 'a1',
          agentType: 'Explore',
          description: 'Find the upload handler',
          session: join(home, FILES.session),
          sessionId: null,
        },
      ],
      [
        FILES.linked,
        {
          agentId: 'a2',
          agentType: null,
          description: null,
          session: join(home, FILES.session),
          sessionId: null,
        },
      ],
      [
        FILES.orphan,
        { agentId: 'c3', agentType: null, description: null, session: null, sessionId: null },
      ],
    ])
  })

  it('--text keeps a session whose subagent’s log holds the text', async () => {
    const { out } = await run(['sessions', '--text', 'uploadHandler', '--json'])
    expect((JSON.parse(out) as { path: string }[]).map((r) => rel(r.path))).toEqual([FILES.session])
  })

  it('latest opens a session, not a newer subagent', async () => {
    const { status, err } = await run(['tokens', 'latest'])
    expect(status).toBe(0)
    expect(err.join('\n')).toContain('old-1.jsonl')
  })
})

// Codex CLI: a spawned thread's rollout beside the others, its session_meta naming the thread that
// spawned it (SessionSource::SubAgent(SubAgentSource::ThreadSpawn), serialised snake_case).
describe('Codex CLI’s spawned threads', () => {
  const ROOT = '019d0000-aaaa-7bbb-8ccc-000000000001'
  const CHILD = '019d0000-aaaa-7bbb-8ccc-000000000002'
  const LOST = '019d0000-aaaa-7bbb-8ccc-000000000003'
  const REVIEW = '019d0000-aaaa-7bbb-8ccc-000000000004'
  const day = '.codex/sessions/2026/04/02'
  const file = (time: string, id: string) => `${day}/rollout-2026-04-02T${time}-${id}.jsonl`
  const rollout = (id: string, at: string, source: unknown, words: string) =>
    [
      {
        timestamp: at,
        type: 'session_meta',
        payload: {
          id,
          timestamp: at,
          cwd: '/work/gauges',
          originator: 'codex_cli_rs',
          cli_version: '0.171.0',
          source,
          model_provider: 'openai',
          base_instructions: { text: 'You are a coding agent.' },
        },
      },
      {
        timestamp: at,
        type: 'response_item',
        payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: words }] },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n') + '\n'
  let codexHome = ''
  const codexOptions = (): FindOptions => ({
    ctx: { platform: 'linux', env: { HOME: codexHome }, home: codexHome },
  })

  beforeAll(async () => {
    codexHome = await mkdtemp(join(tmpdir(), 'sessions-codex-subagents-'))
    await put(codexHome, file('10-00-00', ROOT), rollout(ROOT, '2026-04-02T10:00:00Z', 'cli', 'Go'))
    const spawn = (parent: string, more: object) => ({
      subagent: { thread_spawn: { parent_thread_id: parent, depth: 1, ...more } },
    })
    await put(
      codexHome,
      file('10-01-00', CHILD),
      rollout(
        CHILD,
        '2026-04-02T10:01:00Z',
        spawn(ROOT, { agent_path: null, agent_nickname: 'Euclid', agent_role: 'explorer' }),
        'Map the crate',
      ),
    )
    await put(
      codexHome,
      file('10-04-00', LOST),
      rollout(LOST, '2026-04-02T10:04:00Z', spawn('019d0000-ffff-7fff-8fff-00000000ffff', {}), 'x'),
    )
    await put(
      codexHome,
      file('10-03-00', REVIEW),
      rollout(REVIEW, '2026-04-02T10:03:00Z', { subagent: 'review' }, 'Review'),
    )
  })
  afterAll(async () => {
    await rm(codexHome, { recursive: true, force: true })
  })

  it('ties each to the rollout of the thread that spawned it', async () => {
    const { sessions } = await findSessions(codexOptions())
    const byFile = Object.fromEntries(
      sessions.map((s) => [s.path.slice(codexHome.length + 1), s.subagent]),
    )
    expect(byFile).toEqual({
      [file('10-00-00', ROOT)]: undefined,
      [file('10-01-00', CHILD)]: {
        agentId: CHILD,
        parentKey: join(codexHome, file('10-00-00', ROOT)),
        agentType: 'explorer',
        description: 'Euclid',
      },
      // Its spawning thread's rollout is not listed.
      [file('10-04-00', LOST)]: { agentId: LOST },
      // A review thread names no parent: a session of its own.
      [file('10-03-00', REVIEW)]: undefined,
    })
    // latest:codex is the newest rollout that is no spawned thread's: the review, not LOST.
    const { session } = await latestSession(codexOptions(), 'codex')
    expect(session && codexThreadIdOf(session.path)).toBe(REVIEW)
  })
})

const codexThreadIdOf = (path: string) => /-([0-9a-f-]{36})\.jsonl$/.exec(path)?.[1]

// Gemini CLI (chatRecordingService.ts): a subagent's chat is chats/<parent session id>/<id>.jsonl,
// its first record `kind: "subagent"`; the parent's is chats/session-<time>-<first 8 of its id>.
describe('Gemini CLI’s subagent chats', () => {
  const PARENT = 'abcdef12-3456-4789-8abc-def012345678'
  const chats = '.gemini/tmp/deploy-tools/chats'
  const chat = (sessionId: string, kind: string, at: string) =>
    [
      { sessionId, projectHash: 'f00d', startTime: at, lastUpdated: at, kind },
      { id: `${sessionId}-m1`, timestamp: at, type: 'user', content: [{ text: 'Check it' }] },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n') + '\n'
  let geminiHome = ''

  beforeAll(async () => {
    geminiHome = await mkdtemp(join(tmpdir(), 'sessions-gemini-subagents-'))
    await put(
      geminiHome,
      `${chats}/session-2026-04-03T10-00-abcdef12.jsonl`,
      chat(PARENT, 'main', '2026-04-03T10:00:00.000Z'),
    )
    await put(
      geminiHome,
      `${chats}/${PARENT}/sub-1.jsonl`,
      chat('sub-1', 'subagent', '2026-04-03T10:05:00.000Z'),
    )
    await put(
      geminiHome,
      `${chats}/99999999-0000-4000-8000-000000000000/sub-2.jsonl`,
      chat('sub-2', 'subagent', '2026-04-03T10:06:00.000Z'),
    )
  })
  afterAll(async () => {
    await rm(geminiHome, { recursive: true, force: true })
  })

  it('ties each to the chat of the session named for its folder', async () => {
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: { HOME: geminiHome }, home: geminiHome },
    })
    const byFile = Object.fromEntries(
      sessions.map((s) => [s.path.slice(geminiHome.length + 1), s.subagent]),
    )
    expect(byFile).toEqual({
      [`${chats}/session-2026-04-03T10-00-abcdef12.jsonl`]: undefined,
      [`${chats}/${PARENT}/sub-1.jsonl`]: {
        agentId: 'sub-1',
        parentKey: join(geminiHome, `${chats}/session-2026-04-03T10-00-abcdef12.jsonl`),
      },
      // Its session's chat is not there.
      [`${chats}/99999999-0000-4000-8000-000000000000/sub-2.jsonl`]: { agentId: 'sub-2' },
    })
  })
})
