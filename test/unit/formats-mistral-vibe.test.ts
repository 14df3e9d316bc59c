import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, shape } from './formats-fixtures'

/*
 * testdata/formats/mistral-vibe.jsonl is our own session, written as Mistral Vibe 2.18.4 writes a
 * messages.jsonl (docs/formats/mistral-vibe.md): one LLMMessage per line, as pydantic dumps it
 * without its None fields. Its lines:
 *   1 user                          2 assistant: thinking, text, two parallel calls
 *   3, 4 tool: their results        5 a broken line
 *   6 user, injected (a reminder)   7 assistant: a call    8 tool: its result
 *   9 assistant
 * testdata/formats/mistral-vibe-compacted.jsonl is the session folder a compaction starts: its
 * summary (an injected user message), a prompt, a reply with Anthropic's signed thinking and a
 * call, its result and a last reply.
 */

describe('Mistral Vibe session in', () => {
  const imported = importConversation(fixture('mistral-vibe.jsonl'))

  it('is detected, and says its system prompt is not in it', () => {
    expect(imported.format).toBe('mistral-vibe')
    expect(imported.detected).toBe(true)
    expect(imported.wire).toBe('openai-chat')
    // Vibe keeps the system prompt in meta.json, beside the messages.
    expect(imported.systemPromptUnrecorded).toBe(true)
  })

  it('loads every message in order, each result with its call id', () => {
    expect(shape(imported.messages)).toEqual([
      ['user', undefined],
      ['reasoning', undefined],
      ['bot', undefined],
      ['activity', 'call_k2Lm9Qx1'],
      ['activity', 'call_p7Rt3Vw8'],
      ['context', undefined],
      ['bot', undefined],
      ['activity', 'call_z4Nb6Hy2'],
      ['bot', undefined],
    ])
    const calls = decodePayload(imported.messages[2].payload)?.tool_calls
    expect(calls?.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['call_k2Lm9Qx1', 'read_file', { path: 'widgets/moon.py' }],
      ['call_p7Rt3Vw8', 'grep', { pattern: 'EPOCH', path: 'widgets' }],
    ])
    expect(imported.messages[3].payload).toBe('def phase(day):\n    return (day - EPOCH) % 1')
    // An injected message is Vibe's, not the user's prompt.
    expect(imported.messages[5].text).toMatch(/^<reminder>/)
  })

  it('loses only the broken line, and says what it read as context', () => {
    expect(imported.report).toEqual([
      {
        severity: 'warning',
        // Column 34 opens the string the line never closes.
        path: 'line 5',
        problem:
          'truncated or malformed JSON (column 34: unexpected end of string); skipped, the rest loaded',
      },
      {
        severity: 'info',
        path: 'line 6',
        problem: 'a message Vibe injected (a middleware, a reminder): context, not a prompt',
      },
    ])
  })

  it('finds a tool exchange the kept messages cut', () => {
    // Keeping from index 4 starts on the second result, whose call (index 2) is summarised.
    expect(cutAt(imported.messages, 4).map((f) => f.code)).toContain('tool-exchange-cut')
    expect(cutAt(imported.messages, 5).map((f) => f.code)).not.toContain('tool-exchange-cut')
  })

  describe('after a compaction', () => {
    const compacted = importConversation(fixture('mistral-vibe-compacted.jsonl'))

    it('reads the summary as an earlier summary, and the signed thinking unpriced as text', () => {
      expect(shape(compacted.messages)).toEqual([
        ['context', undefined],
        ['user', undefined],
        ['reasoning', undefined],
        ['bot', undefined],
        ['activity', 'toolu_01Write'],
        ['bot', undefined],
      ])
      // The replaced messages are in the session folder before this one: not counted here.
      expect(compacted.messages[0].meta).toEqual({ compacted: true, droppedCount: 0 })
      const thinking = compacted.messages[2]
      expect(decodePayload(thinking.payload)?.signature).toMatch(/^EqQB/)
      expect(describeOpaqueParts(thinking.payload ?? '')[0].label).toMatch(
        /^thinking signature, .* not billed as text$/,
      )
      const found = diagnose({ messages: compacted.messages, options: { maxTokens: 100_000 } })
      expect(found.map((f) => f.code)).toContain('earlier-summary')
    })
  })

  it("keeps OpenAI's encrypted reasoning for export", () => {
    const line = JSON.stringify({
      role: 'assistant',
      content: 'Done.',
      injected: false,
      reasoning_content: '',
      reasoning_state: ['gAAAAABfixture-one', 'gAAAAABfixture-two'],
      message_id: 'm1',
    })
    const read = importConversation(line + '\n', 'mistral-vibe')
    expect(read.messages.map((m) => m.type)).toEqual(['reasoning', 'bot'])
    expect(decodePayload(read.messages[0].payload)?.encrypted_content).toBe(
      'gAAAAABfixture-onegAAAAABfixture-two',
    )
  })

  it('names the field of a line it skips as the report names places', () => {
    const lines = [
      '{"role": "user", "content": "hi", "injected": false, "message_id": "u1"}',
      '{"role": "assistant", "content": "ok", "injected": false, "tool_calls": [7], "message_id": "a1"}',
    ]
    const read = importConversation(lines.join('\n'), 'mistral-vibe')
    expect(read.report).toContainEqual({
      severity: 'warning',
      path: 'line 2: tool_calls[0]',
      problem: 'tool call is a number, not an object; line skipped',
    })
  })

  it('refuses a file with no Vibe message, naming the first problem', () => {
    const text = '{"type":"message","text":"hi"}\n'
    expect(() => importConversation(text, 'mistral-vibe')).toThrow(FormatError)
    expect(() => importConversation(text, 'mistral-vibe')).toThrow(
      /line 1: an object with no "role", not a Vibe message, and no line is a Vibe message/,
    )
  })
})
