import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../cli/run-cli'
import { MODEL_LIMITS } from '../../src/engines'
import { ROOT } from './helpers/built-cli'

// `engines` run in-process on the bundled sample and a Claude Code fixture.
const SAMPLE = join(ROOT, 'testdata/conversations/sample.json')
const CLAUDE_CODE = join(ROOT, 'testdata/formats/claude-code-usage.jsonl')

async function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(args, {
    out: (t) => out.push(t),
    err: (l) => err.push(l),
    columns: 100,
  })
  return { status, stdout: out.join(''), stderr: err }
}

const KEYS = [
  'id',
  'trigger',
  'firesAfter',
  'keep',
  'summarize',
  'cleared',
  'nextRequestTokens',
  'cutsToolExchange',
]

describe('engines --json', () => {
  it('prints exactly the issue shape, one entry per engine, in order', async () => {
    const r = await run(['engines', SAMPLE, '--window', '2000', '--max-output', '500', '--json'])
    expect(r.status).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(Object.keys(report)).toEqual(['engines'])
    expect(report.engines.map((e: { id: string }) => e.id)).toEqual([
      'seed',
      'claude-code',
      'codex',
      'opencode',
      'gemini-cli',
      'kimi-cli',
      'copilot-cli',
      'mistral-vibe',
      'continue',
      'cline',
      'aider',
      'langchain',
      'anthropic-compaction',
      'anthropic-clear-tool-uses',
      'openai-compaction',
    ])
    for (const e of report.engines) {
      expect(Object.keys(e)).toEqual(KEYS)
      // Every message is in exactly one of the three lists.
      expect(
        [...e.keep, ...e.summarize, ...e.cleared].sort((a: number, b: number) => a - b),
      ).toEqual(Array.from({ length: 20 }, (_, i) => i))
    }
  })

  it('the seed engine with the window as MaxTokens splits as check does', async () => {
    const engines = JSON.parse(
      (
        await run([
          'engines',
          SAMPLE,
          '--window',
          '2000',
          '--max-output',
          '500',
          '--engine',
          'seed',
          '--json',
        ])
      ).stdout,
    ).engines
    const check = JSON.parse(
      (await run(['check', SAMPLE, '--max-tokens', '2000', '--json'])).stdout,
    )
    const indexes = (bucket: string[]) => (name: string) =>
      bucket.flatMap((b, i) => (name.split('|').includes(b) ? [i] : []))
    expect(engines).toHaveLength(1)
    expect(engines[0].summarize).toEqual(indexes(check.buckets)('summarize'))
    expect(engines[0].keep).toEqual(indexes(check.buckets)('keep|hoisted'))
    // The trigger is 2,000 × 0.9, reached as the running estimate crosses 1,800.
    expect(engines[0].trigger).toBe(1800)
    let running = 0
    const at = (check.tokens as number[]).findIndex((t) => (running += t) >= 1800)
    expect(engines[0].firesAfter).toBe(at)
  })

  it("on a Claude Code session, takes the model's window from the table", async () => {
    // claude-sonnet-4-5: 200,000 window, 64,000 output → Claude Code fires at 180,000 − 13,000.
    const r = await run(['engines', CLAUDE_CODE, '--engine', 'claude-code,codex', '--json'])
    expect(r.status).toBe(0)
    const [claude, codex] = JSON.parse(r.stdout).engines
    expect(claude).toMatchObject({
      id: 'claude-code',
      trigger: 167_000,
      firesAfter: null,
      summarize: [],
    })
    expect(codex).toMatchObject({ id: 'codex', trigger: 180_000, firesAfter: null })
    // A window of 20,000 with 4,000 out: 20,000 − 4,000 − 13,000 = 3,000, reached early.
    const small = JSON.parse(
      (
        await run([
          'engines',
          CLAUDE_CODE,
          '--window',
          '20000',
          '--max-output',
          '4000',
          '--engine',
          'claude-code',
          '--json',
        ])
      ).stdout,
    ).engines[0]
    expect(small.trigger).toBe(3000)
    expect(small.firesAfter).not.toBeNull()
    expect(small.keep).toEqual([])
  })
})

describe('engines on a Codex rollout', () => {
  const ROLLOUT = join(ROOT, 'testdata/formats/codex.jsonl')

  it('runs the Codex presets on the window the rollout records, whatever --window says', async () => {
    // The fixture records model_context_window 258,400 for its own model, gpt-5.3-codex: 95% of
    // Codex's catalog window 272,000, which it compacts at 90% of: 244,800. A window of 1,050,000
    // with 128,000 out would otherwise give 922,000 and a trigger of 829,800.
    const args = ['engines', ROLLOUT, '--window', '1050000', '--max-output', '128000']
    const json = await run([...args, '--engine', 'codex,openai-compaction,claude-code', '--json'])
    expect(json.status).toBe(0)
    const [codex, openai, claude] = JSON.parse(json.stdout).engines
    expect(codex.trigger).toBe(244_800)
    expect(openai.trigger).toBe(244_800)
    // Claude Code reads the window given: 1,050,000 − min(128,000, 20,000) − 13,000 = 1,017,000.
    expect(claude.trigger).toBe(1_017_000)
    const human = await run([...args, '--engine', 'codex'])
    expect(human.stdout).toContain(
      "codex: Codex's window 272,000 tokens, from the window the log records (line",
    )
    expect(human.stdout).toContain('model_context_window: 258,400, 95% of it)')
    // With another model in force the record is not that model's, and its own window holds.
    const other = await run([
      ...args.slice(0, 2),
      '--model',
      'gpt-4.1',
      '--engine',
      'codex',
      '--json',
    ])
    // gpt-4.1 runs on its own window, 1,047,576 × 9 / 10 = 942,818.
    expect(JSON.parse(other.stdout).engines[0].trigger).toBe(942_818)
  })
})

describe('engines --hidden-tokens', () => {
  it('adds the hidden context to every estimate, as check does', async () => {
    const args = ['engines', SAMPLE, '--engine', 'anthropic-compaction', '--json']
    const [plain] = JSON.parse((await run(args)).stdout).engines
    const [hidden] = JSON.parse((await run([...args, '--hidden-tokens', '1000'])).stdout).engines
    // 150,000 is out of reach either way: the next request is the estimate, 1,000 larger.
    expect(plain.firesAfter).toBeNull()
    expect(hidden.nextRequestTokens - plain.nextRequestTokens).toBe(1000)
  })
})

describe('engines, for people', () => {
  it('prints the limits and their source, then one row per engine with grouped numbers', async () => {
    const r = await run(['engines', SAMPLE, '--engine', 'seed,aider'])
    expect(r.status).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines[0]).toBe(`${SAMPLE}: 20 messages, model gpt-4o, encoding o200k_base`)
    expect(lines[1]).toBe(
      'window 128,000 tokens (gpt-4o, https://platform.openai.com/docs/models/gpt-4o); ' +
        'max output 16,384 (gpt-4o, https://platform.openai.com/docs/models/gpt-4o)',
    )
    expect(lines[4]).toMatch(
      /^engine +trigger +fires after +kept +summarised +cleared +next request +cuts a tool exchange$/,
    )
    // 128,000 × 0.9 and aider's 128,000 / 16 = 8,000: neither is reached by the sample.
    expect(lines[5]).toMatch(/^seed +115,200 +never +20 +— +— +[\d,]+ +no$/)
    expect(lines[6]).toMatch(/^aider +8,000 +never +20 +— +— +[\d,]+ +no$/)
    expect(r.stdout).toContain('aider: Aider\n    puts back: ')
  })

  it('is listed in the tool help, and its own help documents every flag', async () => {
    expect((await run(['--help'])).stdout).toMatch(/^ {2}engines +Replay the engines/m)
    const help = (await run(['engines', '--help'])).stdout
    for (const flag of [
      '--window N',
      '--max-output N',
      '--engine ID',
      '--hidden-tokens',
      '--json',
    ]) {
      expect(help).toContain(flag)
    }
  })
})

describe('engines: bad input, in one line naming the option', () => {
  const failure = async (args: string[]) => {
    const r = await run(['engines', ...args])
    expect(r.status).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toHaveLength(1)
    return r.stderr[0]
  }

  it('an unknown engine lists the valid ones', async () => {
    expect(await failure([SAMPLE, '--engine', 'seed,claude'])).toBe(
      'engines: option --engine: "claude" is not an engine; the engines are seed, claude-code, ' +
        'codex, opencode, gemini-cli, kimi-cli, copilot-cli, mistral-vibe, continue, cline, aider, langchain, ' +
        'anthropic-compaction, ' +
        'anthropic-clear-tool-uses, openai-compaction',
    )
  })

  it('a window that is not a positive integer', async () => {
    expect(await failure([SAMPLE, '--window', '1e6'])).toBe(
      'engines: option --window: "1e6" is not a positive integer',
    )
  })

  it('a max output more than the window, named by the option the user gave', async () => {
    // The sample's model is gpt-4o, whose page gives 16,384 of output: a window given alone below
    // it is the flag at fault, not --max-output, which was not given.
    expect(await failure([SAMPLE, '--window', '2000'])).toBe(
      "engines: option --window: 2000 is less than gpt-4o's max output (16384); give --max-output too",
    )
    expect(await failure([SAMPLE, '--window', '2000', '--max-output', '2001'])).toBe(
      'engines: option --max-output: 2001 is more than the window (2000)',
    )
  })

  it('runs on a model whose page gives the same number for its window and its max output', async () => {
    // OpenAI's gpt-4 page: 8,192 context window, 8,192 max output tokens. A reply may fill the
    // window; the table's own numbers are never refused.
    const result = await run([
      'engines',
      SAMPLE,
      '--model',
      'gpt-4',
      '--engine',
      'seed,opencode',
      '--json',
    ])
    expect(result.status).toBe(0)
    const [seed, opencode] = JSON.parse(result.stdout).engines
    expect(seed.trigger).toBeGreaterThan(0)
    // opencode's usable input is the window less the max output: 0, so it compacts at once.
    expect(opencode.firesAfter).toBe(0)
  })

  it('a model without known limits asks for the flags the engines named read', async () => {
    // Claude Code reads the window and the max output (docs/engines.md); the window is given.
    const args = [SAMPLE, '--model', 'cl100k_base', '--window', '5000']
    expect(await failure([...args, '--engine', 'claude-code'])).toBe(
      `${SAMPLE}: engines: the model "cl100k_base" is not in the table, so its limits are unknown; ` +
        'give --max-output N, which claude-code reads (or --model one of the ' +
        `${MODEL_LIMITS.length} models the table in docs/engines.md lists, "Model limits")`,
    )
  })

  it('with every engine asked for, runs those the limits given allow and lists the others', async () => {
    // With a window of 5,000 and no max output, the presets that read the max output wait:
    // claude-code, opencode and cline (docs/engines.md); cl100k_base is not in Codex's catalog, so
    // codex and openai-compaction read the window alone.
    const args = ['engines', SAMPLE, '--model', 'cl100k_base', '--window', '5000']
    const json = await run([...args, '--json'])
    expect(json.status).toBe(0)
    const parsed = JSON.parse(json.stdout)
    expect(parsed.engines.map((e: { id: string }) => e.id)).toEqual([
      'seed',
      'codex',
      'gemini-cli',
      'kimi-cli',
      'copilot-cli',
      'mistral-vibe',
      'continue',
      'aider',
      'langchain',
      'anthropic-compaction',
      'anthropic-clear-tool-uses',
      'openai-compaction',
    ])
    expect(parsed.notRun).toEqual([
      { id: 'claude-code', needs: ['maxOutput'] },
      { id: 'opencode', needs: ['maxOutput'] },
      { id: 'cline', needs: ['maxOutput'] },
    ])
    const human = await run(args)
    expect(human.status).toBe(0)
    expect(human.stdout).toContain(
      'window 5,000 tokens (given with --window); max output unknown ("cl100k_base" is not in the table)',
    )
    expect(human.stdout).toContain(
      "not run: claude-code, opencode and cline, which read the model's limits; give --max-output N",
    )
  })
})
