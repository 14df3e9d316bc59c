import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { referenceCounts } from './helpers/tiktoken'
import { describe, expect, it } from 'vitest'
import { parseConversation, type Options } from '../../src'
import {
  FINDING_CODES,
  diagnose,
  exitCodeFor,
  summarizeFindings,
  type Finding,
} from '../../src/diagnose'

/**
 * testdata/diagnostics/*.json: a conversation, check options, maybe a pasted summary, and the
 * findings expected, written by hand from the messages and the rules in docs/diagnostics.md.
 */
interface Fixture {
  description: string
  options: Options
  summary?: string
  /** The file's engine does not record its system prompt, as an import of its log says. */
  systemPromptUnrecorded?: boolean
  conversation: unknown
  expected: (Pick<Finding, 'code' | 'severity' | 'indexes' | 'ids'> & Record<string, unknown>)[]
}

const dir = join(import.meta.dirname, '../../testdata/diagnostics')
const fixtures = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, ...(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Fixture) }))

// The oracle for `tokens`: OpenAI's reference tokenizer plus the 4-token framing per message. Every
// fixture counts with o200k_base (no model, gpt-4o, or an unknown model that falls back to it).

const key = (f: Pick<Finding, 'code' | 'severity' | 'indexes' | 'ids'>) =>
  JSON.stringify([f.code, f.severity, f.indexes, f.ids])

describe('diagnostics fixtures', () => {
  it.each(fixtures)('$name', (fixture) => {
    const { model, messages } = parseConversation(JSON.stringify(fixture.conversation))
    // The file's model counts unless the options name one, as the app and the CLI resolve it.
    const findings = diagnose({
      messages,
      options: { model, ...fixture.options },
      summaryText: fixture.summary,
      systemPromptUnrecorded: fixture.systemPromptUnrecorded,
    })

    // Exactly the expected findings: a missing one and an unexpected extra one both fail.
    expect(findings.map(key).sort()).toEqual(fixture.expected.map(key).sort())
    // And every other field the fixture pins; a pinned null means the field must be absent.
    for (const expected of fixture.expected) {
      const actual = findings.find((f) => key(f) === key(expected))!
      const pinned = Object.fromEntries(
        Object.keys(expected).map((field) => [field, actual[field as keyof Finding] ?? null]),
      )
      expect(pinned, expected.code).toEqual(expected)
    }

    for (const f of findings) {
      const tokens = referenceCounts(f.indexes.map((i) => messages[i])).reduce((a, b) => a + b, 0)
      expect(f.tokens, `${f.code} tokens`).toBe(tokens)
      // One sentence, saying what happened and, after the semicolon, what to do.
      expect(f.message, f.code).toMatch(/^[A-Z][^\n]*; [^\n]*\.$/)
    }
  })

  it('has at least one fixture expecting each finding code', () => {
    const covered = new Set(fixtures.flatMap((f) => f.expected.map((e) => e.code)))
    expect(FINDING_CODES.filter((code) => !covered.has(code))).toEqual([])
  })

  it('orders findings errors first, then warnings, then info', () => {
    const rank = { error: 0, warning: 1, info: 2 }
    for (const fixture of fixtures) {
      const { model, messages } = parseConversation(JSON.stringify(fixture.conversation))
      const findings = diagnose({
        messages,
        options: { model, ...fixture.options },
        summaryText: fixture.summary,
        systemPromptUnrecorded: fixture.systemPromptUnrecorded,
      })
      const ranks = findings.map((f) => rank[f.severity])
      expect(ranks, fixture.name).toEqual([...ranks].sort((a, b) => a - b))
    }
  })
})

describe('documentation', () => {
  it('docs/diagnostics.md has a row for every finding code', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/diagnostics.md'), 'utf8')
    for (const code of FINDING_CODES) expect(doc, code).toContain(`| \`${code}\``)
  })
})

describe('an empty conversation', () => {
  it('has nothing to say about a system prompt, recorded or not', () => {
    for (const systemPromptUnrecorded of [false, true]) {
      const codes = diagnose({
        messages: [],
        options: { maxTokens: 100 },
        systemPromptUnrecorded,
      }).map((f) => f.code)
      expect(codes).toEqual(['compaction-declined'])
    }
  })
})

describe('summarizeFindings and exitCodeFor', () => {
  // Any code will do: only the severity is counted.
  const finding = (severity: Finding['severity']): Finding =>
    ({
      code: 'no-instructions',
      severity,
      indexes: [],
      ids: [],
      tokens: 0,
      message: 'x; y.',
    }) as Finding

  it('counts findings by severity', () => {
    const all = [finding('error'), finding('warning'), finding('warning'), finding('info')]
    expect(summarizeFindings(all)).toEqual({ error: 1, warning: 2, info: 1 })
    expect(summarizeFindings([])).toEqual({ error: 0, warning: 0, info: 0 })
  })

  it('exits 1 when any finding is an error, 0 otherwise', () => {
    expect(exitCodeFor([])).toBe(0)
    expect(exitCodeFor([finding('warning'), finding('info')])).toBe(0)
    expect(exitCodeFor([finding('info'), finding('error')])).toBe(1)
  })
})

describe('diagnose on a long run', () => {
  it('stays linear on 100,000 messages with the counts given', () => {
    // A long agent run: turns of user, bot, reasoning and a tool call with its result.
    const messages = Array.from({ length: 100_000 }, (_, i) => {
      const call = `call_${Math.floor(i / 5)}x`
      switch (i % 5) {
        case 0:
          return { id: `u${i}`, type: 'user', text: `Check /srv/app/file${i}.ts please` }
        case 1:
          return {
            id: `r${i}`,
            type: 'reasoning',
            text: `Look at commit ${(i * 2654435761).toString(16)}`,
          }
        case 2:
          return {
            id: `a${i}`,
            type: 'activity',
            text: '',
            payload: `{"call_id":"${call}","name":"read"}`,
          }
        case 3:
          return {
            id: `a${i}`,
            type: 'activity',
            text: '',
            payload: `{"call_id":"${call}","output":"ok"}`,
          }
        default:
          return { id: `b${i}`, type: 'bot', text: `Done with file${i}.` }
      }
    })
    const counts = messages.map(() => 10)
    const findings = diagnose({
      messages,
      counts,
      options: { maxTokens: 500_000, keepRecentCount: 25_002 },
      summaryText: 'Nothing kept.',
    })
    // No timing here (these machines are noisy): a quadratic pass would blow the test timeout, and
    // npm run bench measures the real figure.
    expect(findings.map((f) => f.code)).toContain('tool-exchange-cut')
  })
})

describe('suggested fixes are checked before they are offered', () => {
  // Each suggestion in every fixture, applied: its finding is gone, compaction still fires, and no
  // error or warning appears that the fixture did not already have.
  const problem = (f: Finding) => `${f.code} ${('callId' in f ? f.callId : undefined) ?? ''}`
  const suggested = (f: Finding) =>
    'suggestedKeepRecentCount' in f ? f.suggestedKeepRecentCount : undefined
  it.each(fixtures)('$name', (fixture) => {
    const { model, messages } = parseConversation(JSON.stringify(fixture.conversation))
    const input = { messages, model, options: fixture.options, summaryText: fixture.summary }
    const before = diagnose(input)
    const known = new Set(before.filter((f) => f.severity !== 'info').map(problem))
    for (const f of before) {
      const keepRecentCount = suggested(f)
      if (keepRecentCount === undefined) continue
      expect(f.message).toContain(`set KeepRecentCount to ${keepRecentCount}, checked`)
      const after = diagnose({ ...input, options: { ...input.options, keepRecentCount } })
      expect(after.map(problem)).not.toContain(problem(f))
      expect(after.map((g) => g.code)).not.toContain('compaction-declined')
      for (const g of after) if (g.severity !== 'info') expect(known).toContain(problem(g))
    }
  })

  it('says so, and suggests nothing, when no KeepRecentCount mends a cut', () => {
    // By hand: the call (index 2), with long arguments, is in the head and its short result
    // (index 3) in the tail. Keeping both (KeepRecentCount 3) keeps the long call, over the
    // threshold of 90 on its own (still-over-threshold, which KeepRecentCount 2 does not have);
    // starting on the only user turn (4) leaves only instructions to summarise. No other value.
    const long = 'every edition of the lighthouse anthology, hardback and paperback; '.repeat(12)
    const messages = [
      { id: 's', type: 'instructions', text: 'You are Quill, a writing assistant.' },
      { id: 'u1', type: 'user', text: 'Check the stock.' },
      {
        id: 'a1',
        type: 'bot',
        text: '',
        payload: JSON.stringify({
          tool_calls: [{ id: 'call_L0ng1', name: 'stock', arguments: { query: long } }],
        }),
      },
      { id: 'call_L0ng1', type: 'activity', text: 'All in stock.' },
      { id: 'b1', type: 'bot', text: 'Everything is in stock.' },
    ]
    const findings = diagnose({ messages, options: { maxTokens: 100, keepRecentCount: 2 } })
    const cut = findings.find((f) => f.code === 'tool-exchange-cut')!
    expect(cut.callId).toBe('call_L0ng1')
    expect(cut.suggestedKeepRecentCount).toBeUndefined()
    expect(cut.message).toMatch(
      /; no KeepRecentCount mends this without adding an error or warning/,
    )
    expect(findings.map((f) => f.code)).not.toContain('still-over-threshold')
  })

  it('checks a fix with what it knows of the file: a system prompt the engine does not record', () => {
    // By hand: no instructions message, and the file's engine does not record its system prompt
    // (a Gemini CLI session), so "no instructions" is an info note. The call (index 2) is in the
    // head and its result (index 3) in the tail at KeepRecentCount 4, whose tail starts mid-turn.
    // KeepRecentCount 5, the finding's own suggestion, keeps both halves; the tail still starts
    // mid-turn, a warning already there, and the long index 0 (1,000 of the 1,060 tokens) is
    // summarised, so it adds no error or warning. Re-diagnosed without the file's flag, every value
    // would seem to add a "no instructions" warning and none would be offered.
    const messages = [
      { id: 'u0', type: 'user', text: 'Plan the week.' },
      { id: 'u1', type: 'user', text: 'Check the stock.' },
      {
        id: 'a1',
        type: 'bot',
        text: '',
        payload: JSON.stringify({ tool_calls: [{ id: 'call_S1', name: 'stock', arguments: {} }] }),
      },
      { id: 'call_S1', type: 'activity', text: 'All in stock.' },
      { id: 'b1', type: 'bot', text: 'Everything is in stock.' },
      { id: 'u2', type: 'user', text: 'Thanks.' },
      { id: 'b2', type: 'bot', text: 'You are welcome.' },
    ]
    const findings = diagnose({
      messages,
      counts: [1000, 10, 10, 10, 10, 10, 10],
      options: { maxTokens: 1000, keepRecentCount: 4 },
      systemPromptUnrecorded: true,
    })
    const cut = findings.find((f) => f.code === 'tool-exchange-cut')!
    expect(cut.callId).toBe('call_S1')
    expect(cut.suggestedKeepRecentCount).toBe(5)
    expect(cut.message).toContain('set KeepRecentCount to 5, checked')
    expect(findings.find((f) => f.code === 'no-instructions')?.severity).toBe('info')
  })

  it('says a file names no model, where its wire gives the family, and quotes no empty name', () => {
    // A Gemini CLI checkpoint names no model: counted as Gemini (docs/tokens.md, "No model named").
    const findings = diagnose({
      messages: [{ id: 'u0', type: 'user', text: 'Hello.' }],
      counts: [5],
      options: { maxTokens: 1000, model: '', wire: 'gemini' },
    })
    const unknown = findings.find((f) => f.code === 'unknown-model')!
    expect(unknown.message).toMatch(
      /^No model is named: counted as Google Gemini \(approximation\)/,
    )
    expect(unknown.message).not.toContain('""')
  })

  it('writes thresholds rounded and grouped, as people read them', () => {
    // 2,708 × 0.9 is 2437.2000000000003 as a double; a short conversation stays below it.
    const messages = [{ type: 'user', text: 'Hello there.' }]
    const findings = diagnose({ messages, options: { maxTokens: 2708 } })
    const declined = findings.find((f) => f.code === 'compaction-declined')!
    expect(declined.message).toContain('below the threshold of 2,437.2,')
    expect(declined.message).toContain('lower MaxTokens or TriggerRatio')
    expect(declined.threshold).toBe(2708 * 0.9)
  })
})
