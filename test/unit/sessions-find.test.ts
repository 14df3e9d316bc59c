import { copyFile, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  countSession,
  createSessionCatalog,
  findSessions,
  SESSION_ID_PATTERN,
  type FindOptions,
} from '../../node/sessions/index'
import { FORMATS_DIR, linuxEnv, makeSessionHome, PATHS, put } from './helpers/session-home'

let home = ''
const options = (folders: string[] = []): FindOptions => ({
  ctx: { platform: 'linux', env: linuxEnv(home), home },
  folders,
})
const made: string[] = []

beforeAll(async () => {
  home = await makeSessionHome()
  made.push(home)
})
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

describe('finding the sessions in a home folder', () => {
  it('lists one of each engine, newest activity first, with what each log says', async () => {
    const { sessions } = await findSessions(options())
    // Values from the logs in helpers/session-home.ts and testdata/formats, read by hand.
    expect(
      sessions.map(({ engine, project, started, lastActive, model, path }) => ({
        engine,
        project,
        started,
        lastActive,
        model,
        path: path.slice(home.length + 1),
      })),
    ).toEqual([
      {
        engine: 'claude-code',
        project: '/home/ana/upload-svc',
        started: '2026-03-01T09:00:00.000Z',
        lastActive: '2026-03-01T10:00:10.000Z',
        // The last real model: the `<synthetic>` line after it is Claude Code's own.
        model: 'claude-opus-4-1',
        path: PATHS.claude,
      },
      {
        engine: 'codex',
        project: '/work/gauges',
        started: '2026-02-20T14:00:00.000Z',
        lastActive: '2026-02-20T14:05:10.000Z',
        model: 'gpt-5.1-codex-max',
        path: PATHS.codex,
      },
      {
        engine: 'pi',
        project: '/home/sam/weather-cli',
        started: '2026-02-10T10:00:00.000Z',
        // The entry's own time, not the message's numeric one.
        lastActive: '2026-02-10T10:06:30.000Z',
        model: 'gpt-5',
        path: PATHS.pi,
      },
      {
        engine: 'gemini-cli',
        // From the project folder's .project_root.
        project: '/home/lee/deploy-tools',
        started: '2025-11-20T14:01:00.000Z',
        lastActive: '2025-11-20T14:30:06.000Z',
        model: 'gemini-3-pro-preview',
        path: PATHS.gemini,
      },
      {
        engine: 'roo-code',
        project: '/srv/ops',
        started: '2025-10-09T08:53:20.000Z', // ts 1760000000000
        lastActive: '2025-10-09T08:53:35.000Z', // ts 1760000015000
        model: undefined,
        path: PATHS.roo,
      },
      {
        engine: 'cline',
        project: '/srv/billing',
        started: '2025-08-04T09:33:20.000Z', // ts 1754300000000
        lastActive: '2025-08-04T09:33:44.000Z', // ts 1754300024000
        model: 'claude-opus-4-1',
        path: PATHS.cline,
      },
    ])
  })

  it('counts the messages and compactions each log records', async () => {
    const { sessions } = await findSessions(options())
    const counts = Object.fromEntries(
      await Promise.all(
        sessions.map(async (s) => [s.engine, await countSession(s.engine, s.path)]),
      ),
    )
    expect(counts).toEqual({
      // user and assistant events: u1, u2, u4, u5, u6; one compact_boundary
      'claude-code': { messages: 5, compactions: 1 },
      // two messages, a call and its output (event_msg lines repeat them); one compacted line
      codex: { messages: 4, compactions: 1 },
      // e1, e2, e4, e5; one compaction entry
      pi: { messages: 4, compactions: 1 },
      // m1 to m4, m2 written twice; one <state_snapshot>
      'gemini-cli': { messages: 4, compactions: 1 },
      // testdata/formats/roo-code.json: 7 turns, one isSummary
      'roo-code': { messages: 7, compactions: 1 },
      // testdata/formats/cline.json: 8 turns
      cline: { messages: 8, compactions: 0 },
    })
  })

  it('counts records that straddle the 1 MB chunks the scan reads in', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sessions-big-'))
    made.push(dir)
    const line = (i: number) =>
      JSON.stringify({
        type: 'message',
        id: `e${i}`,
        message: { role: 'user', content: 'y'.repeat(997 + (i % 13)) },
      })
    const lines = [JSON.stringify({ type: 'session', version: 3, id: 'big', cwd: '/b' })]
    for (let i = 0; i < 3000; i++) lines.push(line(i))
    const path = join(dir, 'big.jsonl')
    await writeFile(path, lines.join('\n') + '\n')
    expect(await countSession('pi', path)).toEqual({ messages: 3000, compactions: 0 })
  })

  it('searches a folder of yours, telling each log’s engine from its content', async () => {
    const mine = await mkdtemp(join(tmpdir(), 'sessions-mine-'))
    made.push(mine)
    const copy = async (from: string, to: string) => {
      const { readFile } = await import('node:fs/promises')
      await put(mine, to, await readFile(join(home, from), 'utf8'))
    }
    await copy(PATHS.codex, 'a/rollout.jsonl')
    await copy(PATHS.pi, 'b/c/pi-session.jsonl')
    await copy(PATHS.claude, 'claude.jsonl')
    await copy(PATHS.roo, 'task/api_conversation_history.json')
    await put(mine, 'notes.jsonl', '{"hello":"world"}\n')
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: {}, home: mine },
      folders: [mine],
    })
    expect(sessions.map((s) => [s.engine, s.path.slice(mine.length + 1)]).sort()).toEqual([
      ['claude-code', 'claude.jsonl'],
      ['codex', 'a/rollout.jsonl'],
      ['pi', 'b/c/pi-session.jsonl'],
      ['roo-code', 'task/api_conversation_history.json'],
    ])
  })
})

describe("the engines' own variables, on disk", () => {
  it('finds the sessions where CLAUDE_CONFIG_DIR, CODEX_HOME and XDG_CONFIG_HOME moved them', async () => {
    const { readFile } = await import('node:fs/promises')
    const elsewhere = await mkdtemp(join(tmpdir(), 'sessions-moved-'))
    made.push(elsewhere)
    const move = async (from: string, to: string) =>
      put(elsewhere, to, await readFile(join(home, from), 'utf8'))
    await move(PATHS.claude, 'claude-config/projects/p/a1.jsonl')
    await move(PATHS.codex, 'codex-home/sessions/2026/02/20/rollout-x.jsonl')
    await move(
      PATHS.roo,
      'xdg/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1/api_conversation_history.json',
    )
    const env = {
      HOME: join(elsewhere, 'empty-home'),
      CLAUDE_CONFIG_DIR: join(elsewhere, 'claude-config'),
      CODEX_HOME: join(elsewhere, 'codex-home'),
      XDG_CONFIG_HOME: join(elsewhere, 'xdg'),
    }
    const { sessions } = await findSessions({ ctx: { platform: 'linux', env, home: env.HOME } })
    expect(sessions.map((s) => [s.engine, s.path.slice(elsewhere.length + 1)])).toEqual([
      ['claude-code', 'claude-config/projects/p/a1.jsonl'],
      ['codex', 'codex-home/sessions/2026/02/20/rollout-x.jsonl'],
      [
        'roo-code',
        'xdg/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1/api_conversation_history.json',
      ],
    ])
  })
})

describe("Codex's first rollout schema", () => {
  it('lists a flat rollout-*.json of the first schema, with its start and its records', async () => {
    // codex-rs/core/src/rollout.rs before JSONL: ~/.codex/sessions/rollout-<time>-<id>.json, one
    // pretty-printed document (testdata/formats/codex-first.json follows it).
    const dir = await mkdtemp(join(tmpdir(), 'sessions-codex-first-'))
    made.push(dir)
    const name = 'rollout-2025-05-20T09-14-03-6f1c2a4e-0b7d-4e5a-9c3f-2d8e1b7a9c40.json'
    await put(
      dir,
      `.codex/sessions/${name}`,
      await readFile(join(FORMATS_DIR, 'codex-first.json'), 'utf8'),
    )
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: linuxEnv(dir), home: dir },
    })
    expect(sessions.map((s) => [s.engine, s.path.slice(dir.length + 1), s.started])).toEqual([
      ['codex', `.codex/sessions/${name}`, '2025-05-20T09:14:03.512Z'],
    ])
    // Its eight items: four messages, a function call, a shell call and their two outputs.
    expect(await countSession('codex', sessions[0].path)).toEqual({ messages: 8, compactions: 0 })
  })
})

describe('only inside the known folders', () => {
  it('refuses a link that leads out of its folder, and follows one that stays in', async () => {
    const linked = await makeSessionHome()
    const outside = await mkdtemp(join(tmpdir(), 'sessions-outside-'))
    made.push(linked, outside)
    const secret = await put(outside, 'secret.jsonl', '{"type":"session","cwd":"/secret"}\n')
    const projects = join(linked, '.claude/projects')
    await symlink(secret, join(projects, '-home-ana-upload-svc/evil.jsonl'))
    await symlink(outside, join(projects, 'evil-dir'))
    await symlink(join(projects, '-home-ana-upload-svc'), join(projects, 'alias'))
    const { sessions, refused } = await findSessions({
      ctx: { platform: 'linux', env: linuxEnv(linked), home: linked },
    })
    expect(sessions.some((s) => s.path.startsWith(outside))).toBe(false)
    expect(refused.sort()).toEqual(
      [join(projects, '-home-ana-upload-svc/evil.jsonl'), join(projects, 'evil-dir')].sort(),
    )
    // The alias reaches the same file, which is listed once.
    expect(sessions.filter((s) => s.engine === 'claude-code')).toHaveLength(1)
  })

  it('gives the renderer ids, never paths, and re-checks a path before handing it out', async () => {
    const own = await makeSessionHome()
    const outside = await mkdtemp(join(tmpdir(), 'sessions-outside-'))
    made.push(own, outside)
    const catalog = createSessionCatalog({
      ctx: { platform: 'linux', env: linuxEnv(own), home: own },
    })
    const list = await catalog.list()
    expect(list).toHaveLength(6)
    for (const info of list) {
      expect(info.id).toMatch(SESSION_ID_PATTERN)
      expect(JSON.stringify(info)).not.toContain(own)
    }
    // The same file keeps its id across listings.
    expect((await catalog.list()).map((s) => s.id)).toEqual(list.map((s) => s.id))
    const claude = list.find((s) => s.engine === 'claude-code')!
    expect(await catalog.locate(claude.id)).toEqual({ path: join(own, PATHS.claude) })
    expect(await catalog.counts(claude.id)).toEqual({ messages: 5, compactions: 1 })
    expect(await catalog.locate('A'.repeat(32))).toBeNull()
    expect(await catalog.locate('../../etc/passwd')).toBeNull()
    // Swapped for a link out of its folder after it was listed: refused.
    const secret = await put(outside, 'secret.jsonl', 'secret\n')
    await rename(join(own, PATHS.claude), join(own, 'moved.jsonl'))
    await symlink(secret, join(own, PATHS.claude))
    expect(await catalog.locate(claude.id)).toBeNull()
    expect(await catalog.counts(claude.id)).toBeNull()
  })
})

// Cline 4 (sdk/packages/core at cline/cline 4.1.13): a session's folder under the sessions folder
// holds its manifest <id>.json, its messages <id>.messages.json, its compaction sidecar
// <id>.compaction.json and its subagents' <agent id>.messages.json. Written here by hand in the
// SDK's shapes (JSON.stringify with two spaces), with the values expected read off them.
const json = (value: object) => JSON.stringify(value, null, 2) + '\n'
const LEDGER = '1787306400000_ab3cd' // 4.1: the whole history, its compaction in the sidecar
const EXPORT = '1787100000000_zz9yx' // 4.0: the compaction marked in the messages file, no manifest

const CLINE4 = {
  manifest: json({
    version: 1,
    session_id: LEDGER,
    source: 'vscode',
    pid: 4242,
    started_at: '2026-08-21T09:59:58.000Z',
    status: 'completed',
    interactive: true,
    provider: 'anthropic',
    model: 'claude-sonnet-4-6',
    cwd: '/home/dev/ledger',
    workspace_root: '/home/dev/ledger',
    enable_tools: true,
    enable_spawn: true,
    enable_teams: false,
    prompt: 'Tidy the ledger totals.',
    metadata: { title: 'Tidy the ledger totals.', mode: 'act' },
    messages_path: `/home/dev/.cline/data/sessions/${LEDGER}/${LEDGER}.messages.json`,
  }),
  messages: json({
    version: 1,
    updated_at: '2026-08-21T10:20:00.000Z',
    agent: 'lead',
    sessionId: LEDGER,
    origin: { source: 'vscode', mode: 'user', sessionId: LEDGER },
    messages: [
      { id: 'msg_l1', role: 'user', content: 'Tidy the ledger totals.', ts: 1787306400500 },
      {
        id: 'msg_l2',
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_l1', name: 'read_files', input: { paths: ['a'] } },
        ],
        ts: 1787306405000,
        modelInfo: { id: 'claude-sonnet-4-6', provider: 'anthropic', family: 'claude-sonnet' },
        metrics: { inputTokens: 9000, outputTokens: 40, cacheReadTokens: 0, cacheWriteTokens: 0 },
      },
      {
        id: 'msg_l3',
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_l1', content: 'totals: 3' }],
        ts: 1787306405100,
      },
      {
        id: 'msg_l4',
        role: 'assistant',
        content: [{ type: 'text', text: 'The totals add up now.' }],
        ts: 1787307590000,
        modelInfo: { id: 'claude-opus-4-6', provider: 'anthropic', family: 'claude-opus' },
      },
      { id: 'msg_l5', role: 'user', content: 'Thanks.', ts: 1787307600000 },
    ],
    system_prompt: 'You are a coding agent.',
  }),
  sidecar: json({
    version: 1,
    updated_at: '2026-08-21T10:10:00.000Z',
    source_message_count: 3,
    messages: [
      {
        id: 'msg_s1',
        role: 'user',
        content: 'Context summary:\n\nThe user asked to tidy the ledger totals; a is read.',
        metadata: { kind: 'compaction_summary' },
      },
    ],
  }),
  subagent: json({
    version: 1,
    updated_at: '2026-08-21T10:05:00.000Z',
    agent: 'subagent',
    sessionId: `${LEDGER}__agent_7f3k`,
    taskType: 'subagent_task',
    origin: { source: 'vscode', mode: 'subagent', sessionId: `${LEDGER}__agent_7f3k` },
    messages: [
      { id: 'msg_a1', role: 'user', content: 'Sum column C.', ts: 1787306700000 },
      {
        id: 'msg_a2',
        role: 'assistant',
        content: 'C sums to 3.',
        ts: 1787306760000,
        modelInfo: { id: 'claude-haiku-4-5', provider: 'anthropic' },
      },
    ],
  }),
  hooks: '{"ts":"2026-08-21T10:20:01.000Z","hookName":"session_shutdown","sessionId":"x"}\n',
  // 4.0 basic compaction: the kept prompt marked `compaction` with its <SYSTEM_NOTICE>, and an
  // agentic summary; padded past the 32 KB head, so the model comes from the tail.
  exportMessages: json({
    version: 1,
    updated_at: '2026-08-19T01:00:05.000Z',
    agent: 'lead',
    sessionId: EXPORT,
    messages: [
      {
        id: 'msg_e1',
        role: 'user',
        content: [
          { type: 'text', text: 'Fix the export.' },
          {
            type: 'text',
            text: '<SYSTEM_NOTICE>\nEarlier context was compacted.\n</SYSTEM_NOTICE>',
          },
        ],
        ts: 1787100000000,
        metadata: { kind: 'compaction', reason: 'auto_compaction', messagesRemoved: 12 },
      },
      {
        id: 'msg_e2',
        role: 'assistant',
        content: [{ type: 'text', text: 'x'.repeat(40_000) }],
        ts: 1787100060000,
        modelInfo: { id: 'claude-sonnet-4-5', provider: 'anthropic' },
        metadata: { compaction: 'preserved' },
      },
      {
        id: 'msg_e3',
        role: 'user',
        content: 'Context summary:\n\nThe export is fixed.',
        ts: 1787101000000,
        metadata: { kind: 'compaction_summary' },
      },
      {
        id: 'msg_e4',
        role: 'assistant',
        content: 'Done.',
        ts: 1787101200000,
        modelInfo: { id: 'gpt-5.2', provider: 'openai' },
      },
    ],
  }),
}

/** Writes Cline 4's files under SESSIONS, a sessions folder. */
/** The sessions of a Linux home as the list shows them, each path from the home. */
async function listedIn(home: string) {
  const { sessions } = await findSessions({
    ctx: { platform: 'linux', env: linuxEnv(home), home },
  })
  return sessions.map(({ engine, format, project, cwd, started, lastActive, model, path }) => ({
    engine,
    format,
    project,
    cwd,
    started,
    lastActive,
    model,
    path: path.slice(home.length + 1),
  }))
}

async function writeCline4(sessions: string): Promise<void> {
  const files: [string, string][] = [
    [`${LEDGER}/${LEDGER}.json`, CLINE4.manifest],
    [`${LEDGER}/${LEDGER}.messages.json`, CLINE4.messages],
    [`${LEDGER}/${LEDGER}.compaction.json`, CLINE4.sidecar],
    [`${LEDGER}/agent_7f3k.messages.json`, CLINE4.subagent],
    [`${LEDGER}/hooks.jsonl`, CLINE4.hooks],
    [`${EXPORT}/${EXPORT}.messages.json`, CLINE4.exportMessages],
    // Not a session's: the SDK's file-backend index, and a file not named for its folder.
    ['sessions.index.json', json({ version: 1, sessions: {} })],
    [`stray/${LEDGER}.messages.json`, CLINE4.messages],
  ]
  for (const [file, text] of files) await put(sessions, file, text)
}

describe("Cline 4's session folders", () => {
  let cline4Home = ''
  const sessionsDir = () => join(cline4Home, '.cline/data/sessions')
  const legacyTask = '.cline/data/tasks/1754300000000/api_conversation_history.json'
  beforeAll(async () => {
    cline4Home = await mkdtemp(join(tmpdir(), 'sessions-cline4-'))
    made.push(cline4Home)
    await writeCline4(sessionsDir())
    // A task from before 4.0, in the data folder Cline 4 still reads them from.
    await put(cline4Home, legacyTask, '')
    await copyFile(join(FORMATS_DIR, 'cline.json'), join(cline4Home, legacyTask))
  })

  it("lists each session's <id>.messages.json with what it and its manifest say", async () => {
    expect(
      await listedIn(cline4Home),
      // These four only: not the manifest, the sidecar, hooks.jsonl, the SDK's index, or the
      // messages file in a folder that holds no session's own.
    ).toEqual([
      {
        engine: 'cline',
        format: 'cline',
        // The manifest's cwd: the messages file records none.
        project: '/home/dev/ledger',
        cwd: '/home/dev/ledger',
        // The manifest's started_at, before the first message.
        started: '2026-08-21T09:59:58.000Z',
        // The messages file's updated_at.
        lastActive: '2026-08-21T10:20:00.000Z',
        // The last reply's modelInfo.id, not the manifest's model.
        model: 'claude-opus-4-6',
        path: `.cline/data/sessions/${LEDGER}/${LEDGER}.messages.json`,
      },
      {
        // The subagent beside it: its root session's working directory, its own times and model.
        engine: 'cline',
        format: 'cline',
        project: '/home/dev/ledger',
        cwd: '/home/dev/ledger',
        started: '2026-08-21T10:05:00.000Z', // ts 1787306700000
        lastActive: '2026-08-21T10:05:00.000Z',
        model: 'claude-haiku-4-5',
        path: `.cline/data/sessions/${LEDGER}/agent_7f3k.messages.json`,
      },
      {
        engine: 'cline',
        format: 'cline',
        // No manifest: the session's folder.
        project: EXPORT,
        cwd: undefined,
        started: '2026-08-19T00:40:00.000Z', // ts 1787100000000
        lastActive: '2026-08-19T01:00:05.000Z',
        model: 'gpt-5.2', // from the tail: the file is past 32 KB
        path: `.cline/data/sessions/${EXPORT}/${EXPORT}.messages.json`,
      },
      {
        engine: 'cline',
        format: 'cline',
        project: '/srv/billing',
        cwd: '/srv/billing',
        started: '2025-08-04T09:33:20.000Z',
        lastActive: '2025-08-04T09:33:44.000Z',
        model: 'claude-opus-4-1',
        path: legacyTask,
      },
    ])
  })

  it('ties a subagent’s and a teammate’s messages to the session whose folder holds them', async () => {
    const teamHome = await mkdtemp(join(tmpdir(), 'sessions-cline4-team-'))
    made.push(teamHome)
    const sessions = join(teamHome, '.cline/data/sessions')
    await writeCline4(sessions)
    // A teammate's file, as the SDK names it: <agent id>__<team task id>.messages.json.
    await put(
      sessions,
      `${LEDGER}/agent_9x__task_3.messages.json`,
      CLINE4.subagent.replace('"agent": "subagent"', '"agent": "teammate"'),
    )
    const { sessions: found } = await findSessions({
      ctx: { platform: 'linux', env: linuxEnv(teamHome), home: teamHome },
    })
    const root = join(sessions, LEDGER, `${LEDGER}.messages.json`)
    expect(
      Object.fromEntries(found.map((f) => [f.path.slice(sessions.length + 1), f.subagent])),
    ).toEqual({
      [`${LEDGER}/${LEDGER}.messages.json`]: undefined,
      [`${LEDGER}/agent_7f3k.messages.json`]: {
        agentId: 'agent_7f3k',
        parentKey: root,
        agentType: 'subagent',
      },
      [`${LEDGER}/agent_9x__task_3.messages.json`]: {
        agentId: 'agent_9x',
        parentKey: root,
        agentType: 'teammate',
        description: 'team task task_3',
      },
      [`${EXPORT}/${EXPORT}.messages.json`]: undefined,
    })
  })

  it('counts messages by role, and compactions in the file and its sidecar', async () => {
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: linuxEnv(cline4Home), home: cline4Home },
    })
    const counts = await Promise.all(sessions.map((s) => countSession(s.engine, s.path)))
    expect(counts).toEqual([
      // msg_l1 to msg_l5; the sidecar's compaction_summary (4.1 keeps the history whole)
      { messages: 5, compactions: 1 },
      // the subagent's msg_a1, msg_a2
      { messages: 2, compactions: 0 },
      // msg_e1 to msg_e4; msg_e1 marked `compaction`, msg_e3 `compaction_summary`
      { messages: 4, compactions: 2 },
      // testdata/formats/cline.json, as in the home with one session of each engine
      { messages: 8, compactions: 0 },
    ])
  })

  it('moves with CLINE_SESSION_DATA_DIR, CLINE_DATA_DIR and CLINE_DIR', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'sessions-cline4-moved-'))
    made.push(elsewhere)
    await writeCline4(join(elsewhere, 'own-sessions'))
    await writeCline4(join(elsewhere, 'data/sessions'))
    await writeCline4(join(elsewhere, 'cline-dir/data/sessions'))
    const found = async (env: Record<string, string>) => {
      const ctx = {
        platform: 'linux' as const,
        env: { HOME: cline4Home, ...env },
        home: cline4Home,
      }
      const { sessions } = await findSessions({ ctx })
      return sessions
        .filter((s) => s.path.startsWith(elsewhere))
        .map((s) => s.path.slice(elsewhere.length + 1))
        .sort()
    }
    const listed = (sessions: string) => [
      `${sessions}/${EXPORT}/${EXPORT}.messages.json`,
      `${sessions}/${LEDGER}/${LEDGER}.messages.json`,
      `${sessions}/${LEDGER}/agent_7f3k.messages.json`,
    ]
    expect(
      await found({
        CLINE_SESSION_DATA_DIR: join(elsewhere, 'own-sessions'),
        CLINE_DATA_DIR: join(elsewhere, 'data'),
      }),
    ).toEqual(listed('own-sessions'))
    expect(await found({ CLINE_DATA_DIR: join(elsewhere, 'data') })).toEqual(
      listed('data/sessions'),
    )
    expect(await found({ CLINE_DIR: join(elsewhere, 'cline-dir') })).toEqual(
      listed('cline-dir/data/sessions'),
    )
    // The home's own folder is no longer searched once a variable moves it.
    const moved = await findSessions({
      ctx: {
        platform: 'linux',
        env: { HOME: cline4Home, CLINE_DIR: join(elsewhere, 'cline-dir') },
        home: cline4Home,
      },
    })
    expect(moved.sessions.some((s) => s.path.startsWith(sessionsDir()))).toBe(false)
  })

  it('in a folder of yours, lists every Cline 4 messages file, a subagent’s too', async () => {
    const mine = await mkdtemp(join(tmpdir(), 'sessions-cline4-mine-'))
    made.push(mine)
    await writeCline4(join(mine, 'backup'))
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: {}, home: mine },
      folders: [mine],
    })
    expect(
      sessions
        .map((s) => [s.engine, s.project, s.model, s.path.slice(mine.length + 1)])
        .sort((a, b) => String(a[3]).localeCompare(String(b[3]))),
    ).toEqual([
      ['cline', EXPORT, 'gpt-5.2', `backup/${EXPORT}/${EXPORT}.messages.json`],
      ['cline', '/home/dev/ledger', 'claude-opus-4-6', `backup/${LEDGER}/${LEDGER}.messages.json`],
      // The subagent's project is its root session's, from the folder's manifest.
      [
        'cline',
        '/home/dev/ledger',
        'claude-haiku-4-5',
        `backup/${LEDGER}/agent_7f3k.messages.json`,
      ],
      // Named for another folder, but a Cline 4 messages file all the same; no manifest beside it.
      ['cline', 'stray', 'claude-opus-4-6', `backup/stray/${LEDGER}.messages.json`],
    ])
  })

  it('reads no manifest or sidecar that is a link out of the session’s folder', async () => {
    const linked = await mkdtemp(join(tmpdir(), 'sessions-cline4-linked-'))
    const outside = await mkdtemp(join(tmpdir(), 'sessions-cline4-outside-'))
    made.push(linked, outside)
    const folder = join(linked, '.cline/data/sessions', LEDGER)
    await put(folder, `${LEDGER}.messages.json`, CLINE4.messages)
    const secret = await put(
      outside,
      'manifest.json',
      CLINE4.manifest.replace('/home/dev/ledger', '/secret'),
    )
    const sidecar = await put(outside, 'sidecar.json', CLINE4.sidecar)
    await symlink(secret, join(folder, `${LEDGER}.json`))
    await symlink(sidecar, join(folder, `${LEDGER}.compaction.json`))
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: linuxEnv(linked), home: linked },
    })
    expect(sessions.map((s) => [s.project, s.cwd, s.started])).toEqual([
      [LEDGER, undefined, '2026-08-21T10:00:00.500Z'],
    ])
    expect(await countSession('cline', sessions[0].path)).toEqual({ messages: 5, compactions: 0 })
    expect(await readFile(secret, 'utf8')).toContain('/secret')
  })
})

describe("mini-swe-agent's trajectories", () => {
  // Its default outputs, in its global config folder (run/mini.py, run/benchmarks/
  // swebench_single.py), beside files of its own that are no trajectory.
  let miniHome = ''
  const config = '.config/mini-swe-agent'
  const fixture = (name: string) => readFile(join(FORMATS_DIR, name), 'utf8')
  beforeAll(async () => {
    miniHome = await mkdtemp(join(tmpdir(), 'sessions-mini-'))
    made.push(miniHome)
    // A local run whose cwd the user set; a SWE-bench instance run in a container.
    const local = (await fixture('mini-swe-agent-2-responses.traj.json')).replace(
      '"cwd": ""',
      '"cwd": "/home/ana/textkit"',
    )
    await put(miniHome, `${config}/last_mini_run.traj.json`, local)
    await put(
      miniHome,
      `${config}/last_swebench_single_run.traj.json`,
      await fixture('mini-swe-agent-2.traj.json'),
    )
    await put(miniHome, `${config}/.env`, 'MSWEA_MODEL_NAME=openai/gpt-5-mini\n')
    await put(miniHome, `${config}/interactive_history.txt`, '\n# 2025-12-18\n+fix the tests\n')
  })

  it('lists the trajectories in its config folder, with their model, times and local cwd', async () => {
    expect(await listedIn(miniHome)).toEqual([
      {
        engine: 'mini-swe-agent',
        format: 'swe-agent',
        project: '/home/ana/textkit',
        cwd: '/home/ana/textkit',
        // extra.timestamp, in seconds: 1766070003.5 and 1766070012.5.
        started: '2025-12-18T15:00:03.500Z',
        lastActive: '2025-12-18T15:00:12.500Z',
        model: 'openai/gpt-5-mini',
        path: `${config}/last_mini_run.traj.json`,
      },
      {
        engine: 'mini-swe-agent',
        format: 'swe-agent',
        // A container's cwd (/testbed) is no folder here: the project is the folder it is in.
        project: 'mini-swe-agent',
        cwd: undefined,
        started: '2025-12-18T13:00:05.750Z',
        lastActive: '2025-12-18T13:00:19.500Z',
        model: 'anthropic/claude-sonnet-4-5-20250929',
        path: `${config}/last_swebench_single_run.traj.json`,
      },
    ])
  })

  it('counts the messages, not the raw responses the replies keep', async () => {
    const dir = join(miniHome, config)
    // 7 items (two of them Responses-API outputs, with no role) and 12 messages, by hand from the
    // fixtures; the second's replies each keep a response whose message has a role too.
    expect(await countSession('mini-swe-agent', join(dir, 'last_mini_run.traj.json'))).toEqual({
      messages: 7,
      compactions: 0,
    })
    expect(
      await countSession('mini-swe-agent', join(dir, 'last_swebench_single_run.traj.json')),
    ).toEqual({ messages: 12, compactions: 0 })
    // As Python's write_text writes it on Windows, with \r\n.
    const crlf = join(miniHome, 'crlf.traj.json')
    await writeFile(crlf, (await fixture('mini-swe-agent-2.traj.json')).replace(/\n/g, '\r\n'))
    expect(await countSession('mini-swe-agent', crlf)).toEqual({ messages: 12, compactions: 0 })
  })

  it('in a folder of yours, lists a batch run’s trajectories by their content', async () => {
    const mine = await mkdtemp(join(tmpdir(), 'sessions-mini-runs-'))
    made.push(mine)
    // swebench.py writes <output>/<instance id>/<instance id>.traj.json.
    await put(mine, 'textkit__1/textkit__1.traj.json', await fixture('mini-swe-agent-1.traj.json'))
    await put(mine, 'notes.traj.json', '{"info": {"note": "not a trajectory of mini-swe-agent"}}\n')
    const { sessions } = await findSessions({
      ctx: { platform: 'linux', env: {}, home: mine },
      folders: [mine],
    })
    expect(sessions.map((s) => [s.engine, s.project, s.path.slice(mine.length + 1)])).toEqual([
      ['mini-swe-agent', 'textkit__1', 'textkit__1/textkit__1.traj.json'],
    ])
  })
})
