import { decodePayload } from '../../src/formats/payload'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi, type TestContext } from 'vitest'
import { expectOneLineFailure, ROOT, runBuiltCli, useBuiltCli, type Run } from './helpers/built-cli'
import { tiktokenFor } from './helpers/tiktoken'
import { importConversation, type Message } from '../../src/index'

// Reported usage and the hidden context as users run them: the built bin on hand-written files.
// The first request of claude-code-usage.jsonl (line 2) reports 3 + 15230 + 0 = 15233 tokens, and
// its prompt is the user's first message alone. Claude on Anthropic's wire is counted as
// docs/tokens.md documents it: round(1.14 × (o200k_base tokens + 16)), the o200k count here
// from OpenAI's tiktoken.
const FORMATS_DIR = join(ROOT, 'testdata/formats')
const FILE = 'claude-code-usage.jsonl'
const FIRST_REPORTED = 15233
// The text output groups thousands with commas; --json keeps the numbers.
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let cli: string
useBuiltCli('cli-usage-', (built) => ({ cli } = built))
const run = (args: string[], cwd = FORMATS_DIR): Promise<Run> => runBuiltCli(cli, args, { cwd })

async function firstPromptTokens(): Promise<number> {
  const line = (await readFile(join(FORMATS_DIR, FILE), 'utf8')).split('\n')[0]
  const text = (JSON.parse(line) as { message: { content: string } }).message.content
  return Math.round(1.14 * (tiktokenFor('o200k_base').encode(text).length + 16))
}

/** The fixture's messages as the core imports them: their types and thinking texts. */
async function fixtureMessages(): Promise<Message[]> {
  return importConversation(await readFile(join(FORMATS_DIR, FILE), 'utf8')).messages
}

describe.concurrent('tokens: each reported request beside its estimate', () => {
  it('states how Claude is counted: 0.15 a Han character, 0.5 a Hangul syllable and 16 a message before the factor 1.14', async () => {
    // The figures docs/tokens.md gives Claude on Anthropic's wire, not the plain wire's 0.
    const json = JSON.parse((await run(['tokens', FILE, '--json'])).stdout)
    expect(json).toMatchObject({
      wire: 'anthropic',
      overheadPerMessage: 0,
      calibratedPerMessage: 16,
      factor: 1.14,
      resultFactor: 1.175,
      hanTokens: 0.15,
      hangulTokens: 0.5,
      overheadPerRequest: 0,
    })
    const text = (await run(['tokens', FILE])).stdout
    expect(text).toMatch(
      new RegExp(
        `^total  ${grouped(json.total)} tokens \\(o200k_base × 1\\.14, 0\\.15 a Han character, 0\\.5 a Hangul syllable and 16 a message for framing before the factor\\)$`,
        'm',
      ),
    )
  })

  it('--json lists the requests and a calibration summary', async () => {
    const r = await run(['tokens', FILE, '--json'])
    expect(r.status).toBe(0)
    const report = JSON.parse(r.stdout)
    const first = await firstPromptTokens()
    expect(report.requests).toHaveLength(12)
    expect(report.requests[0]).toEqual({
      request: 1,
      at: 'line 2',
      prompt: 1,
      estimated: first,
      reported: FIRST_REPORTED,
      outputTokens: 172,
      ratio: first / FIRST_REPORTED,
      incrementRatio: null,
    })
    // Each request's estimate is the sum of the costs of the messages its prompt held, its own
    // turn's thinking included: Sonnet 4.5 drops only earlier turns' thinking, so `tokens` prices
    // the thinking before the last turn at 0, while a request inside a tool loop still held it.
    const messages = await fixtureMessages()
    const o200k = (text: string) => tiktokenFor('o200k_base').encode(text).length
    let checkedTurnThinking = false
    for (const q of report.requests) {
      const sum = report.tokens.slice(0, q.prompt).reduce((a: number, b: number) => a + b, 0)
      let turn = 0
      for (let i = 0; i < q.prompt; i++) if (messages[i].type === 'user') turn = i
      let own = 0
      for (let i = turn; i < q.prompt; i++) {
        if (messages[i].type !== 'reasoning') continue
        // Its reply's reported output less the reply's visible part (the bot message after it, as
        // priced), never below its own text, a summary, at 1.14 (docs/tokens.md); a block with no
        // reported output, its text by the calibrated rule. Its signature is not billed.
        const output = decodePayload(messages[i].payload)?.output_tokens
        const bot = messages.findIndex((m, j) => j > i && m.type === 'bot')
        const retained =
          output !== undefined
            ? Math.max(Math.round(1.14 * o200k(messages[i].text)), output - report.tokens[bot])
            : Math.round(1.14 * (o200k(messages[i].text) + 16))
        own += retained - report.tokens[i]
        if (retained !== report.tokens[i]) checkedTurnThinking = true
      }
      expect(q.estimated).toBe(sum + own)
    }
    expect(checkedTurnThinking).toBe(true)
    expect(report.calibration).toMatchObject({
      requests: 12,
      hiddenTokens: FIRST_REPORTED - first,
    })
    expect(report.calibration.minIncrementRatio).toBeLessThanOrEqual(
      report.calibration.maxIncrementRatio,
    )
  })

  it('prints a per-request table after the total', async () => {
    const r = await run(['tokens', FILE])
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('reported usage: 12 requests')
    expect(r.stdout).toMatch(/request +at +prompt messages +estimated +reported +ratio/)
    const first = await firstPromptTokens()
    const ratio = (first / FIRST_REPORTED).toFixed(3)
    expect(r.stdout).toMatch(
      new RegExp(`\\n +1 +line 2 +1 +${grouped(first)} +15,233 +${ratio}\\n`),
    )
  })

  it('says under the table that Claude Code 2.1.92 kept its attachments out of the file', async () => {
    // The fixture's events are of 2.1.92, which filters attachments out of its transcript
    // (docs/formats/claude-code.md, "Attachments the file does not hold"); 2.1.97 does not.
    const said =
      /\nmean ratio .*\nClaude Code before 2\.1\.97 kept most attachments it sent with a prompt out of this file \(reminders, CLAUDE\.md files, files named with @\)/
    expect((await run(['tokens', FILE])).stdout).toMatch(said)
    expect(JSON.parse((await run(['tokens', FILE, '--json'])).stdout)).toMatchObject({
      attachmentsUnrecorded: true,
    })
    const recent = (await readFile(join(FORMATS_DIR, FILE), 'utf8')).replaceAll(
      '"version":"2.1.92"',
      '"version":"2.1.97"',
    )
    const r = await runBuiltCli(cli, ['tokens', '-'], { cwd: FORMATS_DIR, input: recent })
    expect(r.stdout).toContain('reported usage: 12 requests')
    expect(r.stdout).not.toMatch(said)
    const json = await runBuiltCli(cli, ['tokens', '-', '--json'], {
      cwd: FORMATS_DIR,
      input: recent,
    })
    expect(JSON.parse(json.stdout)).not.toHaveProperty('attachmentsUnrecorded')
  })

  it('says nothing of usage for a file without it', async () => {
    const r = await run(['tokens', 'sample.json', '--json'], join(ROOT, 'testdata/conversations'))
    const report = JSON.parse(r.stdout)
    expect(report).not.toHaveProperty('requests')
    expect(report).not.toHaveProperty('calibration')
    expect(r.stdout).not.toContain('reported')
  })
})

// claude-code-model-switch.jsonl is claude-code-usage.jsonl with its requests 7 – 12 served by
// claude-opus-4-7 (Anthropic's new tokenizer, factor 1.5, earlier thinking kept; docs/tokens.md):
// the file's model, and so the model in force, is the last one.
const SWITCH = 'claude-code-model-switch.jsonl'
const SONNET = 'claude-sonnet-4-5-20250929'
const OPUS = 'claude-opus-4-7'

describe.concurrent('tokens: a session that switches model', () => {
  const requests = async (args: string[], cwd?: string) => {
    const r = await run(['tokens', ...args, '--json'], cwd)
    expect(r.status).toBe(0)
    return JSON.parse(r.stdout) as {
      tokens: number[]
      overheadPerRequest: number
      requests: { estimated: number; pricedAs?: string; prompt: number }[]
    }
  }

  it('prices each request as the model that served it, whichever model is in force', async () => {
    const [inForceOpus, inForceSonnet, sonnetOnly] = await Promise.all([
      requests([SWITCH]),
      requests([SWITCH, '--model', SONNET]),
      requests([FILE]),
    ])
    const served = (k: number) => (k < 6 ? SONNET : OPUS)
    expect(inForceOpus.requests.map((q) => q.pricedAs)).toEqual(
      inForceOpus.requests.map((_, k) => (served(k) === OPUS ? undefined : SONNET)),
    )
    expect(inForceSonnet.requests.map((q) => q.pricedAs)).toEqual(
      inForceSonnet.requests.map((_, k) => (served(k) === SONNET ? undefined : OPUS)),
    )
    // The same estimate either way; the Sonnet requests as the all-Sonnet file prices them.
    expect(inForceSonnet.requests.map((q) => q.estimated)).toEqual(
      inForceOpus.requests.map((q) => q.estimated),
    )
    expect(inForceOpus.requests.slice(0, 6).map((q) => q.estimated)).toEqual(
      sonnetOnly.requests.slice(0, 6).map((q) => q.estimated),
    )
    // An Opus 4.7 request is the sum of its prompt's costs under Opus 4.7, which keeps earlier
    // thinking: nothing of a turn is priced apart.
    for (const q of inForceOpus.requests.slice(6)) {
      const sum = inForceOpus.tokens.slice(0, q.prompt).reduce((a, b) => a + b, 0)
      expect(q.estimated).toBe(sum + inForceOpus.overheadPerRequest)
    }
    // Opus 4.7 counts more tokens for the same text than the Sonnet it replaced.
    const last = inForceOpus.requests.length - 1
    expect(inForceOpus.requests[last].estimated).toBeGreaterThan(
      sonnetOnly.requests[last].estimated,
    )
  })

  it('estimates requests Claude Code 2.1.152 sent without Sonnet’s thinking without it', async ({
    onTestFinished,
  }) => {
    // The same session written by 2.1.160, which sends the Opus requests without the signed
    // thinking Sonnet wrote (docs/tokens.md, "Thinking another model wrote").
    const dir = await mkdtemp(join(tmpdir(), 'switch-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const text = await readFile(join(FORMATS_DIR, SWITCH), 'utf8')
    await writeFile(join(dir, 'later.jsonl'), text.replaceAll('"2.1.92"', '"2.1.160"'))
    const [early, later] = await Promise.all([requests([SWITCH]), requests(['later.jsonl'], dir)])
    const messages = importConversation(text).messages
    const sonnetThinking = messages.flatMap((m, i) =>
      m.type === 'reasoning' && i < early.requests[6].prompt ? [i] : [],
    )
    // The fixture's Sonnet replies think five times, each block signed.
    expect(sonnetThinking).toHaveLength(5)
    // Opus 4.7 keeps earlier thinking either way; the Sonnet requests of 2.1.160 keep it too (it
    // asks the API to), so only the Opus requests compare with the 2.1.92 file's.
    expect(later.tokens).toEqual(early.tokens)
    for (const [k, q] of later.requests.entries()) {
      if (k < 6) continue
      const without = sonnetThinking.reduce((sum, i) => sum + later.tokens[i], 0)
      expect(without).toBeGreaterThan(0)
      expect(q.estimated).toBe(early.requests[k].estimated - without)
    }
    const table = (await run(['tokens', 'later.jsonl'], dir)).stdout
    expect(table).toContain('earlier thinking blocks Claude Code took out of that request')
  })

  it('names the model a request was priced as in the table', async () => {
    const r = await run(['tokens', SWITCH])
    expect(r.stdout).toMatch(/request +at +prompt messages +estimated +priced as +reported +ratio/)
    const first = await firstPromptTokens()
    expect(r.stdout).toMatch(new RegExp(`\\n +1 +line 2 +1 +${grouped(first)} +${SONNET} +15,233 `))
    expect(r.stdout).toMatch(new RegExp(`\\n +12 +line \\d+ +\\d+ +[\\d,]+ +${OPUS} +[\\d,]+ `))
  })

  it('derives the hidden context again where another model serves, as that model counts it', async () => {
    // Model in force: Opus 4.7. The first request was Sonnet 4.5's, 1.14 × (o200k + 16); each
    // model is sent a system prompt and tools of its own, so Opus's first request (7, line 24)
    // derives it again, as Opus counts that request.
    const first = await firstPromptTokens()
    const [check, tokens, text] = await Promise.all([
      run(['check', SWITCH, '--max-tokens', '60000', '--hidden-tokens', 'auto', '--json']),
      requests([SWITCH]),
      run(['tokens', SWITCH]),
    ])
    const opus = tokens.requests[6] as unknown as { reported: number; estimated: number }
    const json = JSON.parse(check.stdout)
    expect(json.hiddenTokens).toBe(opus.reported - opus.estimated)
    const change = opus.reported - opus.estimated - (FIRST_REPORTED - first)
    expect((tokens as unknown as { modelChanges: unknown }).modelChanges).toEqual([
      { model: OPUS, tokens: change, request: 7, at: 'line 24' },
    ])
    // The growth from the first request holds the change: exact at the request it is derived at.
    const increments = (tokens.requests as unknown as { incrementRatio: number | null }[]).map(
      (q) => q.incrementRatio,
    )
    expect(increments[0]).toBeNull()
    expect(increments[6]).toBeCloseTo(1, 2)
    expect(text.stdout).toContain(
      `derived from the first reported request at line 2; ${grouped(Math.abs(change))} ${change < 0 ? 'fewer' : 'of them'} from request 7 (line 24) on, the first ${OPUS} served after another model)`,
    )
    expect(text.stdout).toContain(
      'the context not in the file measured again where another model served included (each model is sent a system prompt and tools of its own)',
    )
  })
})

describe.concurrent('check --hidden-tokens', () => {
  it('auto adds what the first reported request held beyond the estimate, and says so', async () => {
    const first = await firstPromptTokens()
    const hidden = FIRST_REPORTED - first
    const json = JSON.parse(
      (await run(['check', FILE, '--max-tokens', '30000', '--hidden-tokens', 'auto', '--json']))
        .stdout,
    )
    const sum = json.tokens.reduce((a: number, b: number) => a + b, 0)
    expect(json.hiddenTokens).toBe(hidden)
    expect(json.estimatedTokens).toBe(sum + hidden)
    const plain = await run(['check', FILE, '--max-tokens', '30000', '--hidden-tokens', 'auto'])
    expect(plain.stdout).toContain(
      `${grouped(sum + hidden)} tokens; includes ${grouped(hidden)} tokens not in the file (system prompt and tool schemas, derived from the first reported request at line 2)`,
    )
  })

  it('N is added as given, and can flip the decision', async () => {
    const cwd = join(ROOT, 'testdata/conversations')
    const base = JSON.parse(
      (await run(['check', 'sample.json', '--max-tokens', '4000', '--json'], cwd)).stdout,
    )
    // Just enough hidden tokens to reach the threshold, 4000 × 0.9.
    const extra = 3600 - base.estimatedTokens
    const flipped = JSON.parse(
      (
        await run(
          [
            'check',
            'sample.json',
            '--max-tokens',
            '4000',
            '--hidden-tokens',
            String(extra),
            '--json',
          ],
          cwd,
        )
      ).stdout,
    )
    expect(base.shouldCompact).toBe(false)
    expect(flipped.estimatedTokens).toBe(3600)
    expect(flipped.hiddenTokens).toBe(extra)
    expect(flipped.shouldCompact).toBe(true)
  })

  it('auto on a file with no reported usage is one line naming the file', async () => {
    const cwd = join(ROOT, 'testdata/conversations')
    const r = await run(
      ['check', 'sample.json', '--max-tokens', '2000', '--hidden-tokens', 'auto'],
      cwd,
    )
    expect(expectOneLineFailure(r)).toBe(
      'check: option --hidden-tokens auto: sample.json holds no provider-reported usage to derive it from; give a number instead',
    )
  })

  it.each(['-3', '1.5', 'lots'])('refuses --hidden-tokens=%s', async (value) => {
    const r = await run(['check', FILE, '--max-tokens', '2000', `--hidden-tokens=${value}`])
    expect(expectOneLineFailure(r)).toBe(
      `check: option --hidden-tokens: "${value}" is not a non-negative integer or 'auto'`,
    )
  })
})

// claude-code-microcompact.jsonl is claude-code-usage.jsonl with a microcompaction after request 9
// (line 33) that lists the first four tool results, and requests 10 – 12 reporting 2,507 tokens
// fewer: by hand, the four results' share of the reported growth before them (about 490, 585, 690
// and 790 tokens) less four placeholders of about 12.
const MICRO = 'claude-code-microcompact.jsonl'

describe.concurrent('tokens: a session with a microcompaction', () => {
  const requests = async (file: string) => {
    const r = await run(['tokens', file, '--json'])
    expect(r.status).toBe(0)
    return JSON.parse(r.stdout) as {
      tokens: number[]
      overheadPerRequest: number
      requests: { estimated: number; cleared?: number; prompt: number; reported: number }[]
    }
  }

  it('estimates the requests after it with the results it lists cleared', async () => {
    const [micro, whole] = await Promise.all([requests(MICRO), requests(FILE)])
    expect(micro.requests.map((q) => q.cleared)).toEqual([...Array(9).fill(undefined), 4, 4, 4])
    // The messages are the same as the file without the microcompaction, loaded whole.
    expect(micro.tokens).toEqual(whole.tokens)
    const messages = importConversation(await readFile(join(FORMATS_DIR, MICRO), 'utf8')).messages
    const results = ['toolu_01L001', 'toolu_01L002', 'toolu_01L003', 'toolu_01L004'].map((id) =>
      messages.findIndex((m) => m.id === id),
    )
    const wholeResults = results.reduce((sum, i) => sum + micro.tokens[i], 0)
    for (const k of [9, 10, 11]) {
      const q = micro.requests[k]
      const sum = micro.tokens.slice(0, q.prompt).reduce((a, b) => a + b, 0)
      expect(whole.requests[k].estimated).toBe(sum + micro.overheadPerRequest)
      // Each result is priced as the same placeholder in its place: a few tokens, not its text.
      const placeholders = wholeResults - (whole.requests[k].estimated - q.estimated)
      expect(placeholders % 4).toBe(0)
      expect(placeholders / 4).toBeGreaterThan(5)
      expect(placeholders / 4).toBeLessThan(40)
    }
    // So the estimate falls with the report, rather than growing on.
    expect(micro.requests[9].estimated).toBeLessThan(micro.requests[8].estimated)
  })

  it('says in the table how many results each request was sent cleared', async () => {
    const r = await run(['tokens', MICRO])
    expect(r.stdout).toMatch(
      /request +at +prompt messages +results sent cleared +estimated +reported +ratio/,
    )
    expect(r.stdout).toMatch(/\n +9 +line 32 +24 +0 +[\d,]+ +21,268 /)
    expect(r.stdout).toMatch(/\n +10 +line 35 +26 +4 +[\d,]+ +18,861 /)
    expect(r.stdout).toContain(
      'results sent cleared: tool results Claude Code replaced with a placeholder in that request (a microcompaction, or a cut it recorded)',
    )
    const plain = await run(['tokens', FILE])
    expect(plain.stdout).not.toContain('sent cleared')
  })
})

// claude-code-subagent.jsonl is claude-code-usage.jsonl as a subagent's own file (every event on a
// sidechain, an agentId on each, no attachment recorded) whose requests from the second on, the
// first after a tool result, each report 612 tokens more: what Claude Code sent the subagent
// without writing it to the file.
const SUBAGENT = 'claude-code-subagent.jsonl'
const UNRECORDED = 612

describe.concurrent('tokens: a subagent sent context its file does not record', () => {
  interface Report {
    tokens: number[]
    requests: {
      estimated: number
      reported: number
      unrecorded?: number
      incrementRatio: number | null
    }[]
    calibration: { hiddenTokens: number }
    unrecorded?: { tokens: number; request: number; at: string }
  }
  const report = async (file: string) => {
    const r = await run(['tokens', file, '--json'])
    expect(r.status).toBe(0)
    return JSON.parse(r.stdout) as Report
  }
  // The reported growth of request 2 less the estimated growth.
  const step = (q: Report['requests']) =>
    q[1].reported - q[0].reported - (q[1].estimated - q[0].estimated)

  it('derives it from request 2, and counts it in the growth from there on', async () => {
    const [sub, whole] = await Promise.all([report(SUBAGENT), report(FILE)])
    expect(sub.tokens).toEqual(whole.tokens)
    expect(whole.unrecorded).toBeUndefined()
    // The 612 tokens, and whatever the estimate already missed or over-counted at that step.
    expect(sub.unrecorded).toEqual({
      tokens: UNRECORDED + step(whole.requests),
      request: 2,
      at: 'line 6',
    })
    const late = sub.unrecorded!.tokens
    expect(sub.requests.map((q) => q.unrecorded)).toEqual([undefined, ...Array(11).fill(late)])
    expect(sub.calibration.hiddenTokens).toBe(whole.calibration.hiddenTokens + late)
    const growth = (k: number) =>
      (sub.requests[k].estimated + late - sub.requests[0].estimated) /
      (sub.requests[k].reported - sub.requests[0].reported)
    for (let k = 1; k < 12; k++) expect(sub.requests[k].incrementRatio).toBeCloseTo(growth(k), 12)
    expect(sub.requests[1].incrementRatio).toBe(1)
  })

  it('says where the context not in the file came from', async () => {
    const r = await run(['tokens', SUBAGENT])
    const late = (await report(SUBAGENT)).unrecorded!.tokens
    expect(r.stdout).toContain(
      `of them sent to this subagent from its first tool result on and not recorded in its file, derived from request 2 at line 6)`,
    )
    expect(r.stdout).toContain(`; ${grouped(late)} of them sent to this subagent`)
    const check = await run([
      'check',
      SUBAGENT,
      '--max-tokens',
      '200000',
      '--hidden-tokens',
      'auto',
    ])
    expect(check.stdout).toContain(`${grouped(late)} of them sent to this subagent`)
  })
})

// claude-code-tool-search.jsonl is claude-code-usage.jsonl whose first tool call is a ToolSearch
// that loads WebFetch (its result a tool_reference block): every request from the second on
// reports 452 tokens more, WebFetch's definition, which the file does not hold.
const TOOL_SEARCH = 'claude-code-tool-search.jsonl'
const DEFINITION = 452

describe.concurrent('tokens: deferred tools a ToolSearch result loaded', () => {
  interface Report {
    requests: {
      estimated: number
      reported: number
      toolsLoaded?: number
      incrementRatio: number | null
    }[]
    calibration: { hiddenTokens: number }
    toolsLoaded?: { tools: string[]; tokens: number; request: number; at: string }[]
  }
  const report = async (file: string) => {
    const r = await run(['tokens', file, '--json'])
    expect(r.status).toBe(0)
    return JSON.parse(r.stdout) as Report
  }
  // The same session had WebFetch's definition not been sent: every report from the second less it.
  // Its temporary folder goes when the test that made it ends: a concurrent test's own hook.
  async function withoutDefinition(onTestFinished: TestContext['onTestFinished']): Promise<string> {
    const lines = (await readFile(join(FORMATS_DIR, TOOL_SEARCH), 'utf8')).trimEnd().split('\n')
    let reports = 0
    const out = lines.map((line) => {
      const v = JSON.parse(line)
      const usage = v.message?.usage
      if (v.type !== 'assistant' || !usage) return line
      // The lines of one API message share its report; the first message's lines keep theirs.
      if (v.message.id !== 'msg_01Led0001') usage.cache_read_input_tokens -= DEFINITION
      reports++
      return JSON.stringify(v)
    })
    expect(reports).toBeGreaterThan(12)
    const dir = await mkdtemp(join(tmpdir(), 'tool-search-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const file = join(dir, 'without.jsonl')
    await writeFile(file, out.join('\n') + '\n')
    return file
  }

  it('derives the definition from request 2, and counts it in the growth from there on', async ({
    onTestFinished,
  }) => {
    const [loaded, without] = await Promise.all([
      report(TOOL_SEARCH),
      withoutDefinition(onTestFinished).then(report),
    ])
    expect(without.toolsLoaded).toBeUndefined()
    const step = (q: Report['requests']) =>
      q[1].reported - q[0].reported - (q[1].estimated - q[0].estimated)
    // The 452 tokens, and whatever the estimate already missed or over-counted at that step.
    const tokens = DEFINITION + step(without.requests)
    expect(loaded.toolsLoaded).toEqual([{ tools: ['WebFetch'], tokens, request: 2, at: 'line 6' }])
    expect(loaded.requests.map((q) => q.toolsLoaded)).toEqual([
      undefined,
      ...Array(11).fill(tokens),
    ])
    expect(loaded.calibration.hiddenTokens).toBe(without.calibration.hiddenTokens + tokens)
    expect(loaded.requests[1].incrementRatio).toBe(1)
    // Every later request's growth is what the file without the definition shows, less the step.
    for (let k = 2; k < 12; k++) {
      const grew = loaded.requests[k].reported - loaded.requests[0].reported
      const estimated = loaded.requests[k].estimated + tokens - loaded.requests[0].estimated
      expect(loaded.requests[k].incrementRatio).toBeCloseTo(estimated / grew, 12)
      expect(without.requests[k].reported).toBe(loaded.requests[k].reported - DEFINITION)
    }
  })

  it('says where the context not in the file came from, and check adds it', async () => {
    const r = await run(['tokens', TOOL_SEARCH])
    const tokens = (await report(TOOL_SEARCH)).toolsLoaded![0].tokens
    expect(r.stdout).toContain(
      `; ${grouped(tokens)} of them the definition of WebFetch, which a ToolSearch result loaded, derived from request 2 at line 6)`,
    )
    expect(r.stdout).toContain(', the loaded tools’ definitions included')
    const check = await run([
      'check',
      TOOL_SEARCH,
      '--max-tokens',
      '200000',
      '--hidden-tokens',
      'auto',
    ])
    expect(check.stdout).toContain(`${grouped(tokens)} of them the definition of WebFetch`)
  })
})

// claude-code-router.jsonl is claude-code-usage.jsonl as a router answered it: every reply named
// claude-opus-4-8, its id a UUID where Anthropic's API gives msg_…; the 12 reported requests as
// they were.
const ROUTER = 'claude-code-router.jsonl'

describe.concurrent('tokens: replies another backend answered under a Claude model’s name', () => {
  it('marks each such request, and says so under the table', async () => {
    const [json, plain, anthropic] = await Promise.all([
      run(['tokens', ROUTER, '--json']),
      run(['tokens', ROUTER]),
      run(['tokens', FILE]),
    ])
    const requests = (JSON.parse(json.stdout) as { requests: { otherBackend?: true }[] }).requests
    expect(requests.map((q) => q.otherBackend)).toEqual(Array(12).fill(true))
    expect(plain.stdout).toContain(
      '\n12 of the 12 requests were answered by another backend under a Claude model’s name (their replies’ ids are not of Anthropic’s form): their reported sizes are that backend’s counts, which the Claude calibration does not describe\n',
    )
    expect(anthropic.stdout).not.toContain('another backend')
  })
})

// claude-code-kept-thinking.jsonl is claude-code-usage.jsonl as Claude Code 2.1.136 wrote it: its
// requests ask Anthropic's API to keep earlier thinking, so each report from the second turn on
// holds the earlier turns' thinking too.
describe.concurrent('tokens: earlier thinking the requests keep', () => {
  it('prices it as sent, says so under the method, and names the rule in --json', async () => {
    const [kept, keptJson, model, modelJson] = await Promise.all([
      run(['tokens', 'claude-code-kept-thinking.jsonl']),
      run(['tokens', 'claude-code-kept-thinking.jsonl', '--json']),
      run(['tokens', FILE]),
      run(['tokens', FILE, '--json']),
    ])
    expect(kept.stdout.split('\n')[2]).toBe(
      'earlier turns’ thinking priced as sent: the file’s requests ask Anthropic’s API to keep it, where claude-sonnet-4-5-20250929 on its own keeps only the last turn’s',
    )
    expect(model.stdout).not.toContain('priced as sent')
    type Report = { thinking: string; total: number; requests: { estimated: number }[] }
    const k = JSON.parse(keptJson.stdout) as Report
    const m = JSON.parse(modelJson.stdout) as Report
    expect([k.thinking, m.thinking]).toEqual(['kept', 'model'])
    // The first turn's five requests are priced alike; from the second turn on, the kept
    // thinking is in every request.
    const diff = k.requests.map((r, i) => r.estimated - m.requests[i].estimated)
    expect(diff.slice(0, 5)).toEqual([0, 0, 0, 0, 0])
    for (const d of diff.slice(5)) expect(d).toBeGreaterThan(0)
    expect(k.total).toBeGreaterThan(m.total)
  })
})

// gemini-cli-thoughts-unsent.jsonl: at each new turn the reported prompt grew by the last reply and
// the new prompt alone, so none of the replies' thinking (600, 500 and 200 tokens) was sent;
// gemini-cli-thoughts.json's reports show its turn's thinking was (docs/tokens.md).
describe.concurrent('tokens: Gemini thinking the reports show was not sent', () => {
  it('prices it at 0, says so under the method, and names the rule in --json', async () => {
    const [unsent, unsentJson, sentJson] = await Promise.all([
      run(['tokens', 'gemini-cli-thoughts-unsent.jsonl']),
      run(['tokens', 'gemini-cli-thoughts-unsent.jsonl', '--json']),
      run(['tokens', 'gemini-cli-thoughts.json', '--json']),
    ])
    expect(unsent.stdout.split('\n')[2]).toBe(
      'thinking priced at 0 in every request: the file’s reported prompts show that none of its requests held an earlier reply’s thinking, not even its own turn’s',
    )
    type Report = { thinking: string; tokens: number[] }
    const u = JSON.parse(unsentJson.stdout) as Report
    expect(u.thinking).toBe('dropped')
    expect((JSON.parse(sentJson.stdout) as Report).thinking).toBe('model')
    // Gemini is counted with Gemma 3's vocabulary, which is Gemini's: no factor (docs/tokens.md).
    const sent = JSON.parse(sentJson.stdout) as Record<string, unknown>
    expect(sent).toMatchObject({ encoding: 'gemma3', family: 'google' })
    expect(sent).not.toHaveProperty('factor')
    // Rows 1, 6 and 11 are the three replies' thinking.
    expect([1, 6, 11].map((i) => u.tokens[i])).toEqual([0, 0, 0])
  })
})
