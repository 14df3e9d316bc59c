import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeSessionHome, PATHS, put } from './helpers/session-home'
import { runSessionsCli, useSessionHome } from './helpers/sessions-cli'

// The commands run in this process, on a fake home: every variable the location rules read is
// pointed at it or emptied (an empty variable counts as unset).

let home = ''
beforeAll(async () => {
  home = await makeSessionHome()
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await rm(home, { recursive: true, force: true })
})
useSessionHome(() => home)
const run = runSessionsCli

describe('compaction-inspector sessions', () => {
  it('prints a table of the sessions a project filter keeps, newest first', async () => {
    const { status, out, err } = await run(['sessions', '--project', 'SRV'])
    expect({ status, err }).toEqual({ status: 0, err: [] })
    // Sizes: testdata/formats/roo-code.json is 2,462 bytes, cline.json 5,035.
    expect(out).toBe(
      [
        'engine    project       started           last active         size  messages  compactions  model',
        'Roo Code  /srv/ops      2025-10-09 08:53  2025-10-09 08:53  2.5 KB         7            1  -',
        'Cline     /srv/billing  2025-08-04 09:33  2025-08-04 09:33  5.0 KB         8            0  claude-opus-4-1',
        '',
      ].join('\n'),
    )
  })

  it('gives way to one block per session, wrapped, when the table is wider than the terminal', async () => {
    const { out } = await run(['sessions', '--engine', 'cline'], 80)
    expect(out).toBe(
      [
        'Cline  /srv/billing',
        '  started 2025-08-04 09:33, last active 2025-08-04 09:33, 5.0 KB, 8 messages,',
        '  0 compactions, model claude-opus-4-1',
        '',
      ].join('\n'),
    )
  })

  it('--json: an array with every column, and the path', async () => {
    const { out } = await run(['sessions', '--json', '--engine', 'codex'])
    expect(JSON.parse(out)).toEqual([
      {
        engine: 'codex',
        project: '/work/gauges',
        title: null,
        cwd: '/work/gauges',
        started: '2026-02-20T14:00:00.000Z',
        lastActive: '2026-02-20T14:05:10.000Z',
        size: expect.any(Number),
        messages: 4,
        compactions: 1,
        model: 'gpt-5.1-codex-max',
        format: 'codex',
        path: join(home, PATHS.codex),
        sessionId: null,
        subagent: null,
      },
    ])
  })

  it('sorts and filters by date and text', async () => {
    const engines = async (args: string[]) =>
      (JSON.parse((await run(['sessions', '--json', ...args])).out) as { engine: string }[]).map(
        (s) => s.engine,
      )
    expect(await engines([])).toEqual([
      'claude-code',
      'codex',
      'pi',
      'gemini-cli',
      'roo-code',
      'cline',
    ])
    // A to Z: /home/ana, /home/lee, /home/sam, /srv/billing, /srv/ops, /work.
    expect(await engines(['--sort', 'project'])).toEqual([
      'claude-code',
      'gemini-cli',
      'pi',
      'cline',
      'roo-code',
      'codex',
    ])
    expect((await engines(['--sort', 'size']))[0]).toBe('claude-code') // padded past 40 KB
    expect(await engines(['--since', '2026-02-10', '--until', '2026-02-20'])).toEqual([
      'codex',
      'pi',
    ])
    expect(await engines(['--text', 'Round to one decimal.'])).toEqual(['pi'])
    expect(await engines(['--text', '<state_snapshot>'])).toEqual(['gemini-cli'])
  })

  it('says what is wrong with a bad flag value', async () => {
    expect((await run(['sessions', '--engine', 'aider'])).err).toEqual([
      'sessions: option --engine: "aider" is not one of claude-code, codex, gemini-cli, qwen-code, kimi-cli, copilot-cli, mistral-vibe, opencode, continue, pi, droid, cline, roo-code, kilo-code, mini-swe-agent',
    ])
    expect((await run(['sessions', '--since', 'yesterday'])).err).toEqual([
      'sessions: option --since: "yesterday" is not a date (2026-01-20, or 2026-01-20T14:00Z)',
    ])
  })
})

describe('latest in place of FILE', () => {
  it('reads the most recently active session, and says which', async () => {
    const { status, out, err } = await run(['tokens', 'latest'])
    expect(status).toBe(0)
    expect(err[0]).toBe(
      `latest: ${join(home, PATHS.claude)} (Claude Code, last active 2026-03-01T10:00:10.000Z)`,
    )
    // After its compaction the session is the summary and the two replies after it.
    expect(out.startsWith(`${join(home, PATHS.claude)}: 3 messages, model claude-opus-4-1`)).toBe(
      true,
    )
  })

  it('latest:ENGINE picks that engine’s', async () => {
    const { status, err } = await run(['check', 'latest:pi', '--max-tokens', '1000'])
    expect(status).toBe(0)
    expect(err[0]).toBe(
      `latest:pi: ${join(home, PATHS.pi)} (pi, last active 2026-02-10T10:06:30.000Z)`,
    )
  })

  it('apply -o refuses to overwrite the session latest stood for, as any input', async () => {
    const target = join(home, PATHS.cline)
    const args = ['apply', 'latest:cline', '--max-tokens', '50', '--summary', 'S.', '-o', target]
    const { status, err } = await run(args)
    expect(status).toBe(2)
    expect(err.at(-1)).toBe(
      `${target}: refusing to overwrite the input file ${target}; pass --force to replace it`,
    )
  })

  it('names the engines when the one asked for is unknown, and says when there is none', async () => {
    expect((await run(['tokens', 'latest:aider'])).err).toEqual([
      'tokens: "latest:aider": no engine "aider" (engines: claude-code, codex, gemini-cli, qwen-code, kimi-cli, copilot-cli, mistral-vibe, opencode, continue, pi, droid, cline, roo-code, kilo-code, mini-swe-agent)',
    ])
    vi.stubEnv('HOME', join(home, 'nowhere'))
    const none = await run(['tokens', 'latest:codex'])
    expect(none.status).toBe(2)
    expect(none.err).toEqual([
      "tokens: latest:codex: no Codex CLI session found in the 0 session folders that exist (see 'compaction-inspector sessions --verbose')",
    ])
  })
})

describe("Cline 4's sessions", () => {
  // A Cline 4 session folder written by hand in the SDK's shapes (cline/cline 4.1.13): the
  // manifest, the messages file, the compaction sidecar and a subagent's messages.
  const id = '1787306400000_cl4ab'
  const json = (value: object) => JSON.stringify(value, null, 2) + '\n'
  let cline4 = ''
  const folder = () => join(cline4, '.cline/data/sessions', id)
  beforeAll(async () => {
    cline4 = await mkdtemp(join(tmpdir(), 'cli-sessions-cline4-'))
    await put(
      folder(),
      `${id}.json`,
      json({
        version: 1,
        session_id: id,
        source: 'cli',
        pid: 77,
        started_at: '2026-08-21T09:59:59.000Z',
        status: 'completed',
        interactive: true,
        provider: 'anthropic',
        model: 'claude-sonnet-4-6',
        cwd: '/home/dev/tally',
        workspace_root: '/home/dev/tally',
        enable_tools: true,
        enable_spawn: false,
        enable_teams: false,
        messages_path: `/home/dev/.cline/data/sessions/${id}/${id}.messages.json`,
      }),
    )
    const message = (n: number, role: string, content: string, extra: object = {}) => ({
      id: `msg_${n}`,
      role,
      content,
      ts: 1787306400000 + n * 1000,
      ...extra,
    })
    const model = { modelInfo: { id: 'claude-sonnet-4-6', provider: 'anthropic' } }
    await put(
      folder(),
      `${id}.messages.json`,
      json({
        version: 1,
        updated_at: '2026-08-21T10:00:05.000Z',
        agent: 'lead',
        sessionId: id,
        origin: { source: 'cli', mode: 'user', sessionId: id },
        messages: [
          message(1, 'user', 'Count the tally marks.'),
          message(2, 'assistant', 'Eleven.', model),
          message(3, 'user', 'Again, in base 2.'),
          message(4, 'assistant', '1011.', model),
        ],
      }),
    )
    await put(
      folder(),
      `${id}.compaction.json`,
      json({
        version: 1,
        updated_at: '2026-08-21T10:00:03.500Z',
        source_message_count: 2,
        messages: [
          {
            id: 'msg_s',
            role: 'user',
            content: 'Context summary:\n\nThe tally is eleven.',
            metadata: { kind: 'compaction_summary' },
          },
        ],
      }),
    )
    await put(
      folder(),
      'agent_q1.messages.json',
      json({
        version: 1,
        updated_at: '2026-08-21T10:00:09.000Z',
        agent: 'subagent',
        sessionId: `${id}__agent_q1`,
        taskType: 'subagent_task',
        messages: [message(9, 'user', 'Recount.')],
      }),
    )
  })
  afterAll(async () => {
    await rm(cline4, { recursive: true, force: true })
  })

  const expected = () => ({
    engine: 'cline',
    project: '/home/dev/tally',
    title: null,
    cwd: '/home/dev/tally',
    started: '2026-08-21T09:59:59.000Z',
    lastActive: '2026-08-21T10:00:05.000Z',
    size: expect.any(Number),
    messages: 4,
    compactions: 1,
    model: 'claude-sonnet-4-6',
    format: 'cline',
    path: join(folder(), `${id}.messages.json`),
    sessionId: null,
    subagent: null,
  })

  it('lists the session, not its manifest, sidecar or subagent', async () => {
    vi.stubEnv('HOME', cline4)
    const { status, out } = await run(['sessions', '--json'])
    expect(status).toBe(0)
    expect(JSON.parse(out)).toEqual([expected()])
  })

  it('finds it where CLINE_SESSION_DATA_DIR says, and opens it as latest:cline', async () => {
    vi.stubEnv('HOME', join(cline4, 'nowhere'))
    vi.stubEnv('CLINE_SESSION_DATA_DIR', join(cline4, '.cline/data/sessions'))
    expect(JSON.parse((await run(['sessions', '--json', '--engine', 'cline'])).out)).toEqual([
      expected(),
    ])
    const { status, out, err } = await run(['tokens', 'latest:cline'])
    expect(err[0]).toBe(
      `latest:cline: ${join(folder(), `${id}.messages.json`)} (Cline, last active 2026-08-21T10:00:05.000Z)`,
    )
    expect(status).toBe(0)
    expect(out.startsWith(`${join(folder(), `${id}.messages.json`)}: 4 messages`)).toBe(true)
  })
})
