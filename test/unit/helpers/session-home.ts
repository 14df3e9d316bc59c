/**
 * A fake home folder holding one session of each engine, laid out where each engine writes it on
 * Linux, with logs of our own that follow the engines' schemas (and Cline's and Roo's fixtures
 * from testdata/formats). The values the tests expect are written beside each log, by hand.
 */
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { findSessions } from '../../../node/sessions/index'

export const FORMATS_DIR = join(import.meta.dirname, '../../../testdata/formats')

const jsonl = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n'

// Claude Code: a compaction, and a model switch after it; padded past the 32 KB head so the last
// model and time come from the tail.
const CLAUDE = (() => {
  const base = {
    sessionId: 'a1',
    version: '2.1.92',
    cwd: '/home/ana/upload-svc',
    isSidechain: false,
  }
  const padding = 'x'.repeat(40_000)
  return jsonl([
    {
      ...base,
      type: 'user',
      uuid: 'u1',
      parentUuid: null,
      timestamp: '2026-03-01T09:00:00.000Z',
      message: { role: 'user', content: 'Move the cron to the queue.' },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 'u2',
      parentUuid: 'u1',
      timestamp: '2026-03-01T09:00:05.000Z',
      message: {
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'text', text: padding }],
      },
    },
    {
      ...base,
      type: 'system',
      subtype: 'compact_boundary',
      uuid: 'u3',
      parentUuid: null,
      logicalParentUuid: 'u2',
      timestamp: '2026-03-01T10:00:00.000Z',
      content: 'Conversation compacted',
      compactMetadata: { trigger: 'auto', preTokens: 150000 },
    },
    {
      ...base,
      type: 'user',
      uuid: 'u4',
      parentUuid: 'u3',
      isCompactSummary: true,
      timestamp: '2026-03-01T10:00:01.000Z',
      message: { role: 'user', content: 'Summary: the cron moves to the queue.' },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 'u5',
      parentUuid: 'u4',
      timestamp: '2026-03-01T10:00:09.000Z',
      message: {
        role: 'assistant',
        model: 'claude-opus-4-1',
        content: [{ type: 'text', text: 'Done.' }],
      },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 'u6',
      parentUuid: 'u5',
      timestamp: '2026-03-01T10:00:10.000Z',
      message: {
        role: 'assistant',
        model: '<synthetic>',
        content: [{ type: 'text', text: 'No response requested.' }],
      },
    },
  ])
})()

// Codex: session_meta, a turn_context naming the model, items, one compaction, event_msg lines.
const CODEX = jsonl([
  {
    timestamp: '2026-02-20T14:00:00.000Z',
    type: 'session_meta',
    payload: {
      id: '019c0000-1111-7222-8333-944455556666',
      timestamp: '2026-02-20T14:00:00.000Z',
      cwd: '/work/gauges',
      originator: 'codex_cli_rs',
      cli_version: '0.98.0',
    },
  },
  {
    timestamp: '2026-02-20T14:00:01.000Z',
    type: 'turn_context',
    payload: { cwd: '/work/gauges', model: 'gpt-5.1-codex-max' },
  },
  {
    timestamp: '2026-02-20T14:00:01.000Z',
    type: 'response_item',
    payload: {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Rename Gauge.' }],
    },
  },
  {
    timestamp: '2026-02-20T14:00:01.000Z',
    type: 'event_msg',
    payload: { type: 'user_message', message: 'Rename Gauge.' },
  },
  {
    timestamp: '2026-02-20T14:00:03.000Z',
    type: 'response_item',
    payload: {
      type: 'function_call',
      name: 'shell',
      arguments: '{"command":["rg","Gauge"]}',
      call_id: 'c1',
    },
  },
  {
    timestamp: '2026-02-20T14:00:04.000Z',
    type: 'response_item',
    payload: { type: 'function_call_output', call_id: 'c1', output: 'src/gauge.ts' },
  },
  {
    timestamp: '2026-02-20T14:05:00.000Z',
    type: 'compacted',
    payload: { message: 'Renaming Gauge; found src/gauge.ts.' },
  },
  {
    timestamp: '2026-02-20T14:05:10.000Z',
    type: 'response_item',
    payload: {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Renamed.' }],
    },
  },
])

// pi: the session header, a model change, messages (with their own numeric timestamps), a compaction.
const PI = jsonl([
  {
    type: 'session',
    version: 3,
    id: 'p1',
    timestamp: '2026-02-10T10:00:00.000Z',
    cwd: '/home/sam/weather-cli',
  },
  {
    type: 'model_change',
    id: 'e0',
    parentId: null,
    timestamp: '2026-02-10T10:00:01.000Z',
    provider: 'anthropic',
    modelId: 'claude-sonnet-4-5',
  },
  {
    type: 'message',
    id: 'e1',
    parentId: 'e0',
    timestamp: '2026-02-10T10:00:05.000Z',
    message: {
      role: 'user',
      content: [{ type: 'text', text: 'Celsius, please.' }],
      timestamp: 1770717605000,
    },
  },
  {
    type: 'message',
    id: 'e2',
    parentId: 'e1',
    timestamp: '2026-02-10T10:00:09.000Z',
    message: {
      role: 'assistant',
      content: [{ type: 'text', text: 'On it.' }],
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      timestamp: 1770717609000,
    },
  },
  {
    type: 'compaction',
    id: 'e3',
    parentId: 'e2',
    timestamp: '2026-02-10T10:05:00.000Z',
    summary: 'Celsius requested.',
    firstKeptEntryId: 'e2',
    tokensBefore: 90000,
  },
  {
    type: 'message',
    id: 'e4',
    parentId: 'e3',
    timestamp: '2026-02-10T10:06:00.000Z',
    message: {
      role: 'user',
      content: [{ type: 'text', text: 'Round to one decimal.' }],
      timestamp: 1770717960000,
    },
  },
  {
    type: 'message',
    id: 'e5',
    parentId: 'e4',
    timestamp: '2026-02-10T10:06:30.000Z',
    message: {
      role: 'assistant',
      content: [{ type: 'text', text: 'Rounded.' }],
      provider: 'openai',
      model: 'gpt-5',
      timestamp: 1770717990000,
    },
  },
])

// Gemini CLI (JSONL): metadata, a reply appended twice (once more when its tokens arrived), a
// compression summary, and $set updates of lastUpdated.
const GEMINI = jsonl([
  {
    sessionId: 'g1',
    projectHash: 'deploy-tools',
    startTime: '2025-11-20T14:01:00.000Z',
    lastUpdated: '2025-11-20T14:01:00.000Z',
    kind: 'main',
  },
  {
    id: 'm1',
    timestamp: '2025-11-20T14:01:01.000Z',
    type: 'user',
    content: [{ text: 'Add --dry-run.' }],
  },
  {
    id: 'm2',
    timestamp: '2025-11-20T14:01:10.000Z',
    type: 'gemini',
    content: [{ text: 'Reading the script.' }],
    model: 'gemini-2.5-pro',
    tokens: null,
  },
  {
    id: 'm2',
    timestamp: '2025-11-20T14:01:10.000Z',
    type: 'gemini',
    content: [{ text: 'Reading the script.' }],
    model: 'gemini-2.5-pro',
    tokens: { input: 900, output: 40 },
  },
  { $set: { lastUpdated: '2025-11-20T14:01:11.000Z' } },
  {
    id: 'm3',
    timestamp: '2025-11-20T14:30:00.000Z',
    type: 'user',
    content: [{ text: '<state_snapshot>The user wants --dry-run.</state_snapshot>' }],
  },
  {
    id: 'm4',
    timestamp: '2025-11-20T14:30:05.000Z',
    type: 'gemini',
    content: [{ text: 'Added.' }],
    model: 'gemini-3-pro-preview',
    tokens: null,
  },
  { $set: { lastUpdated: '2025-11-20T14:30:06.000Z' } },
])

/** Where each session sits under the fake home, relative to it. */
export const PATHS = {
  claude: '.claude/projects/-home-ana-upload-svc/a1.jsonl',
  codex:
    '.codex/sessions/2026/02/20/rollout-2026-02-20T14-00-00-019c0000-1111-7222-8333-944455556666.jsonl',
  gemini: '.gemini/tmp/deploy-tools/chats/session-2025-11-20T14-01-g1.jsonl',
  pi: '.pi/agent/sessions/--home-sam-weather-cli--/2026-02-10T10-00-00-000Z_p1.jsonl',
  cline:
    '.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/1754300000000/api_conversation_history.json',
  roo: '.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/1760000000000/api_conversation_history.json',
} as const

/** Writes FILE under HOME, making its folders. */
export async function put(home: string, file: string, text: string): Promise<string> {
  const path = join(home, file)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
  return path
}

/** A new fake home with one session of each engine. */
export async function makeSessionHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'sessions-home-'))
  await put(home, PATHS.claude, CLAUDE)
  await put(home, PATHS.codex, CODEX)
  await put(home, PATHS.gemini, GEMINI)
  await put(home, '.gemini/tmp/deploy-tools/.project_root', '/home/lee/deploy-tools\n')
  await put(home, PATHS.pi, PI)
  for (const [file, fixture] of [
    [PATHS.cline, 'cline.json'],
    [PATHS.roo, 'roo-code.json'],
  ] as const) {
    await mkdir(dirname(join(home, file)), { recursive: true })
    await copyFile(join(FORMATS_DIR, fixture), join(home, file))
  }
  return home
}

/** The environment of a Linux user whose home is HOME, and nothing else set. */
export const linuxEnv = (home: string) => ({ HOME: home })

/**
 * The engine and place of each session found in a new folder of the user's that holds these
 * fixtures (testdata/formats name, path under the folder), sorted; the folder goes in `made`.
 */
export async function enginesInFolder(
  fixtures: readonly (readonly [string, string])[],
  made: string[],
): Promise<[string, string][]> {
  const mine = await mkdtemp(join(tmpdir(), 'sessions-folder-'))
  made.push(mine)
  for (const [name, to] of fixtures)
    await put(mine, to, await readFile(join(FORMATS_DIR, name), 'utf8'))
  const { sessions } = await findSessions({
    ctx: { platform: 'linux', env: {}, home: mine },
    folders: [mine],
  })
  return sessions
    .map((s): [string, string] => [s.engine, s.path.slice(mine.length + 1)])
    .sort((a, b) => a[1].localeCompare(b[1]))
}
