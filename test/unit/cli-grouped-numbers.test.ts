import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { optionErrorLine } from '../../cli/args'
import { renderFindings } from '../../cli/findings-report'
import { countOf, whereOf } from '../../src/diagnose/findings'
import { runCli } from '../../cli/run-cli'
import { usageTable } from '../../cli/usage-report'
import { OptionError, type Finding, type UsageComparison } from '../../src/index'
import { referenceCounts } from './helpers/tiktoken'

// The CLI's text groups every count in thousands; --json keeps plain numbers. Expected figures
// are worked out here: the counts from tiktoken, the grouping by a rule written out below.
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

// 4,000 short turns: the derived keep is max(1, ⌊4,000 × 0.25⌋) = 1,000, so the head is 3,000.
const MESSAGES = Array.from({ length: 4000 }, (_, i) => ({
  id: `m${i}`,
  type: i % 2 === 0 ? 'user' : 'bot',
  text: `turn ${i}`,
}))
const COUNTS = referenceCounts(MESSAGES)
const TOTAL = COUNTS.reduce((a, b) => a + b, 0)
const HEAD = COUNTS.slice(0, 3000).reduce((a, b) => a + b, 0)

let dir = ''
let file = ''
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-grouped-'))
  file = join(dir, 'long.json')
  await writeFile(file, JSON.stringify({ model: 'gpt-4o', messages: MESSAGES }))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function run(args: string[]) {
  let out = ''
  const err: string[] = []
  const status = await runCli(args, { out: (text) => (out += text), err: (line) => err.push(line) })
  return { status, out, err }
}

describe('the CLI groups the counts it prints', () => {
  it('tokens: the message count, each message and the total; --json stays numbers', async () => {
    expect(TOTAL).toBeGreaterThan(9999)
    const { status, out } = await run(['tokens', file])
    expect(status).toBe(0)
    expect(out.split('\n')[0]).toBe(`${file}: 4,000 messages, model gpt-4o, encoding o200k_base`)
    expect(out).toContain(`\ntotal  ${grouped(TOTAL)} tokens (o200k_base, `)
    const json = JSON.parse((await run(['tokens', file, '--json'])).out)
    expect(json.total).toBe(TOTAL)
  })

  it('check: the split, the totals and the threshold', async () => {
    const { status, out } = await run(['check', file, '--max-tokens', '5000'])
    expect(status).toBe(0)
    expect(out).toContain(`total      ${grouped(TOTAL)} tokens\n`)
    // 5,000 × 0.9 = 4,500.
    expect(out).toContain('threshold  4,500 (max tokens 5,000 × trigger ratio 0.9)\n')
    expect(out).toContain(
      `decision   compact: summarise 3,000 messages (${grouped(HEAD)} tokens), ` +
        `keep 1,000 (${grouped(TOTAL - HEAD)} tokens)\n`,
    )
  })

  it('apply: what it wrote, on standard error', async () => {
    const output = join(dir, 'compacted.json')
    const { status, err } = await run([
      'apply',
      file,
      '--max-tokens',
      '5000',
      '--summary',
      'S.',
      '-o',
      output,
    ])
    expect(status).toBe(0)
    // The 1,000 kept messages and the summary.
    expect(err.at(-1)).toMatch(
      new RegExp(
        `^${output}: wrote 1,001 messages \\(was 4,000\\), [\\d,]+ tokens \\(was ${grouped(TOTAL)}\\)$`,
      ),
    )
  })

  it('a declined check: the estimate and the threshold in its one line', async () => {
    const { status, err } = await run(['prompt', file, '--max-tokens', '1000000'])
    expect(status).toBe(2)
    expect(err.join('\n')).toContain(`Estimated ${grouped(TOTAL)} tokens, threshold 900,000.`)
  })

  it('diagnose and its findings: counts, tokens and the messages a finding names', () => {
    expect(countOf(1500, 'warning')).toBe('1,500 warnings')
    expect(countOf(2000, 'info')).toBe('2,000 info')
    const indexes = Array.from({ length: 1200 }, (_, i) => i)
    const ids = indexes.map((i) => `m${i}`)
    // Indexes are places, written as they are typed; the count of them is grouped.
    expect(whereOf({ indexes, ids })).toBe(
      '#0–#1199 (1,200 messages: m0, m1, m2, m3, m4, m5, m6, m7, …)',
    )
    const finding = {
      code: 'unprompted-content',
      severity: 'warning',
      message: 'Lost.',
      indexes,
      ids,
      tokens: 12345,
      identifiers: Array.from({ length: 1025 }, (_, i) => `id-${i}`),
    } as unknown as Finding
    const text = renderFindings([finding])
    expect(text).toContain('warnings (1)\n')
    expect(text).toContain(' 12,345 tokens ')
    expect(text).toContain('      identifiers they held (1,025):\n')
    expect(text).toContain('        … and 1,005 more (--json lists them all)\n')
  })

  it('the usage table', () => {
    const comparison = {
      rows: [
        {
          request: 1,
          prompt: 1234,
          at: 'line 2',
          estimated: 4690863,
          reported: 4700000,
          ratio: 0.998,
          incrementRatio: null,
        },
      ],
      hiddenTokens: 9137,
      hiddenAt: 'line 2',
      unrecorded: null,
      toolsLoaded: [],
      modelChanges: [],
      calibration: {
        requests: 1,
        meanRatio: 0.998,
        minIncrementRatio: null,
        maxIncrementRatio: null,
        hiddenTokens: 9137,
      },
    } as UsageComparison
    const text = usageTable(comparison, 'claude-sonnet-4-5', true)
    expect(text).toContain('      1  line 2            1,234  4,690,863  4,700,000  0.998\n')
    expect(text).toContain('not in the file: 9,137 tokens')
  })

  it("names the flag, not the core's field, when the core refuses an option", () => {
    const error = new OptionError('keepRecentCount', -1, 'a non-negative integer')
    expect(optionErrorLine('check', error)).toBe(
      'check: option --keep-recent: -1 is not a non-negative integer',
    )
  })
})
