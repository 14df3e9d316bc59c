import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../cli/run-cli'
import { REFERENCE_FRAMING_TOKENS, referenceCounts } from './helpers/tiktoken'
import { ROOT } from './helpers/built-cli'

// --request as every loading command takes it, run in-process on the hand-written traffic logs.
const TRAFFIC = join(ROOT, 'testdata/formats/api-traffic.jsonl')
const CLINE = join(ROOT, 'testdata/formats/cline.json')
const COMMANDS = [
  ['tokens'],
  ['check', '--max-tokens', '2000'],
  ['prompt', '--max-tokens', '50'],
  ['diagnose', '--max-tokens', '2000'],
]

async function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(args, { out: (t) => out.push(t), err: (l) => err.push(l) })
  return { status, stdout: out.join(''), stderr: err }
}

describe('--request', () => {
  it.each(COMMANDS)('%s --help documents it', async (name) => {
    const r = await run([name, '--help'])
    expect(r.stdout).toMatch(/^ {2}--request N {2,}In an API traffic log, read request N/m)
  })

  it('says which request it read, and reads the one asked for', async () => {
    // Counted with --model gpt-4o, exact, so the costs do not hang on Claude's calibration.
    const r = await run(['tokens', TRAFFIC, '--request', '6', '--model', 'gpt-4o', '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr[0]).toBe(
      `${TRAFFIC}: request 6 of 6 (claude-3-5-haiku-20241022, 2 messages); read another with --request N`,
    )
    // Request 6 sends two messages and got no reply: their counts, by OpenAI's tokenizer, over
    // Anthropic's wire, which adds no framing (docs/tokens.md, "Wire overhead").
    const expected = referenceCounts([
      { text: 'Is this a new topic? Answer yes or no.' },
      { text: '{' },
    ]).map((n) => n - REFERENCE_FRAMING_TOKENS)
    const parsed = JSON.parse(r.stdout) as { encoding: string; tokens: number[] }
    expect(parsed.encoding).toBe('o200k_base')
    expect(parsed.tokens).toEqual(expected)
  })

  it('reads the main thread without it', async () => {
    const r = await run(['tokens', TRAFFIC])
    expect(r.status).toBe(0)
    expect(r.stderr[0]).toBe(
      `${TRAFFIC}: request 4 of 6 (claude-sonnet-4-20250514, 5 messages); read another with --request N`,
    )
  })

  it.each(COMMANDS)(
    '%s refuses a request the file does not have, naming the flag and the range',
    async (...args) => {
      const r = await run([...args, TRAFFIC, '--request', '9'])
      expect(r.status).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toEqual([
        `${args[0]}: option --request: ${TRAFFIC}: 9 is not a request of this file: it has 6 requests (1–6)`,
      ])
    },
  )

  it('refuses a value that is not a request number before reading the file', async () => {
    const r = await run(['tokens', '/nonexistent.jsonl', '--request', 'last'])
    expect(r.status).toBe(2)
    expect(r.stderr).toEqual(['tokens: option --request: "last" is not a positive integer'])
  })

  it('refuses it for a file that has no requests', async () => {
    const r = await run(['tokens', CLINE, '--request', '1'])
    expect(r.status).toBe(2)
    expect(r.stderr).toEqual([
      `tokens: option --request: ${CLINE}: only an API traffic log has requests to choose from; this file is Cline / Roo Code task history`,
    ])
  })
})
