import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, fixtureJson, shape, warnings } from './formats-fixtures'

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
 * call, its result and a last reply. testdata/formats/mistral-vibe-meta.json is the first
 * session's meta.json, as save_interaction writes it: its system prompt (a system LLMMessage
 * dumped with its None fields), three tools as Chat Completions function definitions, and a
 * config whose active_model is the alias "mistral-medium-3.5" of "mistral-vibe-cli-latest".
 * testdata/formats/mistral-vibe-1.json is our own session file of Vibe before 2.0, one document
 * as InteractionLogger.save_interaction (fa15fc9) writes it: metadata (its stats, two tools, a
 * config whose active_model "devstral-2" is the alias of "mistral-vibe-cli-latest", threshold
 * 200,000) and messages: 0 system, 1 user, 2 assistant with a call (Qm4Tz8Kp1), 3 its result,
 * 4 assistant; the last request reported a 196-token prompt and 31 tokens out.
 */

describe('Mistral Vibe session in', () => {
  const imported = importConversation(fixture('mistral-vibe.jsonl'))

  it('is detected, and says its system prompt is not in it', () => {
    expect(imported.format).toBe('mistral-vibe')
    expect(imported.detected).toBe(true)
    expect(imported.wire).toBe('openai-chat')
    // Vibe keeps the system prompt in meta.json, beside the messages: not given, it is missing.
    expect(imported.systemPromptUnrecorded).toBe(true)
    expect(imported.model).toBeUndefined()
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

  it('loses only the broken line, and says what it read as context and what is missing', () => {
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
      {
        severity: 'warning',
        path: '',
        problem:
          'the session’s meta.json (beside the file) was not read: its system prompt, its tools and its model are not in the conversation, and the estimate leaves them out',
      },
    ])
  })

  describe('with its meta.json', () => {
    const meta = { name: 'meta.json', content: fixture('mistral-vibe-meta.json') }
    const withMeta = importConversation(fixture('mistral-vibe.jsonl'), 'auto', { companion: meta })

    it('opens with the system prompt and the tools every request sent, and names the model', () => {
      expect(withMeta.messages.slice(0, 2).map((m) => m.type)).toEqual([
        'instructions',
        'instructions',
      ])
      expect(withMeta.messages[0].text).toBe(
        "You are Almanac's maintainer agent. Work in small, tested steps.\n\nBefore you change a file, read it. Explain each change in one sentence.",
      )
      const tools = decodePayload(withMeta.messages[1].payload)?.tools as {
        function: { name: string }
      }[]
      expect(tools.map((t) => t.function.name)).toEqual(['read_file', 'grep', 'search_replace'])
      // The file's own nine messages follow, as before.
      expect(shape(withMeta.messages.slice(2))).toEqual(shape(imported.messages))
      // active_model is an alias; the model sent is the name of the model that has it.
      expect(withMeta.model).toBe('mistral-vibe-cli-latest')
      expect(withMeta.systemPromptUnrecorded).toBeUndefined()
      expect(withMeta.report.at(-2)).toEqual({
        severity: 'info',
        path: 'meta.json',
        problem:
          'the system prompt, 3 tool definitions, the model (mistral-vibe-cli-latest) read from the session’s metadata, as Vibe last saved it; they open every request',
      })
      // The active model's auto_compact_threshold (the fixture's 200,000), for the Vibe replay.
      expect(withMeta.engineSettings).toEqual({
        settings: { vibeAutoCompactThreshold: 200_000 },
        at: 'meta.json config.models[0].auto_compact_threshold',
      })
      expect(withMeta.report.at(-1)).toEqual({
        severity: 'info',
        path: 'meta.json config.models[0].auto_compact_threshold',
        problem:
          'the active model’s auto-compact threshold, 200,000 tokens: the Mistral Vibe engine’s replay uses it',
      })
      // The instructions are hoisted to the front of a compaction.
      const codes = (messages: typeof imported.messages) =>
        diagnose({ messages, options: { maxTokens: 100_000 } }).map((f) => f.code)
      expect(codes(imported.messages)).toContain('no-instructions')
      expect(codes(withMeta.messages)).not.toContain('no-instructions')
    })

    it('says what is wrong with a meta.json that cannot be read, and loads the messages', () => {
      const bad = (content: string) =>
        importConversation(fixture('mistral-vibe.jsonl'), 'auto', {
          companion: { name: 'meta.json', content },
        })
      const broken = bad('{"session_id": ')
      expect(broken.messages).toHaveLength(imported.messages.length)
      expect(broken.report.at(-1)).toMatchObject({
        severity: 'warning',
        path: 'meta.json',
        problem: expect.stringMatching(
          /^not valid JSON \(.*\); its system prompt, its tools and its model are not in the conversation/,
        ),
      })
      expect(bad('{"title": "x"}').report.at(-1)?.problem).toMatch(
        /^no "session_id": not a Vibe session’s metadata; /,
      )
      expect(bad('[]').report.at(-1)?.problem).toMatch(/^an array, not a Vibe session’s metadata; /)
      // A session saved before any system prompt: the tools and model still load.
      const noPrompt = bad(
        JSON.stringify({
          session_id: 's',
          system_prompt: null,
          tools_available: [],
          config: { active_model: 'local' },
        }),
      )
      expect(noPrompt.model).toBe('local')
      expect(noPrompt.report).toContainEqual({
        severity: 'warning',
        path: 'meta.json system_prompt',
        problem: 'no system prompt recorded; none is loaded',
      })
    })
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

  describe('a session file of Vibe before 2.0 (one document)', () => {
    const text = fixture('mistral-vibe-1.json')
    const read = importConversation(text)

    it('is detected as Vibe, not as the OpenAI Chat its messages look like', () => {
      expect(read.format).toBe('mistral-vibe')
      expect(read.detected).toBe(true)
      expect(read.wire).toBe('openai-chat')
      expect(read.systemPromptUnrecorded).toBeUndefined()
      expect(warnings(read)).toEqual([])
    })

    it('opens with its system prompt, then the tools every request sent, and pairs the call', () => {
      expect(shape(read.messages)).toEqual([
        ['instructions', undefined],
        ['instructions', undefined],
        ['user', undefined],
        ['bot', undefined],
        ['activity', 'Qm4Tz8Kp1'],
        ['bot', undefined],
      ])
      const doc = fixtureJson('mistral-vibe-1.json') as {
        metadata: { tools_available: unknown[] }
        messages: { content: string }[]
      }
      expect(read.messages[0].text).toBe(doc.messages[0].content)
      expect(decodePayload(read.messages[1].payload)?.tools).toEqual(doc.metadata.tools_available)
      const calls = decodePayload(read.messages[3].payload)?.tool_calls
      expect(calls?.map((c) => [c.id, c.name, c.arguments])).toEqual([
        ['Qm4Tz8Kp1', 'read_file', { path: 'tidegauge/parse.py' }],
      ])
      expect(cutAt(read.messages, 4).map((f) => f.code)).toContain('tool-exchange-cut')
    })

    it('names the active model, and takes its threshold and the last reported prompt', () => {
      expect(read.model).toBe('mistral-vibe-cli-latest')
      expect(read.engineSettings).toEqual({
        settings: { vibeAutoCompactThreshold: 200_000 },
        at: 'metadata.agent_config.auto_compact_threshold',
      })
      // The last request is the last reply's: the five messages before it, tools included.
      expect(read.usage).toEqual([
        {
          prompt: 5,
          inputTokens: 196,
          outputTokens: 31,
          at: 'metadata.stats.last_turn_prompt_tokens',
          model: 'mistral-vibe-cli-latest',
        },
      ])
    })

    it('compares no prompt when the last reply is the one Vibe adds after a tool result', () => {
      const doc = JSON.parse(text) as { messages: unknown[] }
      doc.messages.splice(4, 1, { role: 'assistant', content: 'Understood.' })
      const ensured = importConversation(JSON.stringify(doc, null, 2))
      expect(ensured.usage).toBeUndefined()
      expect(ensured.report.map((n) => n.path)).toContain('metadata.stats.last_turn_prompt_tokens')
    })

    it('loses only a message it cannot read, and says where', () => {
      const doc = JSON.parse(text) as { messages: unknown[] }
      doc.messages.splice(1, 0, 42)
      const broken = importConversation(JSON.stringify(doc, null, 2))
      expect(broken.messages).toHaveLength(6)
      expect(warnings(broken)).toEqual([['messages[1]', 'a number, not a Vibe message; skipped']])
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
