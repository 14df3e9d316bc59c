import { spawn } from 'node:child_process'
import { copyFile, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { referenceCounts } from './helpers/tiktoken'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  applySummary,
  buildSummaryPrompt,
  parseConversation,
  serializeConversation,
  type Message,
} from '../../src/index'
import {
  useBuiltCli,
  errLines,
  expectOneLineFailure,
  ROOT,
  runBuiltCli,
  type Run,
} from './helpers/built-cli'

// The tool is tested as users run it: built by the real config into a directory outside the
// repository (so it must run without node_modules), then spawned as a child process.
const CONVERSATIONS = join(ROOT, 'testdata/conversations')
const COMMANDS = ['check', 'prompt', 'apply', 'diagnose', 'tokens', 'engines']

// Every case spawns node on a 5 MB bundle (the tokenizer's vocabularies): allow for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let cli: string
let work: string
useBuiltCli('cli-work-', (built) => ({ cli, work } = built))

function run(args: string[], options: { cwd?: string; input?: string } = {}): Promise<Run> {
  return runBuiltCli(cli, args, { ...options, cwd: options.cwd ?? CONVERSATIONS })
}

interface RawMessage {
  id?: string
  type?: string
  text: string
  payload?: string
}

async function rawMessages(name: string): Promise<RawMessage[]> {
  const json = JSON.parse(await readFile(join(CONVERSATIONS, name), 'utf8'))
  return Array.isArray(json) ? json : json.messages
}

/** Per-message tokens from OpenAI's reference tokenizer: text + payload, plus 4 of framing. */
const referenceTokens = (encoding: string, messages: RawMessage[]) =>
  referenceCounts(messages, encoding)

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0)
// The text output groups thousands with commas; --json keeps the numbers.
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

// sample.json by hand: 20 messages keep max(1, ⌊20 × 0.25⌋) = 5, so the head is 0–14. Its
// instructions (0 and 6) are hoisted, the other 13 head messages are summarised, 15–19 are kept.
const SAMPLE_HOISTED = [0, 6]
const SAMPLE_SUMMARIZED = [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14]
const SAMPLE_TAIL = [15, 16, 17, 18, 19]
const SAMPLE_BUCKETS = Array.from({ length: 20 }, (_, i) =>
  SAMPLE_HOISTED.includes(i) ? 'hoisted' : SAMPLE_TAIL.includes(i) ? 'keep' : 'summarize',
)

/** sample.json's messages as the core reads them, picked by index. */
async function sampleMessages(indexes: number[]): Promise<Message[]> {
  const { messages } = parseConversation(await readFile(join(CONVERSATIONS, 'sample.json'), 'utf8'))
  return indexes.map((i) => messages[i])
}

describe('the built bin', () => {
  // The bin and its chunks: each vocabulary is read only when a count needs it (vite.cli.config.ts).
  it('is an executable file with a node shebang, beside its chunks and nothing else', async () => {
    const text = await readFile(cli, 'utf8')
    expect(text.split('\n')[0]).toBe('#!/usr/bin/env node')
    expect((await stat(cli)).mode & 0o111).not.toBe(0)
    expect(await readdir(dirname(cli))).toEqual(['assets', 'cli.js'])
    const chunks = await readdir(join(dirname(cli), 'assets'))
    expect(chunks.every((name) => name.endsWith('.js'))).toBe(true)
  })

  it('runs directly, without node_modules beside it', async () => {
    const r = await new Promise<Run>((done) => {
      const child = spawn(cli, ['--version'], { cwd: dirname(cli) })
      let stdout = ''
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
      child.on('close', (status) => done({ status, stdout, stderr: '' }))
    })
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
    expect(r).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' })
  })
})

describe.concurrent('--help', () => {
  it('lists every command', async () => {
    const r = await run(['--help'])
    expect(r.status).toBe(0)
    for (const name of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${name} `, 'm'))
  })

  it.each(COMMANDS)('%s --help shows its usage, its flags and its exit status', async (name) => {
    const flags: Record<string, string[]> = {
      check: ['--max-tokens', '--keep-recent', '--trigger-ratio', '--model', '--json'],
      prompt: ['--max-tokens', '--keep-recent', '--trigger-ratio', '--model'],
      apply: ['--summary', '--summary-file', '--max-tokens', '--output', '--force', '--model'],
      diagnose: ['--summary', '--summary-file', '--max-tokens', '--keep-recent', '--json'],
      tokens: ['--model', '--json'],
      engines: ['--window', '--max-output', '--engine', '--model', '--json'],
    }
    const r = await run([name, '--help'])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout.startsWith(`Usage: compaction-inspector ${name} FILE`)).toBe(true)
    for (const flag of flags[name]) expect(r.stdout).toContain(flag)
    expect(r.stdout).toMatch(/^Exit status:/m)
  })

  it('answers -h beside a bad flag, and `help COMMAND`', async () => {
    const expected = await run(['apply', '--help'])
    expect(await run(['apply', '--bogus', '-h'])).toEqual(expected)
    expect(await run(['help', 'apply'])).toEqual(expected)
  })

  it('says what prompt does when the check declines', async () => {
    const r = await run(['prompt', '--help'])
    expect(r.stdout).toMatch(/declines[^]*exit status is 2/)
  })
})

describe.concurrent('usage errors exit 2 with one line that names the flag', () => {
  it.each([
    [
      ['check', 'sample.json', '--max-tokens', 'abc'],
      ['--max-tokens', '"abc"', 'positive integer'],
    ],
    [
      ['check', 'sample.json', '--max-tokens', '0'],
      ['--max-tokens', '"0"'],
    ],
    [
      ['check', 'sample.json', '--max-tokens', '2.5'],
      ['--max-tokens', '"2.5"'],
    ],
    [
      ['check', 'sample.json', '--max-tokens'],
      ['--max-tokens', 'needs a value'],
    ],
    [
      ['check', 'sample.json', '--max-tokens', '--json'],
      ['--max-tokens', 'needs a value'],
    ],
    [
      ['check', 'sample.json', '--max-tokens', '9', '--keep-recent=-1'],
      ['--keep-recent', '"-1"'],
    ],
    [['check', 'sample.json', '--max-tokens', '9', '--trigger-ratio', '1.5'], ['--trigger-ratio']],
    [['check', 'sample.json', '--max-tokens', '9', '--trigger-ratio', '0'], ['--trigger-ratio']],
    [['check', 'sample.json', '--max-tokens', '9', '--bogus'], ['unknown option --bogus']],
    [
      ['check', 'sample.json', '--max-tokens', '9', '--json=yes'],
      ['--json', 'takes no value'],
    ],
    [
      ['check', 'sample.json', '--max-tokens', '9', '--max-tokens', '8'],
      ['--max-tokens', 'twice'],
    ],
    [
      ['check', 'sample.json', '--model', 'o200k_base'],
      ['missing --max-tokens', 'counted with o200k_base'],
    ],
    [['check', '--max-tokens', '9'], ['missing FILE']],
    [['tokens', 'sample.json', 'short.json'], ['unexpected argument "short.json"']],
    [['apply', 'sample.json', '--max-tokens', '9'], ['missing --summary']],
    [
      ['apply', 'sample.json', '--max-tokens', '9', '--summary', 'a', '--summary-file', 'b'],
      ['not both'],
    ],
    [['frobnicate', 'sample.json'], ['unknown command "frobnicate"']],
    [[], ['missing command']],
  ])('%j', async (args, fragments) => {
    const line = expectOneLineFailure(await run(args))
    for (const fragment of fragments) expect(line).toContain(fragment)
  })
})

describe.concurrent('bad files exit 2 with the file and the place', () => {
  it.each(COMMANDS)('%s: malformed JSON gives FILE:LINE:COLUMN', async (name) => {
    // malformed.json line 11 ends `"type": "bot"` with no comma; the next token, `"text"`, opens
    // line 12 after six spaces of indent: column 7.
    const extra = name === 'tokens' || name === 'engines' ? [] : ['--max-tokens', '100']
    const summary = name === 'apply' ? ['--summary', 'x'] : []
    const line = expectOneLineFailure(await run([name, 'malformed.json', ...extra, ...summary]))
    expect(line).toBe("malformed.json:12:7: malformed JSON: expected ','")
  })

  it('a message with no type gives the place, the message index and the field', async () => {
    // bad-shape.json: the second message (index 1) opens with `{` on line 7, column 3.
    const line = expectOneLineFailure(await run(['tokens', 'bad-shape.json']))
    expect(line).toBe('bad-shape.json:7:3: message 1, field type: missing "type"')
  })

  it('says there are no messages where a table would have none', async () => {
    const empty = join(work, 'empty.json')
    await writeFile(empty, '[]')
    // A Claude Code file of a title and a file-history snapshot only: nothing in it is a message.
    const titles = join(work, 'titles.jsonl')
    await writeFile(
      titles,
      '{"type":"summary","summary":"Fix the build","leafUuid":"u-1"}\n' +
        '{"type":"file-history-snapshot","messageId":"m-1","snapshot":{"messageId":"m-1","trackedFileBackups":{},"timestamp":"2026-01-01T00:00:00Z"},"isSnapshotUpdate":false}\n',
    )
    const tokens = await run(['tokens', empty])
    expect(tokens.status).toBe(0)
    expect(tokens.stdout).toContain('\n(no messages: the file holds an empty conversation)\n')
    expect(tokens.stdout).not.toContain('index')
    const check = await run(['check', titles, '--max-tokens', '100'])
    expect(check.status).toBe(0)
    expect(check.stdout).toContain(
      '\n(no messages: nothing in the file is a message of the conversation; --verbose lists what the import read instead)\n',
    )
  })

  it('a missing file, a directory and non-UTF-8 bytes are named', async () => {
    expect(expectOneLineFailure(await run(['tokens', 'nope.json']))).toBe(
      'nope.json: cannot read: no such file or directory',
    )
    expect(expectOneLineFailure(await run(['tokens', '.']))).toBe('.: cannot read: is a directory')
    const latin1 = join(work, 'latin1.json')
    await writeFile(latin1, Buffer.from('[{"type":"user","text":"caf\xe9"}]', 'latin1'))
    // é in Latin-1 is the one byte 0xE9, after the 27 bytes of `[{"type":"user","text":"caf`.
    expect(expectOneLineFailure(await run(['tokens', latin1]))).toBe(
      `${latin1}: line 1, column 28 (byte 27): not UTF-8 text (invalid bytes 0xE9 0x22: ` +
        '0xE9 starts a 3-byte character that 0x22 does not continue)',
    )
  })

  it('unknown fields are warnings on stderr, and the command still succeeds', async () => {
    const file = join(work, 'extra-fields.json')
    await writeFile(
      file,
      JSON.stringify({
        messages: [
          { type: 'user', text: 'hi' },
          { type: 'bot', text: 'hello', timestamp: 1717000000 },
        ],
        source: 'export',
      }),
    )
    const r = await run(['tokens', file])
    expect(r.status).toBe(0)
    expect(errLines(r).sort()).toEqual(
      [
        `${file}: warning: messages[1].timestamp: unknown field, ignored`,
        `${file}: warning: source: unknown top-level field, ignored`,
      ].sort(),
    )
  })
})

describe.concurrent('tokens', () => {
  it("counts each message of sample.json as tiktoken does, with the file's model", async () => {
    const expected = referenceTokens('o200k_base', await rawMessages('sample.json'))
    const r = await run(['tokens', 'sample.json', '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout)).toEqual({
      file: 'sample.json',
      model: 'gpt-4o',
      encoding: 'o200k_base',
      fellBack: false,
      family: 'openai',
      method: 'exact (o200k_base)',
      wire: 'native',
      thinking: 'model',
      overheadPerMessage: 4,
      overheadPerRequest: 0,
      tokens: expected,
      total: sum(expected),
    })
  })

  it('prints a row per message, the total and the encoding', async () => {
    const raw = await rawMessages('sample.json')
    const expected = referenceTokens('o200k_base', raw)
    const r = await run(['tokens', 'sample.json'])
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('model gpt-4o, encoding o200k_base')
    expect(r.stdout).toContain('\ncounted with OpenAI: exact (o200k_base)\n')
    raw.forEach((m, i) => {
      expect(r.stdout).toMatch(new RegExp(`^ *${i}  ${m.id} +${m.type} +${expected[i]}  `, 'm'))
    })
    expect(r.stdout).toMatch(
      new RegExp(`^total  ${grouped(sum(expected))} tokens \\(o200k_base`, 'm'),
    )
  })

  it('--model overrides the file: gpt-4 counts with cl100k_base', async () => {
    const expected = referenceTokens('cl100k_base', await rawMessages('sample.json'))
    const r = await run(['tokens', 'sample.json', '--model', 'gpt-4', '--json'])
    const report = JSON.parse(r.stdout)
    expect(report).toMatchObject({ model: 'gpt-4', encoding: 'cl100k_base', fellBack: false })
    expect(report.tokens).toEqual(expected)
  })

  it('an unknown model warns once, as an approximation, and counts with o200k_base', async () => {
    const expected = referenceTokens('o200k_base', await rawMessages('short.json'))
    const r = await run(['tokens', 'short.json', '--model', 'gpt-9-turbo', '--json'])
    expect(r.status).toBe(0)
    expect(errLines(r)).toEqual([
      'short.json: warning: unknown model "gpt-9-turbo": counted as OpenAI (approximation)',
    ])
    expect(JSON.parse(r.stdout)).toMatchObject({ encoding: 'o200k_base', fellBack: true })
    expect(JSON.parse(r.stdout).tokens).toEqual(expected)
  })

  it('a file without a model counts with o200k_base, and - reads stdin', async () => {
    const messages = [
      { type: 'user', text: 'Wie spät ist es in 東京? 🕰️' },
      { type: 'bot', text: '', payload: '{"tool":"clock","tz":"Asia/Tokyo"}' },
    ]
    const r = await run(['tokens', '-', '--json'], { input: JSON.stringify(messages) })
    expect(r.status).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({
      file: '<stdin>',
      model: '',
      encoding: 'o200k_base',
      tokens: referenceTokens('o200k_base', messages),
    })
  })
})

describe.concurrent('check', () => {
  it('--json: sample.json compacts at --max-tokens 2000', async () => {
    const raw = await rawMessages('sample.json')
    const tokens = referenceTokens('o200k_base', raw)
    expect(sum(tokens)).toBeGreaterThanOrEqual(1800)
    const r = await run(['check', 'sample.json', '--max-tokens', '2000', '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    const report = JSON.parse(r.stdout)
    expect(report).toMatchObject({
      model: 'gpt-4o',
      encoding: 'o200k_base',
      fellBack: false,
      maxTokens: 2000,
      triggerRatio: 0.9,
      shouldCompact: true,
      reason: null,
      estimatedTokens: sum(tokens),
      threshold: 1800,
      tokens,
      buckets: SAMPLE_BUCKETS,
    })
    const ids = (indexes: number[]) => indexes.map((i) => raw[i].id)
    expect(report.messagesToSummarize.map((m: Message) => m.id)).toEqual(ids(SAMPLE_SUMMARIZED))
    expect(report.messagesToKeep.map((m: Message) => m.id)).toEqual(
      ids([...SAMPLE_HOISTED, ...SAMPLE_TAIL]),
    )
    // Messages come back whole, in the wire shape.
    expect(report.messagesToSummarize[3]).toEqual(raw[4])
  })

  it('without --max-tokens, the budget is the model’s context window, and stderr says so', async () => {
    // gpt-4o reads 128,000 tokens (OpenAI's model page): sample.json's 1,900 do not compact.
    const r = await run(['check', 'sample.json', '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe(
      "check: no --max-tokens: the budget is 128,000 tokens, gpt-4o's context window " +
        '(https://platform.openai.com/docs/models/gpt-4o); give --max-tokens N for another\n',
    )
    const report = JSON.parse(r.stdout)
    expect(report).toMatchObject({ maxTokens: 128_000, threshold: 115_200, shouldCompact: false })
  })

  it('the table shows each message and its bucket, then total, threshold, decision and why', async () => {
    const raw = await rawMessages('sample.json')
    const tokens = referenceTokens('o200k_base', raw)
    const r = await run(['check', 'sample.json', '--max-tokens', '2000'])
    expect(r.status).toBe(0)
    raw.forEach((m, i) => {
      const row = `^ *${i}  ${m.id} +${m.type} +${tokens[i]}  ${SAMPLE_BUCKETS[i]} `
      expect(r.stdout).toMatch(new RegExp(row, 'm'))
    })
    const summarized = sum(SAMPLE_SUMMARIZED.map((i) => tokens[i]))
    expect(r.stdout).toMatch(new RegExp(`^total +${grouped(sum(tokens))} tokens$`, 'm'))
    expect(r.stdout).toMatch(/^threshold +1,800 \(max tokens 2,000 × trigger ratio 0\.9\)$/m)
    expect(r.stdout).toMatch(
      new RegExp(
        `^decision +compact: summarise 13 messages \\(${grouped(summarized)} tokens\\), keep 7 `,
        'm',
      ),
    )
    expect(r.stdout).toMatch(/^why +\S/m)
  })

  it.each([
    // 1900-odd tokens against 0.9 × 5000 = 4500.
    ['below-threshold', 'sample.json', ['--max-tokens', '5000']],
    // The same tokens against 1 × 2000 = 2000.
    ['below-threshold', 'sample.json', ['--max-tokens', '2000', '--trigger-ratio', '1']],
    // Keeping 19 of 20 leaves a head of only the system prompt.
    ['nothing-to-summarize', 'sample.json', ['--max-tokens', '2000', '--keep-recent', '19']],
    // 3 messages, over a 36-token threshold but under MIN_MESSAGES.
    ['too-few-messages', 'short.json', ['--max-tokens', '40']],
  ])('declines with %s (%s %j), keeping everything', async (reason, file, options) => {
    const raw = await rawMessages(file)
    const r = await run(['check', file, ...options, '--json'])
    expect(r.status).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(report).toMatchObject({ shouldCompact: false, reason, messagesToSummarize: [] })
    expect(report.messagesToKeep).toEqual(raw)
    expect(report.buckets).toEqual(raw.map(() => 'keep'))
    const table = await run(['check', file, ...options])
    expect(table.stdout).toMatch(new RegExp(`^decision +do not compact \\(${reason}\\)$`, 'm'))
  })

  it('--keep-recent 0 summarises the whole conversation except its instructions', async () => {
    const r = await run([
      'check',
      'sample.json',
      '--max-tokens',
      '2000',
      '--keep-recent',
      '0',
      '--json',
    ])
    const report = JSON.parse(r.stdout)
    expect(report.buckets).toEqual(
      Array.from({ length: 20 }, (_, i) => (SAMPLE_HOISTED.includes(i) ? 'hoisted' : 'summarize')),
    )
    expect(report.messagesToKeep.map((m: Message) => m.id)).toEqual(['sys-1', 'sys-2'])
  })

  it('a re-compaction summarises the earlier summary again', async () => {
    // already-compacted.json: 8 messages keep 2; the head 0–5 holds the system prompt (hoisted)
    // and the earlier summary at index 1, which is summarised with the next four.
    const raw = await rawMessages('already-compacted.json')
    const tokens = referenceTokens('o200k_base', raw)
    expect(sum(tokens)).toBeGreaterThanOrEqual(540)
    const r = await run(['check', 'already-compacted.json', '--max-tokens', '600', '--json'])
    const report = JSON.parse(r.stdout)
    expect(report.buckets).toEqual([
      'hoisted',
      'summarize',
      'summarize',
      'summarize',
      'summarize',
      'summarize',
      'keep',
      'keep',
    ])
    expect(report.messagesToSummarize[0]).toEqual(raw[1])
  })
})

describe.concurrent('prompt', () => {
  it('prints exactly the summary prompt of the summarised messages, and nothing else', async () => {
    const r = await run(['prompt', 'sample.json', '--max-tokens', '2000'])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe(buildSummaryPrompt(await sampleMessages(SAMPLE_SUMMARIZED)))
    const raw = await rawMessages('sample.json')
    expect(r.stdout).toContain(raw[1].text)
    // Reasoning and tool calls never reach the prompt; the kept tail is not summarised.
    expect(r.stdout).not.toContain(raw[5].text)
    expect(r.stdout).not.toContain('call_7Hq2xWb9')
    expect(r.stdout).not.toContain(raw[19].text)
  })

  it('when the check declines: nothing on stdout, the reason on stderr, exit 2', async () => {
    const line = expectOneLineFailure(await run(['prompt', 'sample.json', '--max-tokens', '5000']))
    expect(line).toMatch(/^sample\.json: no summary prompt: the check declines \(below-threshold\)/)
    expect(line).toContain('threshold 4,500')
  })
})

describe('apply', () => {
  const SUMMARY = 'Issue #482 fixed in 3f9c2a1e8b7d4c60a5e2f1b09d8c7e6a5b4c3d21.'

  async function expectedBytes(summary: string): Promise<string> {
    const keep = await sampleMessages([...SAMPLE_HOISTED, ...SAMPLE_TAIL])
    const summarize = await sampleMessages(SAMPLE_SUMMARIZED)
    return serializeConversation(applySummary(keep, summary, summarize))
  }

  it('prints the compacted conversation in the wire shape', async () => {
    const r = await run(['apply', 'sample.json', '--max-tokens', '2000', '--summary', SUMMARY])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe(await expectedBytes(SUMMARY))
    // By hand: system prompt, reminder, summary, then the five kept messages.
    const out = JSON.parse(r.stdout)
    expect(out.map((m: Message) => m.id ?? m.type)).toEqual([
      'sys-1',
      'sys-2',
      'context',
      'u-3',
      'call_Wm55eRt8',
      'call_Wm55eRt8-result',
      'b-5',
      'u-4',
    ])
    expect(out[2].meta).toMatchObject({ compacted: true, droppedCount: 13 })
  })

  it('reads the summary from a file or from stdin, verbatim', async () => {
    const file = join(work, 'summary.md')
    await writeFile(file, `${SUMMARY}\n`)
    const fromFile = await run([
      'apply',
      'sample.json',
      '--max-tokens',
      '2000',
      '--summary-file',
      file,
    ])
    expect(fromFile.stdout).toBe(await expectedBytes(`${SUMMARY}\n`))
    const fromStdin = await run(
      ['apply', 'sample.json', '--max-tokens', '2000', '--summary-file', '-'],
      {
        input: SUMMARY,
      },
    )
    expect(fromStdin.stdout).toBe(await expectedBytes(SUMMARY))
  })

  it('an empty summary or a missing summary file is bad input', async () => {
    const blank = await run(['apply', 'sample.json', '--max-tokens', '2000', '--summary', ' \n '])
    expect(expectOneLineFailure(blank)).toMatch(/^--summary: .*empty/)
    const missing = join(work, 'no-summary.md')
    const r = await run(['apply', 'sample.json', '--max-tokens', '2000', '--summary-file', missing])
    expect(expectOneLineFailure(r)).toBe(`${missing}: cannot read: no such file or directory`)
  })

  it('when the check declines: exit 2 with the reason, and no output file', async () => {
    const out = join(work, 'declined.json')
    const r = await run([
      'apply',
      'sample.json',
      '--max-tokens',
      '5000',
      '--summary',
      SUMMARY,
      '-o',
      out,
    ])
    expect(expectOneLineFailure(r)).toMatch(/^sample\.json: .*below-threshold/)
    await expect(stat(out)).rejects.toThrow()
  })

  describe('-o', () => {
    let dir: string
    let input: string
    let original: string

    beforeAll(async () => {
      dir = join(work, 'output')
      await mkdir(dir)
      input = join(dir, 'sample.json')
      await copyFile(join(CONVERSATIONS, 'sample.json'), input)
      original = await readFile(input, 'utf8')
      await symlink(input, join(dir, 'link.json'))
    })

    const args = (out: string, ...more: string[]) => [
      'apply',
      input,
      '--max-tokens',
      '2000',
      '--summary',
      SUMMARY,
      '-o',
      out,
      ...more,
    ]

    it('writes the same bytes stdout would get, and leaves no temp file', async () => {
      const out = join(dir, 'compacted.json')
      const r = await run(args(out))
      expect(r.status).toBe(0)
      expect(r.stdout).toBe('')
      expect(errLines(r)).toHaveLength(1)
      expect(await readFile(out, 'utf8')).toBe(await expectedBytes(SUMMARY))
      expect((await readdir(dir)).sort()).toEqual(['compacted.json', 'link.json', 'sample.json'])
      await rm(out)
    })

    it.each([
      ['the same path', () => input],
      ['another spelling of it', () => join(dir, '..', 'output', '.', 'sample.json')],
      ['a symlink to it', () => join(dir, 'link.json')],
    ])('refuses to overwrite FILE through %s without --force', async (_, out) => {
      const line = expectOneLineFailure(await run(args(out())))
      expect(line).toContain('refusing to overwrite the input file')
      expect(line).toContain('--force')
      expect(await readFile(input, 'utf8')).toBe(original)
    })

    it('fails on an unwritable target without leaving a partial file or a temp file', async () => {
      const target = join(dir, 'a-directory')
      await mkdir(join(target, 'inside'), { recursive: true })
      const line = expectOneLineFailure(await run(args(target)))
      // A directory is not a file to replace: refused by its kind, before anything is written.
      expect(line).toBe(
        `${target}: refusing to write: it is a directory, not a regular file ` +
          "(-o takes a regular file or a new path; '-' is standard output)",
      )
      expect(await readdir(target)).toEqual(['inside'])
      expect((await readdir(dir)).sort()).toEqual(['a-directory', 'link.json', 'sample.json'])
      await rm(target, { recursive: true })

      const nowhere = join(dir, 'missing-dir', 'out.json')
      expect(expectOneLineFailure(await run(args(nowhere)))).toBe(
        `${nowhere}: cannot write: no such file or directory`,
      )
    })

    it('replaces FILE with --force', async () => {
      const r = await run(args(input, '--force'))
      expect(r.status).toBe(0)
      expect(await readFile(input, 'utf8')).toBe(await expectedBytes(SUMMARY))
      expect((await readdir(dir)).sort()).toEqual(['link.json', 'sample.json'])
    })
  })
})
