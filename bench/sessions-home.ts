/**
 * A fake home folder with many sessions across the engines, each where its engine writes it on
 * Linux (node/sessions/locations.ts), for `npm run bench -- --sessions`. Sizes are log-uniform
 * between 2 KB and 2 MB, as real logs run from a one-question session to a day's work; lines are
 * the engines' record shapes with generated text.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { mulberry32, type Random } from './prng'

/** What was written. */
export interface SessionHome {
  home: string
  sessions: number
  bytes: number
  byEngine: Record<string, number>
}

const ENGINE_SHARE = [
  ['claude-code', 0.35],
  ['codex', 0.25],
  ['gemini-cli', 0.12],
  ['pi', 0.1],
  ['cline', 0.1],
  ['roo-code', 0.08],
] as const

const WORDS =
  'the queue cron worker retry billing invoice test fixture rename module build deploy flag'.split(
    ' ',
  )

function prose(random: Random, bytes: number): string {
  const words: string[] = []
  let length = 0
  while (length < bytes) {
    const w = random.pick(WORDS)
    words.push(w)
    length += w.length + 1
  }
  return words.join(' ')
}

const MIN_BYTES = 2_000
const MAX_BYTES = 2_000_000
const logUniform = (random: Random) =>
  Math.round(MIN_BYTES * (MAX_BYTES / MIN_BYTES) ** random.next())

/** Writes COUNT sessions under HOME; the same seed writes the same files. */
export function writeSessionHome(home: string, count: number, seed: number): SessionHome {
  const random = mulberry32(seed)
  const result: SessionHome = { home, sessions: 0, bytes: 0, byEngine: {} }
  const start = Date.parse('2026-01-01T00:00:00Z')
  for (let i = 0; i < count; i++) {
    let pick = random.next()
    const engine = ENGINE_SHARE.find(([, share]) => (pick -= share) < 0)?.[0] ?? 'claude-code'
    const project = `/home/dev/project-${random.int(1, 40)}`
    const t0 = start + random.int(0, 300 * 86_400) * 1000
    const size = logUniform(random)
    const { path, text } = SESSION_WRITERS[engine](random, i, project, t0, size)
    const file = join(home, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
    result.sessions++
    result.bytes += Buffer.byteLength(text)
    result.byEngine[engine] = (result.byEngine[engine] ?? 0) + 1
  }
  return result
}

type Writer = (
  random: Random,
  i: number,
  project: string,
  t0: number,
  size: number,
) => { path: string; text: string }

const iso = (ms: number) => new Date(ms).toISOString()
const line = (record: object) => JSON.stringify(record) + '\n'

// Lines of `make(k, time)` until the text reaches SIZE bytes.
function fill(head: string, size: number, t0: number, make: (k: number, time: number) => string) {
  const parts = [head]
  let length = head.length
  for (let k = 0; length < size; k++) {
    const next = make(k, t0 + k * 7_000)
    parts.push(next)
    length += next.length
  }
  return parts.join('')
}

const SESSION_WRITERS: Record<(typeof ENGINE_SHARE)[number][0], Writer> = {
  'claude-code': (random, i, project, t0, size) => {
    const base = { sessionId: `s${i}`, version: '2.1.92', cwd: project, isSidechain: false }
    const text = fill('', size, t0, (k, time) =>
      k > 0 && k % 400 === 0
        ? line({
            ...base,
            type: 'system',
            subtype: 'compact_boundary',
            uuid: `u${k}`,
            parentUuid: null,
            timestamp: iso(time),
          })
        : k % 2 === 0
          ? line({
              ...base,
              type: 'user',
              uuid: `u${k}`,
              parentUuid: `u${k - 1}`,
              timestamp: iso(time),
              message: { role: 'user', content: prose(random, random.int(100, 2000)) },
            })
          : line({
              ...base,
              type: 'assistant',
              uuid: `u${k}`,
              parentUuid: `u${k - 1}`,
              timestamp: iso(time),
              message: {
                role: 'assistant',
                model: 'claude-sonnet-4-5',
                content: [{ type: 'text', text: prose(random, random.int(200, 3000)) }],
              },
            }),
    )
    return { path: `.claude/projects/${project.replace(/[^a-zA-Z0-9]/g, '-')}/s${i}.jsonl`, text }
  },
  codex: (random, i, project, t0, size) => {
    const d = new Date(t0)
    const day = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`
    const head =
      line({
        timestamp: iso(t0),
        type: 'session_meta',
        payload: {
          id: `id-${i}`,
          timestamp: iso(t0),
          cwd: project,
          originator: 'codex_cli_rs',
          cli_version: '0.98.0',
        },
      }) +
      line({
        timestamp: iso(t0),
        type: 'turn_context',
        payload: { cwd: project, model: 'gpt-5.1-codex-max' },
      })
    const text = fill(head, size, t0, (k, time) =>
      k > 0 && k % 300 === 0
        ? line({
            timestamp: iso(time),
            type: 'compacted',
            payload: { message: prose(random, 500) },
          })
        : line({
            timestamp: iso(time),
            type: 'response_item',
            payload: {
              type: 'message',
              role: k % 2 ? 'assistant' : 'user',
              content: [
                {
                  type: k % 2 ? 'output_text' : 'input_text',
                  text: prose(random, random.int(100, 2500)),
                },
              ],
            },
          }),
    )
    return {
      path: `.codex/sessions/${day}/rollout-${iso(t0).slice(0, 19).replace(/:/g, '-')}-id-${i}.jsonl`,
      text,
    }
  },
  'gemini-cli': (random, i, project, t0, size) => {
    const head = line({
      sessionId: `g${i}`,
      projectHash: 'p',
      startTime: iso(t0),
      lastUpdated: iso(t0),
      kind: 'main',
    })
    const text = fill(
      head,
      size,
      t0,
      (k, time) =>
        line({
          id: `m${k}`,
          timestamp: iso(time),
          type: k % 2 ? 'gemini' : 'user',
          content: [{ text: prose(random, random.int(100, 2500)) }],
          ...(k % 2 ? { model: 'gemini-2.5-pro' } : {}),
        }) + (k % 2 ? line({ $set: { lastUpdated: iso(time) } }) : ''),
    )
    return {
      path: `.gemini/tmp/${project.split('/').pop()}/chats/session-${iso(t0).slice(0, 16).replace(/:/g, '-')}-g${i}.jsonl`,
      text,
    }
  },
  pi: (random, i, project, t0, size) => {
    const head = line({
      type: 'session',
      version: 3,
      id: `p${i}`,
      timestamp: iso(t0),
      cwd: project,
    })
    const text = fill(head, size, t0, (k, time) =>
      k > 0 && k % 300 === 0
        ? line({
            type: 'compaction',
            id: `e${k}`,
            parentId: `e${k - 1}`,
            timestamp: iso(time),
            summary: prose(random, 400),
            firstKeptEntryId: `e${k - 1}`,
          })
        : line({
            type: 'message',
            id: `e${k}`,
            parentId: k ? `e${k - 1}` : null,
            timestamp: iso(time),
            message: {
              role: k % 2 ? 'assistant' : 'user',
              content: [{ type: 'text', text: prose(random, random.int(100, 2500)) }],
              ...(k % 2 ? { model: 'claude-sonnet-4-5' } : {}),
              timestamp: time,
            },
          }),
    )
    return {
      path: `.pi/agent/sessions/--${project.slice(1).replace(/\//g, '-')}--/${iso(t0).replace(/[:.]/g, '-')}_p${i}.jsonl`,
      text,
    }
  },
  cline: (random, i, project, t0, size) =>
    taskWriter(random, i, project, t0, size, 'saoudrizwan.claude-dev', 'Working'),
  'roo-code': (random, i, project, t0, size) =>
    taskWriter(random, i, project, t0, size, 'rooveterinaryinc.roo-cline', 'Workspace'),
}

function taskWriter(
  random: Random,
  i: number,
  project: string,
  t0: number,
  size: number,
  extension: string,
  word: string,
) {
  const first = {
    role: 'user',
    content: [
      { type: 'text', text: `<task>\n${prose(random, 200)}\n</task>` },
      {
        type: 'text',
        text: `<environment_details>\n# Current ${word} Directory (${project}) Files\nsrc/\n</environment_details>`,
      },
    ],
    ts: t0,
  }
  const turns = [JSON.stringify(first)]
  let length = turns[0].length
  for (let k = 1; length < size; k++) {
    const turn = JSON.stringify({
      role: k % 2 ? 'assistant' : 'user',
      content: [{ type: 'text', text: prose(random, random.int(100, 2500)) }],
      ts: t0 + k * 5000,
      ...(k % 2 ? { modelInfo: { modelId: 'claude-sonnet-4-5', providerId: 'anthropic' } } : {}),
    })
    turns.push(turn)
    length += turn.length + 1
  }
  return {
    path: `.config/Code/User/globalStorage/${extension}/tasks/${t0 + i}/api_conversation_history.json`,
    text: `[${turns.join(',')}]`,
  }
}
