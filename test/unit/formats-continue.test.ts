import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, shape } from './formats-fixtures'

/*
 * testdata/formats/continue.json is our own session, as Continue's IDE extension writes one
 * (continuedev/continue at d0a3c0b626: the ChatHistoryItem of core/index.d.ts, saved by
 * core/util/history.ts with two-space indents). Its history:
 *   0 user, with a file attached        1 assistant, with the conversation summary
 *   2 user: text and an image           3 thinking, signed
 *   4 assistant: two calls (call_a1 an edit, call_a2 a terminal command), both done
 *   5 a tool message                    6 assistant: a call (call_a3), canceled
 *   7 an empty user message             8 a system message
 * testdata/formats/continue-cli.json is one the `cn` CLI writes (its session usage has a cost):
 *   0 system                            1 the compaction: an assistant message with its summary
 *   2 user, with a file attached        3 thinking
 *   4 assistant: a call (call_b1) with two outputs; usage from Anthropic's adapter
 *   5 assistant; usage from OpenAI's
 */

describe('Continue session in', () => {
  describe("the IDE extension's", () => {
    const imported = importConversation(fixture('continue.json'))

    it('is detected, and says the system prompt is not in the file', () => {
      expect(imported.format).toBe('continue')
      expect(imported.detected).toBe(true)
      expect(imported.systemPromptUnrecorded).toBe(true)
      expect(imported.model).toBeUndefined()
    })

    it('loads what the extension sends: the latest summary, then the items after it', () => {
      expect(shape(imported.messages)).toEqual([
        ['context', undefined],
        ['user', undefined],
        ['reasoning', undefined],
        ['bot', undefined],
        ['activity', 'call_a1'],
        ['activity', 'call_a2'],
        ['bot', undefined],
        ['activity', 'call_a3'],
      ])
      // Items 0 and 1 are what the summary stands for.
      expect(imported.messages[0].meta).toEqual({ compacted: true, droppedCount: 2 })
      expect(imported.messages[0].text).toMatch(/^The user maintains a ledger importer/)
      // Continue's image part goes out as OpenAI's.
      expect(decodePayload(imported.messages[1].payload)?.attachments).toEqual([
        {
          type: 'image_url',
          image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) },
        },
      ])
      expect(decodePayload(imported.messages[2].payload)?.signature).toMatch(/^EqQB/)
      const calls = decodePayload(imported.messages[3].payload)?.tool_calls
      expect(calls?.map((c) => c.id)).toEqual(['call_a1', 'call_a2'])
    })

    it("sends each call's result from its state: a terminal command's with its status", () => {
      expect(imported.messages[4].payload).toBe('Edited ledger/import.py')
      expect(imported.messages[5].payload).toBe('3 passed in 0.41s\n[Status: Command completed]')
      // Canceled: Continue's own notice is not in the file.
      expect(imported.messages[7].payload).toBeUndefined()
    })

    it('says what it left out, and why', () => {
      const infos = imported.report.filter((n) => n.severity === 'info').map((n) => n.path)
      expect(infos).toEqual(
        expect.arrayContaining([
          'history[0–1]',
          'history[5].message',
          'history[6].toolCallStates[0]',
          'history[7].message',
          'history[8].message',
        ]),
      )
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('puts the context a user attached before the prompt, as the extension does', () => {
      const whole = importConversation(
        fixture('continue.json').replace('"conversationSummary"', '"summaryNotYet"'),
      )
      expect(whole.messages[0]).toEqual({
        type: 'user',
        text:
          'ledger/import.py\n```python\ndef load(path):\n    return [parse(row) for row in csv.reader(open(path))]\n```\n' +
          '\n\nSummarise how the ledger import works.',
      })
    })

    it('finds a tool exchange the kept messages cut, and the earlier summary', () => {
      // Keeping from index 5 starts on call_a2's result, whose call (index 3) is summarised.
      expect(cutAt(imported.messages, 5).map((f) => f.code)).toContain('tool-exchange-cut')
      expect(cutAt(imported.messages, 6).map((f) => f.code)).not.toContain('tool-exchange-cut')
      const found = diagnose({ messages: imported.messages, options: { maxTokens: 100_000 } })
      expect(found.map((f) => f.code)).toContain('earlier-summary')
    })
  })

  describe("the CLI's", () => {
    const imported = importConversation(fixture('continue-cli.json'))

    it('loads the history as the CLI sends it, its compaction as the earlier summary', () => {
      expect(imported.format).toBe('continue')
      expect(shape(imported.messages)).toEqual([
        ['instructions', undefined],
        ['context', undefined],
        ['user', undefined],
        // The CLI sends thinking as an assistant message of its text.
        ['bot', undefined],
        ['bot', undefined],
        ['activity', 'call_b1'],
        ['bot', undefined],
      ])
      expect(imported.messages[1].meta).toEqual({ compacted: true, droppedCount: 0 })
      expect(imported.messages[2].text).toBe(
        '<context name="test_import.py">\ndef test_dates():\n' +
          "    assert parse('03/04/2026').month == 4\n</context>\n\nAdd a test for 29/02/2028.",
      )
      // Two outputs, joined by a line break.
      expect(imported.messages[5].payload).toBe('Wrote tests/test_import.py\n1 file changed')
    })

    it("takes each reply's reported prompt: Anthropic's with its cache, OpenAI's whole", () => {
      expect(imported.usage?.map((u) => [u.prompt, u.inputTokens, u.outputTokens, u.at])).toEqual([
        // 1,200 uncached + 300 written to the cache + 9,000 read from it; the reply starts with
        // its thinking, at index 3.
        [3, 1200 + 300 + 9000, 80, 'history[4].message.usage'],
        // prompt_tokens already counts the 10,400 cached.
        [6, 10650, 9, 'history[5].message.usage'],
      ])
    })

    it('finds a tool exchange the kept messages cut', () => {
      expect(cutAt(imported.messages, 5).map((f) => f.code)).toContain('tool-exchange-cut')
    })

    it('sends a tool message of the history as it is, and warns of a field it does not know', () => {
      const session = JSON.parse(fixture('continue-cli.json')) as { history: unknown[] }
      session.history.push({
        message: { role: 'tool', content: 'late output', toolCallId: 'call_b1', metadata: {} },
        contextItems: [],
        pinned: true,
      })
      const read = importConversation(JSON.stringify(session))
      expect(read.messages.at(-1)).toEqual({
        id: 'call_b1',
        type: 'activity',
        text: '',
        payload: 'late output',
      })
      const at = (severity: string) =>
        read.report.filter((n) => n.severity === severity).map((n) => n.path)
      expect(at('warning')).toEqual(['history[6].pinned'])
      expect(at('info')).toContain('history[6].message.metadata')
    })

    it("notes a message's id, which the extension's front end gives it and never sends", () => {
      const session = JSON.parse(fixture('continue.json')) as {
        history: { message: Record<string, unknown> }[]
      }
      for (const item of session.history) item.message.id = '6f1c2a3b-0d4e-4f5a-9b6c-7d8e9fa0b1c2'
      const read = importConversation(JSON.stringify(session))
      const ids = read.report.filter((n) => n.path.endsWith('.message.id'))
      expect(ids.map((n) => n.severity)).toEqual(ids.map(() => 'info'))
      expect(ids.length).toBeGreaterThan(0)
      expect(read.report.filter((n) => n.severity === 'warning')).toEqual([])
      expect(read.messages).toEqual(importConversation(fixture('continue.json')).messages)
    })
  })

  it('refuses a document with no history, naming the field', () => {
    const text = JSON.stringify({ sessionId: 's', title: 't', history: 3 })
    expect(() => importConversation(text, 'continue')).toThrow(FormatError)
    expect(() => importConversation(text, 'continue')).toThrow(/"history" is a number/)
  })

  it('names a Continue 0.x session (steps in history.timeline) when it refuses it', () => {
    // The shape its Python server wrote in 2023, as public repositories hold it.
    const text = JSON.stringify({
      history: {
        timeline: [
          {
            step: {
              class_name: 'UserInputStep',
              description: 'help me fix this',
              chat_context: [{ role: 'user', content: 'help me fix this' }],
            },
            observation: null,
            depth: 0,
          },
        ],
        current_index: 0,
      },
      session_info: { session_id: 's', title: 'Fix', date_created: '1697509954.24' },
    })
    // Detected, not "no known format", and the reason says which Continue wrote it.
    expect(() => importConversation(text)).toThrow(
      /looks most like Continue session, but history\.timeline \(line 1, column \d+\): a session of Continue 0\.x \(2023/,
    )
  })
})
