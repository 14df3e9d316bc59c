import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, shape, warnings } from './formats-fixtures'

/*
 * testdata/formats/droid.jsonl is our own session, written to the schema Factory's Droid CLI
 * 0.225.2 writes (docs/formats/droid.md). Its lines:
 *    1 session_start
 *    2 u1  user: the first prompt
 *    3 a1  assistant (Claude, Anthropic): thinking with Anthropic's signature, text, two parallel
 *          tool calls (Read, Grep)
 *    4 r1  user: both tool results
 *    5 todo_state
 *    6 a2  assistant: text, an Edit call       7 r2  its result
 *    8 a3  assistant: text
 *    9 h1  a Stop hook's run (hookEventName)
 *   10 u2  user: the second prompt
 *   11 a4  assistant: text, a Create call
 *   12 n1  a notice shown to the user only (visibility "user_only")
 *   13 r3  the Create call's result
 *   14 compaction_state, anchored on r3 (the last message it replaced)
 *   15 u3  user (compactionSummaryId)          16 a5  assistant: an Execute call
 *   17 r4  its result                          18 a6  assistant: text
 *   19 agent_turn_outcome
 * testdata/formats/droid-openai.jsonl has a reply from a Chat Completions provider (GLM through
 * Fireworks, its reasoning marked `reasoning_content`), one from OpenAI (GPT-5.1-Codex, with its
 * encrypted reasoning), a broken line 6, an event of a type Droid does not write (line 8) and an
 * image beside a text block that carries Droid's block id (line 9).
 */

/** The fixture with its line `n` (1-based) replaced by `line`, or removed when `line` is ''. */
function withLine(name: string, n: number, line: string): string {
  const lines = fixture(name).split('\n')
  lines[n - 1] = line
  return lines.filter((l, i) => l !== '' || i === lines.length - 1).join('\n')
}

describe('Factory Droid session in', () => {
  const imported = importConversation(fixture('droid.jsonl'))

  it('is detected, and names the model and the wire its provider uses', () => {
    expect(imported.format).toBe('droid')
    expect(imported.detected).toBe(true)
    expect(imported.model).toBe('claude-sonnet-4-5-20250929')
    expect(imported.wire).toBe('anthropic')
    expect(imported.systemPromptUnrecorded).toBe(true)
    expect(warnings(imported)).toEqual([])
  })

  it('loads what Droid sends after its compaction: the summary, then the messages after its anchor', () => {
    expect(shape(imported.messages)).toEqual([
      ['context', 'c1'],
      ['user', 'u3'],
      ['bot', 'a5'],
      ['activity', 'toolu_01TideRun'],
      ['bot', 'a6'],
    ])
    const [summary] = imported.messages
    // The summary and the environment Droid states beside it; u1 … r3 as 11 core messages:
    // u1 1, a1 2 (reasoning, reply), r1 2, a2 1, r2 1, a3 1, u2 1, a4 1, r3 1; h1 and n1 none.
    expect(summary.text).toMatch(/^The user asked why the tide table parser drops its last row\./)
    expect(summary.text).toMatch(/Next: run the tests\.\n\nWorking directory: \/home\/rhea\//)
    expect(summary.meta).toEqual({ compacted: true, droppedCount: 11 })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 2–4, 6–13',
      problem:
        "11 message events up to the compaction's anchor; replaced by its summary, not loaded",
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 5',
      problem: 'the todo list Droid shows; not a message',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 19',
      problem: 'how a turn ended; not part of the conversation',
    })
  })

  it('gives the summary its earlier-summary finding', () => {
    const codes = diagnose({ messages: imported.messages, options: { maxTokens: 100_000 } }).map(
      (f) => f.code,
    )
    expect(codes).toContain('earlier-summary')
  })

  describe('without the compaction', () => {
    const whole = importConversation(withLine('droid.jsonl', 14, ''))

    it('loads every message in file order, each parallel call answered in order', () => {
      expect(shape(whole.messages)).toEqual([
        ['user', 'u1'],
        ['reasoning', 'a1'],
        ['bot', undefined],
        ['activity', 'toolu_01TideRead'],
        ['activity', 'toolu_01TideGrep'],
        ['bot', 'a2'],
        ['activity', 'toolu_01TideEdit'],
        ['bot', 'a3'],
        ['user', 'u2'],
        ['bot', 'a4'],
        ['activity', 'toolu_01TideTest'],
        ['user', 'u3'],
        ['bot', 'a5'],
        ['activity', 'toolu_01TideRun'],
        ['bot', 'a6'],
      ])
      const calls = decodePayload(whole.messages[2].payload)?.tool_calls
      expect(calls?.map((c) => [c.id, c.name])).toEqual([
        ['toolu_01TideRead', 'Read'],
        ['toolu_01TideGrep', 'Grep'],
      ])
    })

    it("keeps Anthropic's thinking signature for export, not as text", () => {
      const reasoning = whole.messages[1]
      expect(reasoning.text).toMatch(/^The bug is likely an off-by-one/)
      expect(decodePayload(reasoning.payload)).toEqual({
        signature:
          'EqQBCkgIBxABGAIqQGx0aWRlLXRhYmxlLXNpZ25hdHVyZS1maXh0dXJlLTAxEgxGaXh0dXJlT25seUgBGgwKBHRpZGUSBGdhdWdl',
      })
    })

    it("leaves out the hook's run and the notice Droid shows only to the user, and says so", () => {
      expect(whole.messages.map((m) => m.text)).not.toContain(
        'Stop hook: prettier --check src passed',
      )
      expect(whole.messages.map((m) => m.text)).not.toContain('Compacting the conversation…')
      expect(whole.report).toContainEqual({
        severity: 'info',
        path: 'line 9',
        problem: "a Stop hook's run, which Droid shows in its session view; not sent as a message",
      })
      expect(whole.report).toContainEqual({
        severity: 'info',
        path: 'line 12',
        problem: 'shown to the user only (visibility "user_only"); Droid does not send it',
      })
    })

    it('finds a tool exchange the kept messages cut', () => {
      // Keeping from index 3 starts on the Read result, whose call (index 2) is summarised.
      expect(cutAt(whole.messages, 3).map((f) => f.code)).toContain('tool-exchange-cut')
      expect(cutAt(whole.messages, 5).map((f) => f.code)).not.toContain('tool-exchange-cut')
    })
  })

  it('skips tool results just after the anchor, as Droid does, and warns that they are lost', () => {
    // Anchored on a4, whose Create call's result (r3) would start the kept messages. A message
    // that holds a tool result is a tool's to Droid, though it holds text too.
    const text = fixture('droid.jsonl')
      .replace('"anchorMessage":{"id":"r3","index":10}', '"anchorMessage":{"id":"a4","index":8}')
      .replace(
        '"content":"Created test/one-row.test.ts"}',
        '"content":"Created test/one-row.test.ts"},{"type":"text","text":"Also run it."}',
      )
    const read = importConversation(text)
    expect(shape(read.messages).slice(0, 2)).toEqual([
      ['context', 'c1'],
      ['user', 'u3'],
    ])
    expect(warnings(read)).toEqual([
      [
        'line 13',
        "tool results just after the compaction's anchor; Droid does not start the kept messages on them, not loaded",
      ],
    ])
  })

  it('keeps every message after the summary when the anchor is not in the file, as Droid does', () => {
    const text = fixture('droid.jsonl').replace('"id":"r3","index":10', '"id":"gone","index":10')
    const read = importConversation(text)
    expect(shape(read.messages).slice(0, 3)).toEqual([
      ['context', 'c1'],
      ['user', 'u1'],
      ['reasoning', 'a1'],
    ])
    expect(warnings(read)).toEqual([
      [
        'line 14: anchorMessage.id',
        '"gone" is not a message in the file; Droid then keeps every message after the summary',
      ],
    ])
  })

  it('refuses a file with no session_start, as Droid does, naming the first problem', () => {
    const text = withLine('droid.jsonl', 1, '')
    expect(() => importConversation(text, 'droid')).toThrow(FormatError)
    expect(() => importConversation(text, 'droid')).toThrow(
      /no line is a Droid session_start event/,
    )
  })
})

describe('Factory Droid session from other providers', () => {
  const imported = importConversation(fixture('droid-openai.jsonl'))

  it("is read as the latest reply's provider sends it", () => {
    expect(imported.format).toBe('droid')
    expect(imported.model).toBe('gpt-5.1-codex')
    expect(imported.wire).toBe('openai-responses')
    expect(shape(imported.messages)).toEqual([
      ['user', 'u1'],
      ['reasoning', 'a1'],
      ['bot', undefined],
      ['activity', 'chatcmpl-tool-7a1c2e3f4b5d6e70'],
      ['reasoning', undefined],
      ['bot', 'a2'],
      ['activity', 'call_Harbor01Read'],
      ['user', 'u2'],
      ['bot', 'a3'],
    ])
  })

  it("prices a Chat Completions provider's reasoning as its text, with no signature", () => {
    const reasoning = imported.messages[1]
    expect(reasoning.text).toBe('List the config folder before reading anything.')
    expect(reasoning.payload).toBeUndefined()
  })

  it("sends OpenAI's reasoning as one item: the summary and the encrypted content", () => {
    const reasoning = imported.messages[4]
    expect(reasoning.text).toBe(
      '**Checking the config loader**\n\nThe port is read before the env file is loaded.',
    )
    expect(decodePayload(reasoning.payload)).toEqual({
      encrypted_content: 'gAAAAABpFixtureOnlyEncryptedReasoningForTheConfigLoader0000',
    })
  })

  it('loses only a broken line, and names every event it leaves out', () => {
    expect(warnings(imported)).toEqual([
      ['line 8', '"workspace_snapshot" is not a Droid session event; not loaded'],
      [
        'line 6',
        'truncated or malformed JSON (column 131: unexpected end of string); skipped, the rest loaded',
      ],
    ])
  })

  it("notes Droid's own block fields, and sends the block without them", () => {
    expect(imported.messages[7].text).toBe('Here is the error I see.')
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 9: message.content[0].id',
      problem: "Droid's id of the block; not sent",
    })
  })

  it('keeps an image for export, priced as media', () => {
    const attachments = decodePayload(imported.messages[7].payload)?.attachments as
      { type: string }[] | undefined
    expect(attachments?.map((a) => a.type)).toEqual(['image'])
  })

  it('finds a tool exchange the kept messages cut', () => {
    expect(cutAt(imported.messages, 6).map((f) => f.code)).toContain('tool-exchange-cut')
  })
})
