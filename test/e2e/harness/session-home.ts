/**
 * A fixture home folder with the sessions agents write, where each engine writes them
 * (docs/sessions.md): Claude Code sessions written by the fixture agent, and the Codex and pi
 * logs of testdata/formats, copied where Codex and pi keep theirs.
 */
import { copyFile, mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { claudeCodeAgent, type AgentSession } from '../../unit/helpers/claude-code-agent'
import { formatsFile } from './format-fixtures'
import { ROOT } from './paths'

/** A Claude Code session in the home: where it is, and the agent that writes it on. */
export interface ClaudeSession {
  path: string
  name: string
  agent: ReturnType<typeof claudeCodeAgent>
}

/** The folder Claude Code names after a working directory: every '/' is a '-'. */
const projectFolder = (cwd: string) => cwd.replace(/\//g, '-')

/** Makes an empty home folder of the test's own. */
export const makeHome = () => mkdtemp(join(tmpdir(), 'compaction-inspector-home-'))

/** Writes a Claude Code session of `turns` turns (four lines each) into the home. */
export async function writeClaudeSession(
  home: string,
  session: AgentSession,
  turns: number,
  lines = 12,
): Promise<ClaudeSession> {
  const dir = join(home, '.claude', 'projects', projectFolder(session.cwd))
  await mkdir(dir, { recursive: true })
  const name = `${session.sessionId}.jsonl`
  const path = join(dir, name)
  const agent = claudeCodeAgent(session)
  let text = ''
  for (let n = 1; n <= turns; n++) text += agentTurn(agent, n, lines)
  await writeFile(path, text)
  return { path, name, agent }
}

/** The fixture agent's turn n: a question, a file read, its result, and the answer. */
export function agentTurn(
  agent: ReturnType<typeof claudeCodeAgent>,
  n: number,
  lines = 12,
): string {
  return agent.turn(
    n,
    `Step ${n}: the month-end total is off by 0.01; check posting${n}.ts`,
    `/home/ana/ledger/src/posting${n}.ts`,
    lines,
    `Step ${n}: the rounding in posting${n}.ts happens before the tax; moved it after.`,
  )
}

/** Copies testdata's Codex rollout where Codex CLI writes it (sessions/YYYY/MM/DD). */
export async function copyCodexSession(home: string): Promise<void> {
  const dir = join(home, '.codex', 'sessions', '2026', '03', '02')
  await mkdir(dir, { recursive: true })
  const name = 'rollout-2026-03-02T09-00-00-019c9e10-4a2b-7c31-9d55-0f1e2a3b4c5d.jsonl'
  await copyFile(formatsFile('codex.jsonl'), join(dir, name))
}

/** Copies testdata's pi session where pi writes it (sessions/--<cwd>--/). */
/**
 * Copies testdata's opencode database and its write-ahead log where opencode keeps them
 * (~/.local/share/opencode/opencode.db): its latest session is testdata/formats/opencode.json's.
 */
/**
 * testdata/sqlite/opencode.db in opencode's data folder, with its write-ahead log unless `log` is
 * false: then the file alone, last written an hour ago (a session no longer being written).
 */
export async function copyOpencodeDatabase(home: string, { log = true } = {}): Promise<void> {
  const dir = join(home, '.local', 'share', 'opencode')
  await mkdir(dir, { recursive: true })
  await copyFile(join(ROOT, 'testdata', 'sqlite', 'opencode.db'), join(dir, 'opencode.db'))
  if (log) return copyOpencodeLog(home)
  const anHourAgo = new Date(Date.now() - 3_600_000)
  await utimes(join(dir, 'opencode.db'), anHourAgo, anHourAgo)
}

/** The database's write-ahead log, put beside it as opencode writes it while it runs. */
export async function copyOpencodeLog(home: string): Promise<void> {
  const dir = join(home, '.local', 'share', 'opencode')
  await copyFile(join(ROOT, 'testdata', 'sqlite', 'opencode.db-wal'), join(dir, 'opencode.db-wal'))
}

export async function copyPiSession(home: string): Promise<void> {
  const dir = join(home, '.pi', 'agent', 'sessions', '--home-sam-weather-cli--')
  await mkdir(dir, { recursive: true })
  const name = '2026-02-10T10-00-00-000Z_0f6b2c1e-5d4a-4e3b-9c2d-1a0b9c8d7e6f.jsonl'
  await copyFile(formatsFile('pi.jsonl'), join(dir, name))
}

/**
 * Copies testdata's Cline 4 session where the Cline SDK writes it
 * (~/.cline/data/sessions/<id>/<id>.messages.json), with the manifest that names its working
 * directory beside it.
 */
export async function copyCline4Session(home: string, cwd: string): Promise<string> {
  const id = '1787216000000_k3v9q'
  const dir = join(home, '.cline', 'data', 'sessions', id)
  await mkdir(dir, { recursive: true })
  await copyFile(formatsFile('cline-4-session.json'), join(dir, `${id}.messages.json`))
  const manifest = {
    session_id: id,
    started_at: '2026-08-20T09:00:00.000Z',
    status: 'completed',
    cwd,
  }
  await writeFile(join(dir, `${id}.json`), JSON.stringify(manifest))
  return `${id}.messages.json`
}

/**
 * Writes testdata's mini-swe-agent trajectory (a local run with a Responses-API model) where
 * mini-swe-agent writes its default output (~/.config/mini-swe-agent/last_mini_run.traj.json),
 * with the working directory the user set for the run.
 */
export async function copyMiniTrajectory(home: string, cwd: string): Promise<void> {
  const dir = join(home, '.config', 'mini-swe-agent')
  await mkdir(dir, { recursive: true })
  const text = await readFile(formatsFile('mini-swe-agent-2-responses.traj.json'), 'utf8')
  await writeFile(
    join(dir, 'last_mini_run.traj.json'),
    text.replace('"cwd": ""', `"cwd": ${JSON.stringify(cwd)}`),
  )
}
