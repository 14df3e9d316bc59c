import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { appendFileSync, copyFileSync, truncateSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { expectOneLineFailure, ROOT, runBuiltCli, useBuiltCli } from './helpers/built-cli'

// Every run spawns node on a 5 MB bundle, and waits for the file system's events: be generous.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 })
const WAIT_MS = 30_000

let cli: string
let work: string
useBuiltCli('cli-watch-', (built) => ({ cli, work } = built))

// A Claude Code session as the agent writes it: a prompt, then the reply, each one line.
const base = { sessionId: 's1', version: '2.1.92', cwd: '/home/ana/app', isSidechain: false }
let uuid = 0
const prompt = (text: string) =>
  JSON.stringify({
    ...base,
    type: 'user',
    uuid: `u${++uuid}`,
    parentUuid: uuid === 1 ? null : `u${uuid - 1}`,
    message: { role: 'user', content: text },
  }) + '\n'
const reply = (text: string) =>
  JSON.stringify({
    ...base,
    type: 'assistant',
    uuid: `u${++uuid}`,
    parentUuid: `u${uuid - 1}`,
    message: {
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'text', text }],
      usage: { input_tokens: 100 * uuid, output_tokens: 20 },
    },
  }) + '\n'
const sentence = (n: number) =>
  `Turn ${n}: the retry helper waits ${n * 100} ms and the fake timer never advances it. `.repeat(n)

/** The watch command running, its NDJSON events as they come, and a way to wait for one. */
function watch(args: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [cli, 'watch', ...args], {
    cwd: work,
  })
  const events: Record<string, unknown>[] = []
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    const lines = stdout.split('\n')
    stdout = lines.pop() ?? ''
    for (const line of lines) events.push(JSON.parse(line))
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<number | null>((done) => child.on('close', done))
  const next = async (ok: (e: Record<string, unknown>) => boolean, what: string) => {
    const start = Date.now()
    for (;;) {
      const found = events.find(ok)
      if (found) return found
      if (Date.now() - start > WAIT_MS) {
        throw new Error(`no ${what}: ${JSON.stringify(events)} ${stderr}`)
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  return { child, events, next, exited, stderr: () => stderr }
}

/** What check says of the same bytes, counted whole: the figure watch's increments must reach. */
async function checkTotal(file: string): Promise<number> {
  const run = await runBuiltCli(cli, ['check', file, '--max-tokens', '20000', '--json'], {
    cwd: work,
  })
  expect(run.status).toBe(0)
  return JSON.parse(run.stdout).estimatedTokens
}

describe('watch', () => {
  it('prints a turn as an appending writer adds it, counting only the new messages, and exits 0 on Ctrl+C', async () => {
    const file = join(work, 'session.jsonl')
    writeFileSync(file, prompt(sentence(1)) + reply(sentence(1)))
    const w = watch([file, '--max-tokens', '20000', '--json'])
    const start = await w.next((e) => e.event === 'start', 'start')
    expect(start).toMatchObject({ format: 'claude-code', messages: 2, turns: 1, turnsLeft: null })
    expect(start.tokens).toBe(await checkTotal(file))
    let previous = start.tokens as number
    for (let n = 2; n <= 4; n++) {
      appendFileSync(file, prompt(sentence(n)))
      appendFileSync(file, reply(sentence(n)))
      // The prompt line makes the turn; the reply may come in the same change or the next.
      const turn = await w.next((e) => e.event === 'turn' && e.turn === n, `turn ${n}`)
      expect(turn.tokens as number).toBeGreaterThan(previous)
      previous = turn.tokens as number
    }
    // A fifth prompt, alone and last: its line is read after every other.
    appendFileSync(file, prompt(sentence(5)))
    const last = await w.next((e) => e.event === 'turn' && e.turn === 5, 'turn 5')
    // The increments reach what a whole count of the same bytes says, and each of the nine
    // messages was counted once: two at the start, then each new one as its line arrived.
    expect(last).toMatchObject({ messages: 9, tokens: await checkTotal(file), countedInAll: 9 })
    expect(last.turnsLeft).toEqual(expect.any(Number))
    w.child.kill('SIGINT')
    expect(await w.exited).toBe(0)
  })

  it('reads a truncated file again, with a note', async () => {
    uuid = 0
    const file = join(work, 'truncated.jsonl')
    const head = prompt(sentence(1)) + reply(sentence(1))
    writeFileSync(file, head + prompt(sentence(2)) + reply(sentence(2)))
    const w = watch([file, '--max-tokens', '20000', '--json'])
    await w.next((e) => e.event === 'start', 'start')
    truncateSync(file, Buffer.byteLength(head))
    const reset = await w.next((e) => e.event === 'reset', 'a reset')
    expect(reset.note).toBe('the file was truncated; read again')
    const turn = await w.next((e) => e.event === 'turn', 'the re-read')
    expect(turn).toMatchObject({ turn: 1, messages: 2, tokens: await checkTotal(file) })
    w.child.kill('SIGINT')
    expect(await w.exited).toBe(0)
  })

  it('says when an appended line cannot be read, and reads the file again once it can', async () => {
    uuid = 0
    const file = join(work, 'broken.jsonl')
    const head = prompt(sentence(1)) + reply(sentence(1))
    writeFileSync(file, head)
    const w = watch([file, '--max-tokens', '20000', '--json'])
    await w.next((e) => e.event === 'start', 'start')
    appendFileSync(file, Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d, 0x0a])) // {"\xff"} on line 3
    const error = await w.next((e) => e.event === 'error', 'an error')
    expect(error.message).toMatch(/broken\.jsonl: line 3, column 3 \(byte \d+\): not UTF-8 text/)
    // The writer starts again: the file is cut back to its good lines, and a turn follows.
    truncateSync(file, Buffer.byteLength(head))
    appendFileSync(file, prompt(sentence(2)))
    const turn = await w.next((e) => e.event === 'turn' && e.turn === 2, 'turn 2')
    expect(turn.tokens).toBe(await checkTotal(file))
    w.child.kill('SIGINT')
    expect(await w.exited).toBe(0)
  })

  it('says in text how far the run is from compaction', async () => {
    uuid = 0
    const file = join(work, 'text.jsonl')
    writeFileSync(file, prompt(sentence(1)) + reply(sentence(1)) + prompt(sentence(2)))
    const child = spawn(process.execPath, [cli, 'watch', file, '--max-tokens', '3000'], {
      cwd: work,
    })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    const exited = new Promise<number | null>((done) => child.on('close', done))
    const until = async (ok: () => boolean) => {
      const start = Date.now()
      while (!ok()) {
        if (Date.now() - start > WAIT_MS) throw new Error(`no line: ${out}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    await until(() => out.includes('watching'))
    expect(out.split('\n')[0]).toMatch(
      /^.*text\.jsonl: Claude Code session.*, 3 messages, 2 turns, [\d,]+ tokens {2}[\d.]+% of 2,700 {2}compaction in about \d+ turns? \(MaxTokens 3,000\); watching, Ctrl\+C to stop$/,
    )
    appendFileSync(file, reply(sentence(2)) + prompt(sentence(3)))
    await until(() => / turn 3 /.test(out))
    expect(out).toMatch(
      /^\d\d:\d\d:\d\d {2}turn 3 {2}[\d,]+ tokens {2}[\d.]+% of 2,700 {2}(compaction|—)/m,
    )
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  })

  it('takes as MaxTokens the window a Codex rollout says it ran with', async () => {
    const file = join(work, 'rollout.jsonl')
    const line = (type: string, payload: unknown) =>
      JSON.stringify({ timestamp: 't', type, payload }) + '\n'
    writeFileSync(
      file,
      line('session_meta', { id: 's' }) +
        line('turn_context', { model: 'gpt-5.5', cwd: '/w' }) +
        line('event_msg', { type: 'task_started', model_context_window: 258_400 }) +
        line('response_item', {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Fix the parser.' }],
        }),
    )
    const child = spawn(process.execPath, [cli, 'watch', file], { cwd: work })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c))
    const exited = new Promise<number | null>((done) => child.on('close', done))
    const start = Date.now()
    while (!out.includes('watching')) {
      if (Date.now() - start > WAIT_MS) throw new Error(`no line: ${out}`)
      await new Promise((r) => setTimeout(r, 50))
    }
    // 258,400 × the default trigger ratio 0.9 = 232,560.
    expect(out.split('\n')[0]).toMatch(/ of 232,560 .*\(MaxTokens 258,400\); watching/)
    // stderr says which budget it took, as check and the others do.
    expect(err).toMatch(
      /^watch: no --max-tokens: the budget is 258,400 tokens, gpt-5\.5's context window \(the log, line 3: /m,
    )
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  })

  it('refuses what it cannot follow, in one line', async () => {
    expectOneLineFailure(
      await runBuiltCli(cli, ['watch', '-', '--max-tokens', '100'], { cwd: work }),
    )
    const missing = expectOneLineFailure(
      await runBuiltCli(cli, ['watch', join(work, 'nope.jsonl'), '--max-tokens', '100'], {
        cwd: work,
      }),
    )
    expect(missing).toMatch(/nope\.jsonl: .*no such file/)
    const file = join(work, 'unknown-model.jsonl')
    writeFileSync(
      file,
      '{"type":"user","uuid":"a","parentUuid":null,"message":{"role":"user","content":"hi"}}\n',
    )
    const budget = expectOneLineFailure(await runBuiltCli(cli, ['watch', file], { cwd: work }))
    expect(budget).toMatch(/^watch: missing --max-tokens N/)
  })
})

// testdata/sqlite/opencode.db: its latest session loads 10 messages from the file alone, 14 with
// its write-ahead log (the last two stored messages); its older session, 2.
describe('watch on an opencode database', () => {
  /** opencode.db without its log, last written an hour ago. */
  function databaseAlone(name: string): string {
    const file = join(work, name)
    copyFileSync(join(ROOT, 'testdata/sqlite/opencode.db'), file)
    const anHourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(file, anHourAgo, anHourAgo)
    return file
  }

  it('reads the session again, with the write-ahead log, when the log changes', async () => {
    const file = databaseAlone('opencode.db')
    const alone = await checkTotal(file)
    const w = watch([file, '--max-tokens', '20000', '--json'])
    const start = await w.next((e) => e.event === 'start', 'start')
    expect(start).toMatchObject({ format: 'opencode-db', messages: 10, tokens: alone })
    copyFileSync(join(ROOT, 'testdata/sqlite/opencode.db-wal'), `${file}-wal`)
    const reset = await w.next((e) => e.event === 'reset', 'a reset')
    expect(reset.note).toBe('the file was rewritten; read again')
    const turn = await w.next((e) => e.event === 'turn' && e.messages === 14, 'the re-read')
    expect(turn.tokens).toBe(await checkTotal(file))
    expect(turn.tokens as number).toBeGreaterThan(alone)
    w.child.kill('SIGINT')
    expect(await w.exited).toBe(0)
  })

  it('follows the session --session names', async () => {
    const file = databaseAlone('older.db')
    const w = watch([
      file,
      '--max-tokens',
      '20000',
      '--session',
      'ses_2a0000000001Older0000000001',
      '--json',
    ])
    const start = await w.next((e) => e.event === 'start', 'start')
    expect(start).toMatchObject({ format: 'opencode-db', messages: 2 })
    w.child.kill('SIGINT')
    expect(await w.exited).toBe(0)
  })
})
