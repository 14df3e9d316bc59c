import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, infoAt, shape, warnings } from './formats-fixtures'

/*
 * testdata/formats/kimi-cli.jsonl is our own session, written as Kimi CLI 1.49.0 writes a
 * context.jsonl (docs/formats/kimi-cli.md): messages as kosong dumps them, its own records with
 * Python's json.dumps. Its lines:
 *    1 _system_prompt          2 _checkpoint 0
 *    3 user                    4 _usage 3,120 (the step's input)
 *    5 assistant: thinking, text, two parallel calls (tool_01Read, tool_02Grep)
 *    6 _usage 3,188 (input + output)
 *    7, 8 tool: their results  9 user: a <system-reminder> Kimi CLI injected
 *   10 _usage 3,410          11 assistant: signed thinking, text, a call (tool_03Edit, extras)
 *   12 _usage 3,467          13 tool: its result
 *   14 a broken line         15 _checkpoint 1
 *   16 user: text and an image                     17 _usage 3,600
 *   18 assistant: OpenAI's encrypted reasoning, text (partial: false)
 *   19 _usage 3,650          20 a record of a role Kimi CLI does not write
 * testdata/formats/kimi-cli-compacted.jsonl is the file a compaction leaves: the system prompt, a
 * checkpoint, the summary, the two kept messages with their tool result, Kimi CLI's estimate
 * (line 7), then the next step's input (line 8), its reply and its total.
 */

describe('Kimi CLI context file in', () => {
  const imported = importConversation(fixture('kimi-cli.jsonl'))

  it('is detected, and says it holds its system prompt', () => {
    expect(imported.format).toBe('kimi-cli')
    expect(imported.detected).toBe(true)
    expect(imported.wire).toBe('openai-chat')
    // The file never names its model.
    expect(imported.model).toBeUndefined()
    expect(imported.systemPromptUnrecorded).toBeUndefined()
  })

  it('loads every message in file order, the system prompt first', () => {
    expect(shape(imported.messages)).toEqual([
      ['instructions', undefined],
      ['user', undefined],
      ['reasoning', undefined],
      ['bot', undefined],
      ['activity', 'tool_01Read'],
      ['activity', 'tool_02Grep'],
      // A reminder Kimi CLI injected is context, not the user's prompt.
      ['context', undefined],
      ['reasoning', undefined],
      ['bot', undefined],
      ['activity', 'tool_03Edit'],
      ['user', undefined],
      ['reasoning', undefined],
      ['bot', undefined],
    ])
    expect(imported.messages[0].text).toMatch(/^You are Kestrel/)
    expect(imported.messages[1].text).toBe('Why does the invoice total come out one cent off?')
    const calls = decodePayload(imported.messages[3].payload)?.tool_calls
    expect(calls?.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['tool_01Read', 'ReadFile', { path: 'billing/invoice.py' }],
      ['tool_02Grep', 'Grep', { pattern: 'round(' }],
    ])
    // A result of several text parts is their texts, a blank line apart, as its payload.
    expect(imported.messages[4].payload).toBe(
      '<system>Read 3 lines from billing/invoice.py.</system>\n\n' +
        'def total(lines):\n    return sum(round(l.price * l.qty, 2) for l in lines)\n',
    )
    expect(decodePayload(imported.messages[10].payload)?.attachments).toHaveLength(1)
  })

  it('keeps the encrypted thinking for export and does not price it as text', () => {
    const signed = decodePayload(imported.messages[7].payload)
    expect(signed?.signature).toMatch(/^EqQB/)
    expect(imported.messages[7].text).toBe(
      'Each line is rounded before the sum; round once at the end.',
    )
    const openai = decodePayload(imported.messages[11].payload)
    expect(openai?.encrypted_content).toMatch(/^gAAAAA/)
    expect(imported.messages[11].text).toBe('')
    const labels = [7, 11].map((i) =>
      describeOpaqueParts(imported.messages[i].payload ?? '').map((p) => p.label),
    )
    expect(labels[0][0]).toMatch(/^thinking signature, .* not billed as text$/)
    expect(labels[1][0]).toMatch(/^encrypted reasoning/)
  })

  it("takes each step's input as its prompt size, and the total after the reply as its output", () => {
    // Prompts: the reply at line 5 is message 2, at line 11 message 7, at line 18 message 11.
    expect(imported.usage?.map((u) => [u.prompt, u.inputTokens, u.outputTokens, u.at])).toEqual([
      [2, 3120, 3188 - 3120, 'line 4'],
      [7, 3410, 3467 - 3410, 'line 10'],
      [11, 3600, 3650 - 3600, 'line 17'],
    ])
  })

  it('loses only the broken line, and says what it left out', () => {
    expect(warnings(imported)).toEqual([
      [
        // Column 26 opens the string the line never closes.
        'line 14',
        'truncated or malformed JSON (column 26: unexpected end of string); skipped, the rest loaded',
      ],
      [
        'line 20: role',
        '"_session_title" is not a record Kimi CLI writes (_system_prompt, _checkpoint, _usage); not loaded',
      ],
    ])
    expect(infoAt(imported, 'line 11: tool_calls[0].extras')).toEqual([
      'a Gemini thought signature sent back with the call; not counted',
    ])
  })

  it("counts each reply's thinking in the requests after it, where Kimi's API wrote it", () => {
    // Kimi's provider sends every assistant message's think parts back as reasoning_content
    // (kosong chat_provider/kimi.py, _convert_message). A public file's reports show it billed:
    // a reply's total (prompt + output, its thinking among the output) plus the next user's
    // message is the next prompt. Here, our own two turns, each reply thinking with nothing
    // encrypted.
    const text = [
      { role: '_system_prompt', content: 'You are Kestrel.' },
      { role: 'user', content: 'List the files.' },
      { role: '_usage', token_count: 2000 },
      {
        role: 'assistant',
        content: [
          { type: 'think', think: 'The folder holds two files; name both.', encrypted: null },
          { type: 'text', text: 'a.txt and b.txt.' },
        ],
      },
      { role: '_usage', token_count: 2030 },
      { role: 'user', content: 'Delete b.txt.' },
      { role: '_usage', token_count: 2040 },
      {
        role: 'assistant',
        content: [
          { type: 'think', think: 'Run rm.' },
          { type: 'text', text: 'Done.' },
        ],
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')
    const read = importConversation(text, 'kimi-cli')
    expect(read.thinking).toBe('sent')
    expect(infoAt(read, 'line 4: content')).toEqual([
      "thinking as Kimi's API returns it (no signature, nothing encrypted): Kimi CLI sends each reply's thinking back with it, as reasoning_content, in every later request, so it is counted there",
    ])
    // Thinking another provider signed (the fixture's line 11) keeps that provider's rule; so does
    // Gemini's, whose signature rides on the call (google_genai.py).
    expect(imported.thinking).toBeUndefined()
    const gemini = {
      role: 'assistant',
      content: [{ type: 'think', think: 'Look first.' }],
      tool_calls: [
        {
          type: 'function',
          id: 'ls_1',
          function: { name: 'Shell', arguments: '{"command":"ls"}' },
          extras: { thought_signature_b64: 'c2lnbmF0dXJl' },
        },
      ],
    }
    expect(importConversation(`${text}\n${JSON.stringify(gemini)}`, 'kimi-cli').thinking).toBe(
      undefined,
    )
  })

  it('warns when the file opens on a reply: its beginning is missing', () => {
    // Lines 5 on: the first message is line 5's reply, now the file's first line. Kimi CLI starts
    // a context with the user's message, or a compaction's summary (a user message too).
    const cut = fixture('kimi-cli.jsonl').split('\n').slice(4).join('\n')
    const read = importConversation(cut, 'kimi-cli')
    expect(read.messages[0].type).toBe('reasoning')
    expect(warnings(read)).toContainEqual([
      'line 1: role',
      "the first message is the model's reply, where Kimi CLI starts a context with the user's message or a compaction's summary: its beginning may be missing, and what its first request held beyond the file may be earlier conversation, not only the system prompt and tools",
    ])
  })

  it('finds a tool exchange the kept messages cut', () => {
    // Keeping from index 5 starts on the second result, whose call (index 3) is summarised.
    expect(cutAt(imported.messages, 5).map((f) => f.code)).toContain('tool-exchange-cut')
    expect(cutAt(imported.messages, 6).map((f) => f.code)).not.toContain('tool-exchange-cut')
  })

  describe('after a compaction', () => {
    const compacted = importConversation(fixture('kimi-cli-compacted.jsonl'))

    it('reads the summary as an earlier summary, before the messages it kept', () => {
      expect(shape(compacted.messages)).toEqual([
        ['instructions', undefined],
        ['context', undefined],
        ['user', undefined],
        ['bot', undefined],
        ['activity', 'tool_07Write'],
        ['bot', undefined],
      ])
      expect(compacted.messages[1].meta).toEqual({ compacted: true, droppedCount: 0 })
      const found = diagnose({ messages: compacted.messages, options: { maxTokens: 100_000 } })
      const earlier = found.find((f) => f.code === 'earlier-summary')
      // The file does not say how many messages the summary replaced: the finding does not count 0.
      expect(earlier?.message).toMatch(/standing for messages the log does not count that/)
    })

    it("does not take Kimi CLI's own estimate for a provider's count", () => {
      expect(compacted.usage?.map((u) => [u.prompt, u.inputTokens, u.outputTokens, u.at])).toEqual([
        [5, 2900, 30, 'line 8'],
      ])
      expect(infoAt(compacted, 'line 7')[0]).toMatch(/^Kimi CLI's own estimate after a compaction/)
    })

    it('takes the usage after the summary for a prompt size in a file older than the estimate', () => {
      // Before 1.16.0 no estimate was written, and before 1.21.0 no system prompt: the first
      // `_usage` after the summary, directly followed by a reply, is that step's input.
      const older = fixture('kimi-cli-compacted.jsonl')
        .split('\n')
        .filter((line) => !/_system_prompt|"token_count": (1450|2900)\}/.test(line))
        .join('\n')
        .replace('"content":"The test is', '"content":"Done. The test is')
      const text = older.replace(
        '{"role":"tool"',
        '{"role": "_usage", "token_count": 2800}\n{"role":"assistant","content":"Writing it."}\n{"role":"tool"',
      )
      const read = importConversation(text)
      expect(read.usage?.map((u) => [u.prompt, u.inputTokens])).toEqual([[3, 2800]])
    })
  })

  it('refuses a file of records it cannot read for the first one, not for being empty', () => {
    const text = '{"role": "_session_title", "title": "x"}\n{"role":"assistant","content":7}\n'
    expect(() => importConversation(text, 'kimi-cli')).toThrow(
      /line 1: "_session_title" is not a record Kimi CLI writes \(_system_prompt, _checkpoint, _usage\), and no line is/,
    )
  })

  it('refuses a file with no Kimi CLI record, naming the first problem', () => {
    const text = '{"type":"message","text":"hi"}\n'
    expect(() => importConversation(text, 'kimi-cli')).toThrow(FormatError)
    expect(() => importConversation(text, 'kimi-cli')).toThrow(
      /line 1: an object with no "role", not a Kimi CLI context record, and no line is a Kimi CLI context record/,
    )
  })
})
