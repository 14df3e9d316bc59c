import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { Finding, Options } from '../../src/index'
import { whereOf } from '../../src/diagnose/findings'
import {
  useBuiltCli,
  errLines,
  expectOneLineFailure,
  ROOT,
  runBuiltCli,
  type Run,
} from './helpers/built-cli'

// `diagnose` as users run it: the built bin, spawned, on the hand-written diagnostics fixtures.
const CONVERSATIONS = join(ROOT, 'testdata/conversations')
const DIAGNOSTICS = join(ROOT, 'testdata/diagnostics')

// Every case spawns node on a 5 MB bundle (the tokenizer's vocabularies): allow for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

/** testdata/diagnostics/*.json, as test/unit/diagnostics.test.ts reads them. */
interface Fixture {
  name: string
  options: Options
  summary?: string
  /** Only an agent's log says so, which a native file is not: such a fixture is run below. */
  systemPromptUnrecorded?: boolean
  conversation: unknown
  expected: Pick<Finding, 'code' | 'severity' | 'indexes'>[]
}

const fixtures: Fixture[] = readdirSync(DIAGNOSTICS)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, ...JSON.parse(readFileSync(join(DIAGNOSTICS, name), 'utf8')) }))

let cli: string
let work: string
useBuiltCli('cli-diagnose-', (built) => ({ cli, work } = built))

const run = (args: string[], input?: string): Promise<Run> =>
  runBuiltCli(cli, ['diagnose', ...args], { cwd: CONVERSATIONS, input })

/**
 * A fixture's conversation (and summary) as files, and its options as flags. Each call writes to a
 * directory of its own: the cases run at once, and a file rewritten under a reader would be torn.
 */
async function fixtureArgs(fixture: Fixture): Promise<string[]> {
  const dir = await mkdtemp(join(work, 'case-'))
  const file = join(dir, fixture.name)
  await writeFile(file, JSON.stringify(fixture.conversation))
  const { maxTokens, keepRecentCount, triggerRatio, model } = fixture.options
  const args = [file, '--max-tokens', String(maxTokens)]
  if (keepRecentCount !== undefined) args.push('--keep-recent', String(keepRecentCount))
  if (triggerRatio !== undefined) args.push('--trigger-ratio', String(triggerRatio))
  if (model !== undefined) args.push('--model', model)
  if (fixture.summary !== undefined) {
    const summaryFile = join(dir, 'summary.md')
    await writeFile(summaryFile, fixture.summary)
    args.push('--summary-file', summaryFile)
  }
  return args
}

const fixture = (name: string) => fixtures.find((f) => f.name === name)!
const key = (f: Pick<Finding, 'code' | 'severity' | 'indexes'>) =>
  JSON.stringify([f.code, f.severity, f.indexes])

describe.concurrent('diagnose --json on every diagnostics fixture', () => {
  it.each(fixtures.filter((f) => f.systemPromptUnrecorded !== true))('$name', async (fixture) => {
    const r = await run([...(await fixtureArgs(fixture)), '--json'])
    const report = JSON.parse(r.stdout)
    const findings: Finding[] = report.findings

    expect(findings.map((f) => f.code).sort()).toEqual(fixture.expected.map((f) => f.code).sort())
    expect(findings.map(key).sort()).toEqual(fixture.expected.map(key).sort())
    const tally = { error: 0, warning: 0, info: 0 }
    for (const f of fixture.expected) tally[f.severity]++
    expect(report.counts).toEqual(tally)
    expect(r.status).toBe(tally.error > 0 ? 1 : 0)
  })
})

describe.concurrent('diagnose', () => {
  it('a compacted Claude Code session: its system prompt is not in the file, not lost', async () => {
    // Claude Code never writes its system prompt to a transcript: a summary and no instructions
    // message is how every compacted session reads, and is info, where a file that does record
    // its system prompt would have lost it (an error, as no-instructions-after-compaction.json).
    const file = join(ROOT, 'testdata/formats/claude-code-compacted.jsonl')
    const r = await run([file, '--max-tokens', '100000', '--json'])
    expect(r.status).toBe(0)
    const findings: Finding[] = JSON.parse(r.stdout).findings
    expect(findings.filter((f) => f.code === 'no-instructions').map((f) => f.severity)).toEqual([
      'info',
    ])
  })

  it('sample.json at --max-tokens 2000: unprompted content and hoisted instructions, exit 0', async () => {
    // By hand: 20 messages keep 5, so the head is 0–14. Its activity and reasoning messages never
    // reach the summary prompt; its instructions (0 and 6) are hoisted. The tail opens on a user
    // turn and every tool exchange sits wholly on one side of the boundary.
    const r = await run(['sample.json', '--max-tokens', '2000', '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    const report = JSON.parse(r.stdout)
    expect(report).toMatchObject({
      file: 'sample.json',
      model: 'gpt-4o',
      encoding: 'o200k_base',
      counts: { error: 0, warning: 1, info: 1 },
    })
    expect(Object.keys(report)).toEqual(['file', 'model', 'encoding', 'findings', 'counts'])
    expect(report.findings.map((f: Finding) => [f.code, f.indexes])).toEqual([
      ['unprompted-content', [3, 4, 5, 9, 10, 12, 13]],
      ['instructions-hoisted', [0, 6]],
    ])
  })

  it('prints findings grouped by severity under a count line, in the --json order', async () => {
    const args = await fixtureArgs(fixture('tool-exchange-cut-parallel-calls.json'))
    const [text, json] = await Promise.all([run(args), run([...args, '--json'])])
    expect(text.status).toBe(1)
    const findings: Finding[] = JSON.parse(json.stdout).findings
    const lines = text.stdout.split('\n')

    expect(lines[0]).toMatch(/: 7 messages, no model named, encoding o200k_base$/)
    expect(lines[1]).toBe('5 findings: 2 errors, 2 warnings, 1 info')
    expect(lines.filter((l) => /^\S/.test(l)).slice(2)).toEqual([
      'errors (2)',
      'warnings (2)',
      'info (1)',
    ])
    // Each finding's line, under its severity's heading, in the order --json gives them.
    let heading = ''
    const grouped: string[][] = []
    for (const line of lines.slice(2)) {
      if (/^\S/.test(line)) heading = line.split(' ')[0]
      else if (/^ {2}\S/.test(line)) grouped.push([heading, ...line.split(/ +/).slice(1, 3)])
    }
    const headingOf = { error: 'errors', warning: 'warnings', info: 'info' }
    expect(grouped).toEqual(findings.map((f) => [headingOf[f.severity], f.severity, f.code]))
    // Under each, its sentence, wrapped at spaces to 80 columns (no terminal, no COLUMNS) and
    // indented by six.
    const blocks = text.stdout.split(/\n(?= {2}\S|\n)/).filter((b) => /^ {2}\S/.test(b))
    findings.forEach((f, i) => {
      const [head, ...rest] = blocks[i].split('\n').filter((l) => l !== '')
      expect(head).toMatch(new RegExp(` ${f.tokens} tokens  #`))
      // The sentence ends where the details begin: a list's label, or the fix.
      const end = rest.findIndex((l) => /^ {6}(fix: |.*\(\d+\):$)/.test(l))
      const sentence = end === -1 ? rest : rest.slice(0, end)
      for (const l of sentence) expect(l.length).toBeLessThanOrEqual(80)
      expect(sentence.map((l) => l.trim()).join(' ')).toBe(f.message)
    })
    // The call-id pair by hand: a1 (index 2) calls call_Aa111, which a2 (index 3) answers.
    expect(blocks[0]).toMatch(/^ {2}error +tool-exchange-cut +\d+ tokens {2}#2, #3 \(a1, a2\)/)
    expect(text.stdout).toContain('\n      fix: --keep-recent 1\n')
  })

  it('lists the identifiers a summary drops, one a line', async () => {
    const r = await run(await fixtureArgs(fixture('summary-drops-identifier.json')))
    expect(r.status).toBe(0)
    expect(r.stdout).toContain(
      [
        '      dropped identifiers (3):',
        '        https://staging.quill.dev/app?env=blue',
        '        REL-2041',
        '        /var/log/quill/deploy.log',
      ].join('\n'),
    )
  })

  it('reads --summary TEXT as --summary-file does', async () => {
    const f = fixture('summary-drops-identifier.json')
    const fromFile = await run([...(await fixtureArgs(f)), '--json'])
    const args = (await fixtureArgs({ ...f, summary: undefined })).concat('--json')
    const fromText = await run([...args, '--summary', f.summary!])
    expect(fromText.status).toBe(fromFile.status)
    expect(JSON.parse(fromText.stdout).findings).toEqual(JSON.parse(fromFile.stdout).findings)
  })

  it('exits 1 when a finding is an error', async () => {
    const r = await run(await fixtureArgs(fixture('tool-exchange-cut-by-call-id.json')))
    expect(r.status).toBe(1)
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/^errors \(1\)$/m)
  })

  it('an empty or whitespace-only summary file is bad input, and says so', async () => {
    for (const [name, content] of [
      ['empty.md', ''],
      ['blank.md', ' \n\t\n'],
    ]) {
      const file = join(work, name)
      await writeFile(file, content)
      const r = await run(['sample.json', '--max-tokens', '2000', '--summary-file', file])
      expect(expectOneLineFailure(r)).toBe(
        `${file}: the summary is empty or only whitespace; ` +
          'give one, or leave out --summary-file to diagnose without a summary',
      )
    }
    const blank = await run(['sample.json', '--max-tokens', '2000', '--summary', '  '])
    expect(expectOneLineFailure(blank)).toMatch(/^--summary: the summary is empty/)
  })

  it.each([
    [
      ['malformed.json', '--max-tokens', '100'],
      "malformed.json:12:7: malformed JSON: expected ','",
    ],
    [
      ['sample.json', '--model', 'o200k_base'],
      "diagnose: missing --max-tokens N (the context budget; no model's context window is known: the tokens are counted with o200k_base)",
    ],
    [
      ['sample.json', '--max-tokens', '0'],
      'diagnose: option --max-tokens: "0" is not a positive integer',
    ],
    [['sample.json', '--max-tokens', '9', '--bogus'], 'diagnose: unknown option --bogus'],
    [
      ['sample.json', '--max-tokens', '9', '--summary', 'a', '--summary-file', 'b'],
      'diagnose: give either --summary or --summary-file, not both',
    ],
    [
      ['sample.json', '--max-tokens', '9', '--summary-file', 'no-such.md'],
      'no-such.md: cannot read: no such file or directory',
    ],
  ])('bad input exits 2: %j', async (args, expected) => {
    const line = expectOneLineFailure(await run(args))
    expect(line.startsWith(expected)).toBe(true)
  })

  it('without --max-tokens, a file that names no model is said to name none', async () => {
    const r = await run(['-'], JSON.stringify({ messages: [{ type: 'user', text: 'hi' }] }))
    expect(expectOneLineFailure(r)).toBe(
      'diagnose: missing --max-tokens N (the context budget; the file names no model; give --model NAME to use its context window)',
    )
  })

  it('an unknown model is a warning on stderr and a finding, not a failure', async () => {
    const r = await run([...(await fixtureArgs(fixture('unknown-model.json'))), '--json'])
    expect(r.status).toBe(0)
    expect(errLines(r)).toHaveLength(1)
    expect(errLines(r)[0]).toMatch(/warning: unknown model "quill-writer-9000"/)
    expect(JSON.parse(r.stdout).findings[0]).toMatchObject({ code: 'unknown-model' })
  })

  it('--help documents the three exit statuses', async () => {
    const r = await runBuiltCli(cli, ['diagnose', '--help'], { cwd: CONVERSATIONS })
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^Exit status: 0 when no finding is an error; 1 when one is; 2 on/m)
  })
})

describe('whereOf', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`)

  it('names one message by index and id', () => {
    expect(whereOf({ indexes: [4], ids: ['call_abc'] })).toBe('#4 (call_abc)')
    expect(whereOf({ indexes: [4], ids: [] })).toBe('#4')
    expect(whereOf({ indexes: [], ids: [] })).toBe('-')
  })

  it('keeps a pair as two indexes and collapses a longer run, with the count', () => {
    expect(whereOf({ indexes: [3, 4], ids: ['a1', 'a2'] })).toBe('#3, #4 (a1, a2)')
    const run = Array.from({ length: 95 }, (_, i) => i + 3)
    expect(whereOf({ indexes: run, ids: [] })).toBe('#3–#97 (95 messages)')
  })

  it('shortens a long list: the first few indexes and ids, then …', () => {
    const indexes = [1, 3, 5, 7, 9, 11]
    expect(whereOf({ indexes, ids: ids(6) })).toBe(
      '#1, #3, #5, … (6 messages: m0, m1, m2, m3, m4, m5)',
    )
    const long = ['call_7Hq2xWb9', 'call_7Hq2xWb9-result', 'r-1']
    expect(whereOf({ indexes: [3, 4, 5], ids: long })).toBe('#3–#5 (3 messages: call_7Hq2xWb9, …)')
  })

  it('says … only when an item is left off, however the runs end', () => {
    // A run that ends the third item is shown whole; a pair split into two items passes the third.
    expect(whereOf({ indexes: [1, 3, 5, 6, 7], ids: [] })).toBe('#1, #3, #5–#7 (5 messages)')
    expect(whereOf({ indexes: [1, 3, 5, 6], ids: [] })).toBe('#1, #3, #5, … (4 messages)')
    expect(whereOf({ indexes: [1, 2, 4, 5], ids: [] })).toBe('#1, #2, #4, … (4 messages)')
    // 100,000 messages in one run, then one more: two items.
    const many = [...Array.from({ length: 100_000 }, (_, i) => i), 100_001]
    expect(whereOf({ indexes: many, ids: [] })).toBe('#0–#99999, #100001 (100,001 messages)')
  })
})
