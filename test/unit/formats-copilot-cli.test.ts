import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, infoAt, shape, warnings } from './formats-fixtures'
import { pngBase64 } from './helpers/image-headers'

/*
 * testdata/formats/copilot-cli.jsonl is our own session, written as GitHub Copilot CLI writes an
 * events.jsonl (docs/formats/copilot-cli.md): one event per line, {type, data, id, timestamp,
 * parentId}. Its lines:
 *    1 session.start (selected model claude-sonnet-4.6)
 *    2 session.model_change to gpt-5.3-codex       3 system.message (role system)
 *    4 user.message, with the transformedContent the model is sent
 *    5 assistant.turn_start                         6 assistant.reasoning
 *    7 assistant.message: text, OpenAI's encrypted reasoning, two tool requests
 *    8, 9 tool.execution_start                      10 tool.execution_complete: call_view_1
 *   11 tool.execution_complete: call_test_1 failed, with an error message
 *   12 session.usage_checkpoint                     13 a broken line
 *   14 assistant.message: the answer                15 assistant.turn_end
 *   16 subagent.started                             17 a subagent's user.message (agentId)
 *   18 user.message                                 19 assistant.message: one tool request
 *   20 tool.execution_complete: call_edit_2         21 assistant.message
 * testdata/formats/copilot-cli-compacted.jsonl: the system prompt, a user message, a reply with a
 * call and its result, session.compaction_start (line 6, tokenLimit 128,000), a user message and a
 * reply made while the compaction ran, session.compaction_complete (line 9) with its summary, then
 * a reply with Anthropic's signed thinking and a call, its result and a last reply.
 */

describe('GitHub Copilot CLI session in', () => {
  const imported = importConversation(fixture('copilot-cli.jsonl'))

  it('is detected, with the model in force and the system prompt it records', () => {
    expect(imported.format).toBe('copilot-cli')
    expect(imported.detected).toBe(true)
    expect(imported.wire).toBe('openai-chat')
    // session.start's selectedModel, then the model change at line 2.
    expect(imported.model).toBe('gpt-5.3-codex')
    expect(imported.systemPromptUnrecorded).toBeUndefined()
    expect(imported.report.map((n) => n.problem)).not.toContainEqual(
      expect.stringMatching(/^no system prompt in the file/),
    )
  })

  it('loads what the model is sent, in order, each result with its call id', () => {
    expect(shape(imported.messages)).toEqual([
      ['instructions', undefined],
      ['user', undefined],
      ['reasoning', undefined],
      ['bot', undefined],
      ['activity', 'call_view_1'],
      ['activity', 'call_test_1'],
      ['bot', undefined],
      ['user', undefined],
      ['bot', undefined],
      ['activity', 'call_edit_2'],
      ['bot', undefined],
    ])
    expect(imported.messages[0].text).toMatch(/^You are a terminal coding assistant/)
    // The text sent, not the one the timeline shows.
    expect(imported.messages[1].text).toBe(
      '<current_datetime>2026-11-20T10:04:00Z</current_datetime>\n\n' +
        'Why does the tide chart skip midnight?',
    )
    const calls = decodePayload(imported.messages[3].payload)?.tool_calls
    expect(calls?.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['call_view_1', 'view', { path: 'src/chart/hours.ts' }],
      ['call_test_1', 'bash', { command: 'npm test -- hours', description: 'Run the hour test' }],
    ])
    // result.content is what the model is sent; a failed call sends its error's message.
    expect(imported.messages[4].payload).toBe('1. for (let h = 1; h < 24; h++) plot(h)')
    expect(imported.messages[5].payload).toBe('Expected 24 points, got 23')
    // A subagent's prompt (line 17, agentId a1) is its own conversation's.
    expect(imported.messages.map((m) => m.text)).not.toContain(
      'Find every other loop that starts at 1.',
    )
  })

  it("joins the reply's encrypted reasoning to the thinking before it, unpriced as text", () => {
    const thinking = imported.messages[2]
    expect(thinking.text).toBe('Look at the hour loop and the chart test together.')
    expect(decodePayload(thinking.payload)?.encrypted_content).toMatch(/^gAAAAA/)
    expect(describeOpaqueParts(thinking.payload ?? '')[0].label).toMatch(/^encrypted reasoning/)
  })

  it('loses only the broken line, and says what it left out', () => {
    expect(warnings(imported)).toEqual([
      [
        // Column 65 opens the string the line never closes.
        'line 13',
        'truncated or malformed JSON (column 65: unexpected end of string); skipped, the rest loaded',
      ],
    ])
    expect(infoAt(imported, 'line 17')).toEqual([
      "a subagent's event (agentId): its own conversation, not this one's",
    ])
    // Turns, tool starts, the usage checkpoint and the subagent's start: lines 5, 8, 9, 12, 15, 16.
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line *',
      problem: "the session's own record; not sent",
      count: 6,
    })
  })

  it('finds a tool exchange the kept messages cut', () => {
    // Keeping from index 5 starts on the second result, whose call (index 3) is summarised.
    expect(cutAt(imported.messages, 5).map((f) => f.code)).toContain('tool-exchange-cut')
    expect(cutAt(imported.messages, 6).map((f) => f.code)).not.toContain('tool-exchange-cut')
  })

  describe('after a compaction', () => {
    const compacted = importConversation(fixture('copilot-cli-compacted.jsonl'))

    it('reads the summary as an earlier summary, then what came after the compaction began', () => {
      expect(shape(compacted.messages)).toEqual([
        ['instructions', undefined],
        ['context', undefined],
        ['user', undefined],
        ['bot', undefined],
        ['reasoning', undefined],
        ['bot', undefined],
        ['activity', 'toolu_02Write'],
        ['bot', undefined],
      ])
      // The user message, the reply with its call and the result, lines 3 to 5; the call's id
      // reaches the import through the summary, which stands for it.
      expect(compacted.messages[1].meta).toEqual({
        compacted: true,
        droppedCount: 3,
        summarizedIds: ['toolu_01Read'],
      })
      expect(compacted.messages[1].text).toMatch(/^<overview>The user wants the tide table/)
      expect(compacted.messages[2].text).toBe('Use a semicolon as the separator.')
      expect(infoAt(compacted, 'lines 3–5')).toEqual([
        'before a compaction, which its summary replaced in every later request; not sent (the summary stands for them)',
      ])
      const found = diagnose({ messages: compacted.messages, options: { maxTokens: 100_000 } })
      expect(found.map((f) => f.code)).toContain('earlier-summary')
    })

    it('offers the window the compaction targeted', () => {
      expect(compacted.contextWindow).toEqual({ tokens: 128_000, at: 'line 9: data.tokenLimit' })
      expect(compacted.model).toBe('claude-sonnet-4.6')
    })

    it("keeps Anthropic's thinking signature for export, not priced as text", () => {
      const thinking = compacted.messages[4]
      expect(thinking.text).toBe('Semicolons, a header row, heights to two decimals.')
      expect(decodePayload(thinking.payload)?.signature).toMatch(/^EqQB/)
      expect(describeOpaqueParts(thinking.payload ?? '')[0].label).toMatch(
        /^thinking signature, .* not billed as text$/,
      )
    })

    it("notes Copilot CLI's own count of what it removed when the file's differs", () => {
      const text = fixture('copilot-cli-compacted.jsonl').replace(
        '"messagesRemoved":3',
        '"messagesRemoved":4',
      )
      expect(infoAt(importConversation(text), 'line 9: data.messagesRemoved')).toEqual([
        'Copilot CLI counts 4 messages removed; the file recorded 3 before the compaction began',
      ])
    })
  })

  it('takes out what /clear and a truncation took out', () => {
    const event = (type: string, data: object) =>
      JSON.stringify({ type, data, id: type, timestamp: '2026-11-22T08:00:00Z', parentId: null })
    const lines = [
      event('session.start', { sessionId: 's', version: 1, producer: 'copilot-agent' }),
      event('user.message', { content: 'one' }),
      event('assistant.message', { messageId: 'm1', content: 'two' }),
      event('session.context_cleared', { messagesCleared: 2 }),
      event('user.message', { content: 'three' }),
      event('assistant.message', { messageId: 'm2', content: 'four' }),
      event('user.message', { content: 'five' }),
      event('session.truncation', {
        messagesRemovedDuringTruncation: 2,
        performedBy: 'BasicTruncator',
        tokenLimit: 64_000,
        preTruncationMessagesLength: 3,
        postTruncationMessagesLength: 1,
        preTruncationTokensInMessages: 900,
        postTruncationTokensInMessages: 300,
        tokensRemovedDuringTruncation: 600,
      }),
      event('assistant.message', { messageId: 'm3', content: 'six' }),
    ]
    const read = importConversation(lines.join('\n'))
    expect(read.format).toBe('copilot-cli')
    expect(read.messages.map((m) => m.text)).toEqual(['five', 'six'])
    expect(infoAt(read, 'lines 2–3')).toEqual(['before /clear (session.context_cleared); not sent'])
    expect(infoAt(read, 'lines 5–6')[0]).toMatch(/^removed by Copilot CLI's truncation/)
    expect(read.contextWindow).toEqual({ tokens: 64_000, at: 'line 8: data.tokenLimit' })
  })

  it('keeps what came after a compaction began when a truncation ran meanwhile', () => {
    const event = (type: string, data: object) =>
      JSON.stringify({ type, data, id: type, timestamp: '2026-11-22T08:00:00Z', parentId: null })
    const lines = [
      event('user.message', { content: 'one' }),
      event('assistant.message', { messageId: 'm1', content: 'two' }),
      event('session.compaction_start', {}),
      event('user.message', { content: 'three' }),
      event('session.truncation', {
        messagesRemovedDuringTruncation: 1,
        performedBy: 'BasicTruncator',
        tokenLimit: 64_000,
        preTruncationMessagesLength: 3,
        postTruncationMessagesLength: 2,
        preTruncationTokensInMessages: 900,
        postTruncationTokensInMessages: 600,
        tokensRemovedDuringTruncation: 300,
      }),
      event('assistant.message', { messageId: 'm2', content: 'four' }),
      event('session.compaction_complete', { success: true, summaryContent: 'the summary' }),
    ]
    const read = importConversation(lines.join('\n'), 'copilot-cli')
    // The truncation took "one"; the summary stands for "two", the one left from before the start.
    expect(read.messages.map((m) => m.text)).toEqual(['the summary', 'three', 'four'])
    expect(read.messages[0].meta).toEqual({ compacted: true, droppedCount: 1 })
  })

  it("loads a skill's content where it was invoked: the schema says it is sent", () => {
    // As 1.0.18 writes a skill's use: the `skill` tool's call, its result ("loaded"), then
    // skill.invoked with the file's content, "injected into the conversation for the model".
    const event = (type: string, data: object) =>
      JSON.stringify({ type, data, id: type, timestamp: '2026-11-22T08:00:00Z', parentId: null })
    const skill = '---\nname: tidy\ndescription: Tidy a folder\n---\nSort the files by kind.'
    const lines = [
      event('user.message', { content: 'tidy my downloads' }),
      event('assistant.message', {
        messageId: 'm1',
        content: '',
        toolRequests: [{ toolCallId: 'call_1', name: 'skill', arguments: { skill: 'tidy' } }],
      }),
      event('tool.execution_complete', {
        toolCallId: 'call_1',
        success: true,
        result: { content: 'Skill "tidy" loaded successfully.' },
      }),
      event('skill.invoked', {
        name: 'tidy',
        path: '/home/ana/.agents/skills/tidy/SKILL.md',
        content: skill,
      }),
      event('assistant.message', { messageId: 'm2', content: 'Sorted.' }),
    ]
    const read = importConversation(lines.join('\n'), 'copilot-cli')
    expect(read.messages.map((m) => m.type)).toEqual(['user', 'bot', 'activity', 'context', 'bot'])
    expect(read.messages[3].text).toBe(skill)
    // Its system prompt is in no event: the report says so, as the total leaves it out.
    expect(read.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        'no system prompt in the file (no system.message event of role "system"): Copilot CLI sent its own, which is not counted here',
    })
  })

  it('takes the model a 1.0.2 shutdown names beside its data', () => {
    const text = [
      '{"type":"user.message","data":{"content":"hi"},"id":"u","parentId":null}',
      '{"type":"session.shutdown","data":{"shutdownType":"routine","totalPremiumRequests":1},"currentModel":"claude-opus-4.6-1m","id":"s","parentId":"u"}',
    ].join('\n')
    expect(importConversation(text, 'copilot-cli').model).toBe('claude-opus-4.6-1m')
  })

  it('follows the model a resumed session answered with, where no model_change names it', () => {
    // 1.0.10 wrote no model_change when a resumed session ran on another model: the shutdown
    // before names the old one, the replies' and calls' own `model` the new (the SDK's schema).
    const text = [
      '{"type":"user.message","data":{"content":"hi"},"id":"u","parentId":null}',
      '{"type":"session.shutdown","data":{"shutdownType":"routine","currentModel":"claude-opus-4.6"},"id":"s","parentId":"u"}',
      '{"type":"session.resume","data":{},"id":"r","parentId":"s"}',
      '{"type":"user.message","data":{"content":"go on"},"id":"u2","parentId":"r"}',
      '{"type":"assistant.message","data":{"messageId":"m","content":"","toolRequests":[{"toolCallId":"c1","name":"view","arguments":{"path":"a"}}]},"id":"a","parentId":"u2"}',
      '{"type":"tool.execution_complete","data":{"toolCallId":"c1","success":true,"model":"claude-sonnet-4.6","result":{"content":"x"}},"id":"t","parentId":"a"}',
    ].join('\n')
    expect(importConversation(text, 'copilot-cli').model).toBe('claude-sonnet-4.6')
    // A resume that names the model chosen sets it, as a model_change would.
    const chosen = [
      '{"type":"user.message","data":{"content":"hi"},"id":"u","parentId":null}',
      '{"type":"session.shutdown","data":{"shutdownType":"routine","currentModel":"claude-opus-4.6"},"id":"s","parentId":"u"}',
      '{"type":"session.resume","data":{"selectedModel":"gpt-5.2"},"id":"r","parentId":"s"}',
    ].join('\n')
    expect(importConversation(chosen, 'copilot-cli').model).toBe('gpt-5.2')
  })

  it('reads auto mode as the model it chose, never as a model named "auto"', () => {
    // Auto mode (1.0.77) writes "auto" as the model everywhere and names the model it picked
    // for the prompt in session.auto_mode_resolved's chosenModel (the SDK's schema).
    const text = [
      '{"type":"session.start","data":{"producer":"copilot-agent","copilotVersion":"1.0.77","selectedModel":"auto"},"id":"s","parentId":null}',
      '{"type":"user.message","data":{"content":"hi"},"id":"u","parentId":"s"}',
      '{"type":"assistant.message","data":{"messageId":"m","content":"hello","model":"claude-haiku-4.5"},"id":"a","parentId":"u"}',
      '{"type":"session.model_change","data":{"newModel":"auto","previousModel":"auto"},"id":"c","parentId":"a"}',
      '{"type":"session.auto_mode_resolved","data":{"chosenModel":"gpt-5-mini","reasoningBucket":"medium"},"id":"r","parentId":"c"}',
      '{"type":"user.message","data":{"content":"and now?"},"id":"u2","parentId":"r"}',
    ].join('\n')
    const read = importConversation(text, 'copilot-cli')
    expect(read.model).toBe('gpt-5-mini')
    expect(infoAt(read, 'line 5')).toEqual([
      "auto mode's choice of model (chosenModel): read for the model it names; not sent",
    ])
    // With no choice recorded after the change to auto, the last reply's model stands.
    const unresolved = text.split('\n').slice(0, 4).join('\n')
    expect(importConversation(unresolved, 'copilot-cli').model).toBe('claude-haiku-4.5')
    expect(importConversation(text.split('\n')[0], 'copilot-cli').model).toBeUndefined()
  })

  it('sends a pasted image with its user message, from the asset that holds its bytes', () => {
    // 1.0.77 stores a pasted image's bytes once, in a session.binary_asset, and the user
    // message's attachment names it by assetId.
    const data = pngBase64(1500, 750)
    const asset = {
      type: 'session.binary_asset',
      data: { assetId: 'sha256:ab12', type: 'image', mimeType: 'image/png', byteLength: 33, data },
      id: 'b',
      parentId: 'c',
    }
    const attachment = {
      type: 'file',
      path: 'C:\\tmp\\Pasted Image.png',
      displayName: 'Pasted Image',
      assetId: 'sha256:ab12',
      mimeType: 'image/png',
      byteLength: 33,
    }
    const text = [
      '{"type":"session.model_change","data":{"newModel":"claude-sonnet-4.6"},"id":"c","parentId":null}',
      JSON.stringify(asset),
      JSON.stringify({
        type: 'user.message',
        data: { content: 'what is wrong here?', attachments: [attachment] },
        id: 'u',
        parentId: 'b',
      }),
      '{"type":"session.binary_asset","data":{"assetId":"sha256:cd34","type":"image","mimeType":"image/png","byteLength":33,"data":"AAAA"},"id":"b2","parentId":"u"}',
    ].join('\n')
    const read = importConversation(text, 'copilot-cli')
    expect(shape(read.messages)).toEqual([['user', undefined]])
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data } }
    expect(decodePayload(read.messages[0].payload)?.attachments).toEqual([image])
    // Anthropic: 1500 × 750 is within 1,568 px a side; 1500 × 750 / 750 = 1,500 tokens.
    expect(describeOpaqueParts(read.messages[0].payload ?? '')).toMatchObject([
      { kind: 'image', tokens: 1500 },
    ])
    expect(infoAt(read, 'line 2')).toEqual([
      "an attachment's bytes (session.binary_asset), sent with the user message at line 3 that names its assetId; loaded there",
    ])
    expect(infoAt(read, 'line 4')).toEqual([
      "an attachment's bytes (session.binary_asset) that no user message names; not loaded",
    ])
    expect(warnings(read)).toEqual([])
    // An attachment whose asset the file does not hold is said to be missing, not counted.
    const missing = importConversation(
      text
        .split('\n')
        .filter((_, i) => i !== 1)
        .join('\n'),
      'copilot-cli',
    )
    expect(decodePayload(missing.messages[0].payload)?.attachments).toBeUndefined()
    expect(warnings(missing)).toEqual([
      [
        'line 2: data.attachments[0].assetId',
        'names no session.binary_asset earlier in the file: the bytes Copilot CLI sent are not recorded, so the attachment is not counted',
      ],
    ])
  })

  it('refuses a file with no Copilot CLI event, naming the first problem', () => {
    const text = '{"role":"user","content":"hi"}\n'
    expect(() => importConversation(text, 'copilot-cli')).toThrow(FormatError)
    expect(() => importConversation(text, 'copilot-cli')).toThrow(
      /line 1: an object with no "type" and "data", not a Copilot CLI event, and no line is a Copilot CLI event/,
    )
  })

  it('refuses a file of events of no type the schema has, for the first one', () => {
    const text = '{"type":"session.mystery","data":{},"id":"x","parentId":null}\n'
    expect(() => importConversation(text, 'copilot-cli')).toThrow(
      /line 1: "session.mystery" not an event type of the Copilot SDK schema/,
    )
  })

  it('says where a call has no result: a warning where the session went on, else a note', () => {
    const lines = fixture('copilot-cli.jsonl').split('\n')
    // Line 11's result taken out: call_test_1, of line 7's reply, unanswered while the session
    // goes on (its answer is line 14). Lines 20 and 21 (its result, the last reply): call_edit_2
    // of line 19's reply, the file's last message.
    const without = (...n: number[]) => lines.filter((_, i) => !n.includes(i + 1)).join('\n')
    const denied = importConversation(without(11), 'copilot-cli')
    expect(warnings(denied)).toContainEqual([
      'line 7: data.toolRequests',
      'tool call call_test_1 (bash) has no tool.execution_complete, and the session went on (a permission denied, an abort): Copilot CLI sent the model a result of its own in its place, or no call, which the file does not record; counted as nothing',
    ])
    const running = importConversation(without(20, 21), 'copilot-cli')
    expect(infoAt(running, 'line 19: data.toolRequests')).toEqual([
      'tool call call_edit_2 (edit) has no tool.execution_complete yet (still running, or the session ended first)',
    ])
    expect(warnings(running).map((w) => w[0])).not.toContain('line 19: data.toolRequests')
    // The whole file answers every call: neither.
    const whole = importConversation(fixture('copilot-cli.jsonl'))
    expect(whole.report.map((n) => n.path)).not.toContain('line 7: data.toolRequests')
  })
})
