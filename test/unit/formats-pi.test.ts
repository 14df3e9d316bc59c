import { describe, expect, it } from 'vitest'
import { FormatError, importConversation } from '../../src/index'
import { cutAt, fixture } from './formats-fixtures'

const lines = (...entries: object[]) => entries.map((e) => JSON.stringify(e)).join('\n') + '\n'

describe('pi session in', () => {
  const imported = importConversation(fixture('pi.jsonl'))

  it('follows the branch that ends at the last entry, summary first as pi sends it', () => {
    expect(imported.format).toBe('pi')
    // Branch: e19 → … → e12 → e7 → e6 (the compaction) → e5 … e1. e8–e11 are another branch.
    // The compaction keeps e2 on; e1 is replaced by its summary.
    expect(imported.messages).toEqual([
      {
        id: 'e6',
        type: 'context',
        text: 'The user wants Celsius output. Temperatures are formatted in src/format.ts, where fmt prints the raw Kelvin value.',
        meta: { compacted: true, droppedCount: 1 },
      },
      {
        type: 'reasoning',
        text: 'Find the formatter before changing anything.',
        payload: '{"signature":"EqQBCkgIBxACGAIqQ"}',
      },
      {
        id: 'e2',
        type: 'bot',
        text: 'Let me find where temperatures are formatted.',
        payload: JSON.stringify({
          tool_calls: [
            { id: 'toolu_01Fa', name: 'grep', arguments: { pattern: 'kelvin', path: 'src' } },
            { id: 'toolu_01Fb', name: 'read', arguments: { path: 'src/format.ts' } },
          ],
        }),
      },
      {
        id: 'toolu_01Fa',
        type: 'activity',
        text: '',
        payload: 'src/format.ts:3: return `${k} K`',
      },
      {
        id: 'toolu_01Fb',
        type: 'activity',
        text: '',
        payload: 'export const fmt = (k: number) => `${k} K`',
      },
      {
        id: 'e5',
        type: 'bot',
        text: "format.ts prints the raw Kelvin value; I'll convert it there.",
      },
      {
        id: 'e7',
        type: 'context',
        text: 'Ran `npm test`\n```\n1 failing: expected 21.9 °C, got 21.85 °C\n```\nCommand exited with code 1',
      },
      {
        id: 'e12',
        type: 'context',
        text: 'Tried Math.round in fmt; it broke the build and was abandoned.',
      },
      { id: 'e13', type: 'user', text: 'Round to one decimal place instead. 🌡️' },
      {
        id: 'e16',
        type: 'bot',
        text: "Checking the test's expectation.",
        payload: JSON.stringify({
          tool_calls: [
            { id: 'call_7Qx|fc_01', name: 'read', arguments: { path: 'test/format.test.ts' } },
          ],
        }),
      },
      {
        id: 'call_7Qx|fc_01',
        type: 'activity',
        text: '',
        payload: "expect(fmt(295.05)).toBe('21.9 °C')",
      },
      {
        id: 'e18',
        type: 'bot',
        text: 'fmt now converts to Celsius and rounds to one decimal; the test passes. ✅',
      },
    ])
  })

  it('takes the model from the last model_change or assistant message on the branch', () => {
    expect(imported.model).toBe('gpt-5-codex')
  })

  it('reports the other branch, the compacted entries, the broken line and the unknown entry', () => {
    const { report } = imported
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'lines 11–14',
      problem:
        '4 entries on other branches of the session tree (pi sends only the current branch); not loaded',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'lines 2–4',
      problem:
        "3 entries before the compaction's first kept entry; replaced by its summary, not loaded",
    })
    expect(report).toContainEqual(expect.objectContaining({ severity: 'warning', path: 'line 17' }))
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 19',
      problem: '"lightning_strike" is not a pi entry type; not loaded',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: message.usage',
      problem: 'provider-reported usage and cost; read by the usage view, not counted here',
      count: 4,
    })
    expect(report).toContainEqual(expect.objectContaining({ path: 'line 23', severity: 'info' }))
    expect(report.filter((n) => n.severity === 'warning')).toHaveLength(3)
  })

  it('names each field of its own on a reply, however many replies and fields there are', () => {
    // The paths of a reply's fields are made once per session and reused (pi-reading.ts), up to
    // a bound: 300 fields on each of two replies are still 300 paths, each noted on both lines
    // (two notes of a kind, below MAX_REPEATED_NOTES, are listed one by one).
    const fields = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, i]))
    const reply = (id: string, parentId: string) => ({
      type: 'message',
      id,
      parentId,
      message: { role: 'assistant', content: [{ type: 'text', text: id }], ...fields },
    })
    const { report, messages } = importConversation(
      lines(
        { type: 'session', version: 3, id: 's', cwd: '/w' },
        { type: 'message', id: 'a', parentId: null, message: { role: 'user', content: 'hi' } },
        reply('b', 'a'),
        reply('c', 'b'),
      ),
    )
    expect(messages.map((m) => m.text)).toEqual(['hi', 'b', 'c'])
    for (const line of [3, 4]) {
      for (const i of [0, 255, 256, 299]) {
        expect(report).toContainEqual({
          severity: 'warning',
          path: `line ${line}: message.f${i}`,
          problem: 'not a field of this format; not loaded',
        })
      }
    }
    expect(report.filter((n) => n.severity === 'warning')).toHaveLength(600)
  })

  it('adds the error result pi sends for a call left without one, where pi sends it', () => {
    // pi-ai transformMessages (0.58.3 and 0.73.1): before the next reply or user message, each open
    // call of the last reply gets {toolResult, "No result provided", isError}; a failed reply's
    // calls are never sent, so they get none.
    const call = (id: string, name: string) => ({ type: 'toolCall', id, name, arguments: {} })
    const entry = (id: string, parentId: string | null, message: object) => ({
      type: 'message',
      id,
      parentId,
      message,
    })
    const text = lines(
      { type: 'session', version: 3, id: 's', cwd: '/w' },
      entry('u1', null, { role: 'user', content: 'List and read.' }),
      entry('a1', 'u1', {
        role: 'assistant',
        content: [call('c1', 'ls'), call('c2', 'read')],
        stopReason: 'toolUse',
      }),
      entry('r1', 'a1', { role: 'toolResult', toolCallId: 'c1', content: 'a.ts' }),
      entry('u2', 'r1', { role: 'user', content: 'Stop, just summarise.' }),
      entry('a2', 'u2', {
        role: 'assistant',
        content: [call('c3', 'read')],
        stopReason: 'aborted',
      }),
      entry('a3', 'a2', { role: 'assistant', content: [call('c4', 'ls')], stopReason: 'toolUse' }),
    )
    const { messages, report } = importConversation(text)
    const noResult = {
      type: 'activity',
      text: '',
      payload: '{"content":"No result provided","is_error":true}',
    }
    expect(messages.map((m) => m.id)).toEqual(['u1', 'a1', 'c1', 'c2', 'u2', 'a2', 'a3'])
    expect(messages[3]).toEqual({ id: 'c2', ...noResult })
    // The aborted reply's call c3 gets nothing; the last reply's c4 is open at the end.
    expect(messages.filter((m) => m.type === 'activity')).toHaveLength(2)
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 5',
      problem:
        'pi sends its own error result ("No result provided") for each earlier tool call left without one; added before this entry, as sent',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 7',
      problem:
        'a tool call with no result at the end of the branch: pi 0.73 and later send an error result of their own for it with the next request; not added',
    })
  })

  it('gives the earlier summary its finding, and finds a cut parallel tool exchange', () => {
    const { messages } = imported
    const second = messages.findIndex((m) => m.id === 'toolu_01Fb')
    const codes = cutAt(messages, second).map((f) => f.code)
    expect(codes).toContain('tool-exchange-cut')
    expect(codes).toContain('earlier-summary')
  })

  it('reads a version 1 session (no ids) in file order, its compaction by entry index', () => {
    const text = lines(
      { type: 'session', id: 's1', timestamp: '2025-11-01T08:00:00Z', cwd: '/w' },
      { type: 'message', message: { role: 'user', content: 'first' } },
      { type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'one' }] } },
      { type: 'message', message: { role: 'user', content: 'second' } },
      // Index 3 counts the header as 0: the entry `second`.
      { type: 'compaction', summary: 'Said one.', firstKeptEntryIndex: 3, tokensBefore: 900 },
      { type: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'two' }] } },
    )
    const v1 = importConversation(text)
    expect(v1.format).toBe('pi')
    expect(v1.messages).toEqual([
      { type: 'context', text: 'Said one.', meta: { compacted: true, droppedCount: 2 } },
      { type: 'user', text: 'second' },
      { type: 'bot', text: 'two' },
    ])
  })

  it("takes a version 1 header's model when no entry names one", () => {
    const text = lines(
      {
        type: 'session',
        id: 's1',
        timestamp: 't',
        cwd: '/w',
        provider: 'anthropic',
        modelId: 'claude-sonnet-4-5',
      },
      { type: 'message', message: { role: 'user', content: 'hi' } },
    )
    expect(importConversation(text).model).toBe('claude-sonnet-4-5')
  })

  it('keeps a pasted image for export and notes it as priced by its size, not as text', () => {
    // A 1×1 PNG: the signature, then IHDR with width 1 and height 1.
    const data =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC'
    const image = { type: 'image', data, mimeType: 'image/png' }
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      {
        type: 'message',
        id: 'a',
        parentId: null,
        timestamp: 't',
        message: { role: 'user', content: [{ type: 'text', text: 'what is this?' }, image] },
      },
    )
    const read = importConversation(text)
    expect(JSON.parse(read.messages[0].payload!)).toEqual({ attachments: [image] })
    expect(read.report).toContainEqual({
      severity: 'info',
      path: 'line 2: message.content[1]',
      problem: "image/png kept for export; priced by the provider's rule for media, not as text",
    })
    expect(read.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('says that entries above a missing parent are out of reach, not on another branch', () => {
    const entry = (id: string, parentId: string | null, text: string) => ({
      type: 'message',
      id,
      parentId,
      timestamp: 't',
      message: { role: 'user', content: text },
    })
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      entry('a', null, 'first'),
      // b's parent was on a line that broke; pi stops at it, and so does the import.
      entry('b', 'lost', 'second'),
    )
    const read = importConversation(text)
    expect(read.messages.map((m) => m.text)).toEqual(['second'])
    expect(read.report).toContainEqual({
      severity: 'warning',
      path: 'line 2',
      problem:
        "1 entry not reachable from the file's last entry (on other branches, or above the missing parent); pi sends neither; not loaded",
    })
  })

  it('leaves out a !! command, as pi does', () => {
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      {
        type: 'message',
        id: 'a',
        parentId: null,
        timestamp: 't',
        message: { role: 'bashExecution', command: 'ls', output: 'x', excludeFromContext: true },
      },
    )
    const read = importConversation(text)
    expect(read.messages).toEqual([])
    expect(read.report).toContainEqual({
      severity: 'info',
      path: 'line 2',
      problem: 'a !! command: pi keeps its output out of the context; not loaded',
    })
  })

  it('follows a parentId to the later of two entries with that id, not the entry before it', () => {
    const user = (id: string, parentId: string | null, content: string) => ({
      type: 'message',
      id,
      parentId,
      timestamp: 't',
      message: { role: 'user', content },
    })
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      user('a', null, 'first'),
      user('b', 'a', 'second'),
      user('a', null, 'rewritten'),
      user('c', 'b', 'last'),
    )
    // A lookup by id finds the last entry with it (line 4), as a Map of ids set in file order does.
    const read = importConversation(text)
    expect(read.messages.map((m) => m.text)).toEqual(['rewritten', 'second', 'last'])
    expect(read.report).toContainEqual(
      expect.objectContaining({ severity: 'warning', path: 'line 2' }),
    )
  })

  it('refuses a file with no pi header or entry, naming the first line', () => {
    expect(() => importConversation('{"type":"x","id":"1"}\n', 'pi')).toThrow(FormatError)
    expect(() => importConversation('{"type":"x","id":"1"}\n', 'pi')).toThrow(
      'not pi coding-agent session (JSONL): line 1: "type": "x" is not a pi entry, and no line is a pi session header or entry',
    )
  })
})

describe('pi 0.73 session in', () => {
  // testdata/formats/pi-0.73.jsonl: one branch, two compactions. The later (line 18) keeps from
  // u3 (line 11), which is before the earlier compaction (line 13): pi 0.63.1 on re-summarizes
  // from the earlier compaction's kept entry (u2), so its cut can fall before that compaction.
  const imported = importConversation(fixture('pi-0.73.jsonl'))

  it('applies the later compaction from a kept entry that lies before the earlier one', () => {
    expect(imported.format).toBe('pi')
    // As buildSessionContext: the later summary, then u3 … a5 without the earlier compaction,
    // label and model change (no message), then what follows the later compaction.
    expect(imported.messages).toEqual([
      {
        id: 'c2',
        type: 'context',
        text: 'CHANGELOG.md 2.4.0 is sorted newest first and has a 2026-05-08 entry for the dependency bump.',
        // u1, a1, r1, a2, u2, a3: six messages before u3 (the session_info, model and thinking
        // level entries are not messages).
        meta: { compacted: true, droppedCount: 6 },
      },
      { id: 'u3', type: 'user', text: 'Do the links at the bottom still resolve?' },
      { id: 'a4', type: 'bot', text: 'Yes: both compare links point at existing tags.' },
      { id: 'u4', type: 'user', text: 'Write a one-line summary of 2.4.0 for the release notes.' },
      {
        id: 'a5',
        type: 'bot',
        text: '2.4.0 adds --json output, fixes the date parser and bumps dependencies.',
      },
      { id: 'u5', type: 'user', text: 'Thanks. Commit it.' },
      { id: 'a6', type: 'bot', text: 'Committed as "docs: tidy 2.4.0 changelog".' },
    ])
    expect(imported.model).toBe('gpt-5.5')
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 2–10',
      problem:
        "9 entries before the compaction's first kept entry; replaced by its summary, not loaded",
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 13',
      problem: 'an earlier compaction, superseded by the later one; not loaded',
    })
  })

  it("notes a reply's responseModel and diagnostics as never sent, with no warning", () => {
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 12: message.responseModel',
      problem: 'the model the provider says served the reply (when it names another); not sent',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 17: message.diagnostics',
      problem: "pi's record of transport failures on the way to the reply; not sent",
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('says that a session_info with an empty name clears the title', () => {
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 19',
      problem: "clears the session's display name; not part of the conversation",
    })
  })

  it('takes the model asked for, not the one the provider says served it', () => {
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      { type: 'message', id: 'a', parentId: null, message: { role: 'user', content: 'hi' } },
      {
        type: 'message',
        id: 'b',
        parentId: 'a',
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'hello' }],
          api: 'openai-completions',
          provider: 'openrouter',
          model: 'openrouter/auto',
          responseModel: 'anthropic/claude-sonnet-4.5',
        },
      },
    )
    expect(importConversation(text).model).toBe('openrouter/auto')
  })

  it("takes no model from OpenClaw's delivery mirror, a copy of a delivered message", () => {
    // OpenClaw (which runs pi) appends what it delivers to a channel as a reply of provider
    // "openclaw", model "delivery-mirror", with zero usage (isDeliveryMirrorAssistantMessage).
    const reply = (id: string, parentId: string, provider: string, model: string) => ({
      type: 'message',
      id,
      parentId,
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'Sent to the channel.' }],
        api: 'openai-responses',
        provider,
        model,
        usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
      },
    })
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      { type: 'message', id: 'a', parentId: null, message: { role: 'user', content: 'hi' } },
      reply('b', 'a', 'bailian', 'qwen3.5-plus'),
      reply('c', 'b', 'openclaw', 'delivery-mirror'),
    )
    const imported = importConversation(text)
    expect(imported.model).toBe('qwen3.5-plus')
    expect(imported.messages.map((m) => m.id)).toEqual(['a', 'b', 'c'])
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 4: message.model' }),
    )
  })

  it("takes no model or wire from a notice OpenClaw's gateway wrote as a reply", () => {
    // OpenClaw's gateway appends notices (a run that failed before any reply, say) as replies of
    // provider "openclaw", model "gateway-injected", api openai-responses, zero usage
    // (chat-transcript-inject.ts appendInjectedAssistantMessageToTranscript).
    const reply = (id: string, parentId: string, api: string, provider: string, model: string) => ({
      type: 'message',
      id,
      parentId,
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'The run failed before a reply.' }],
        api,
        provider,
        model,
        usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
      },
    })
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
      { type: 'message', id: 'a', parentId: null, message: { role: 'user', content: 'hi' } },
      reply('b', 'a', 'openai-completions', 'qwen-portal', 'coder-model'),
      reply('c', 'b', 'openai-responses', 'openclaw', 'gateway-injected'),
    )
    const imported = importConversation(text)
    expect(imported.model).toBe('coder-model')
    expect(imported.wire).toBe('openai-chat')
    expect(imported.messages.map((m) => m.id)).toEqual(['a', 'b', 'c'])
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 4: message.model' }),
    )
  })
})

describe("pi session's wire, read from its latest reply's api", () => {
  // pi records the API each reply came over (AssistantMessage.api, pi-ai types.ts KnownApi); the
  // conversation is priced on that API's wire.
  const head = { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' }
  const user = {
    type: 'message',
    id: 'a',
    parentId: null,
    message: { role: 'user', content: 'hi' },
  }
  const reply = (id: string, parentId: string, api: string, provider: string, model: string) => ({
    type: 'message',
    id,
    parentId,
    message: {
      role: 'assistant',
      content: [{ type: 'text', text: 'Done.' }],
      api,
      provider,
      model,
      usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12 },
    },
  })

  it("prices a reply over anthropic-messages on Anthropic's wire", () => {
    const text = lines(head, user, reply('b', 'a', 'anthropic-messages', 'minimax', 'MiniMax-M2.1'))
    expect(importConversation(text).wire).toBe('anthropic')
  })

  it('prices a reply over openai-responses or openai-codex-responses on the Responses wire', () => {
    // pi.jsonl's last reply: api openai-responses; pi-0.73.jsonl's: api openai-codex-responses.
    expect(importConversation(fixture('pi.jsonl')).wire).toBe('openai-responses')
    expect(importConversation(fixture('pi-0.73.jsonl')).wire).toBe('openai-responses')
  })

  it('takes the wire from the latest reply, an earlier one over another API aside', () => {
    const text = lines(
      head,
      user,
      reply('b', 'a', 'anthropic-messages', 'anthropic', 'claude-sonnet-4-5'),
      reply('c', 'b', 'google-generative-ai', 'google', 'gemini-2.5-pro'),
    )
    expect(importConversation(text).wire).toBe('gemini')
  })

  it("takes no wire from OpenClaw's delivery mirror, as it takes no model from it", () => {
    // The mirror records OpenClaw's own api (openai-responses); the model's reply came before it.
    const text = lines(
      head,
      user,
      reply('b', 'a', 'anthropic-messages', 'minimax', 'MiniMax-M2.1'),
      reply('c', 'b', 'openai-responses', 'openclaw', 'delivery-mirror'),
    )
    const imported = importConversation(text)
    expect(imported.model).toBe('MiniMax-M2.1')
    expect(imported.wire).toBe('anthropic')
  })
})

describe('pi 1.x session in', () => {
  // pi-coding-agent 1.6.0 (dist/core/session-manager.js buildSessionProjection, projectContextEntry,
  // buildContextEntries) and pi-ai 1.6.0 (dist/utils/transcript.js collapseSystemMessages,
  // getCurrentSystemMessage; dist/utils/text.js getSystemMessageText).
  const head = { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' }
  const read = { name: 'read', description: 'Read a file', parameters: { type: 'object' } }
  const write = { name: 'write', description: 'Write a file', parameters: { type: 'object' } }
  const entry = (id: string, parentId: string | null, message: object) => ({
    type: 'message',
    id,
    parentId,
    message,
  })
  const bot = (text: string) => ({
    role: 'assistant',
    content: [{ type: 'text', text }],
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    stopReason: 'stop',
  })

  // pi-ai 1.6.0 AssistantMessage and pi-coding-agent 1.6.0 UsageEntry (dist/types.d.ts,
  // dist/core/session-manager.d.ts): fields and an entry pi never sends.
  it("notes a reply's 1.x fields and a usage entry as never sent, with no warning", () => {
    const text = lines(
      head,
      entry('a', null, { role: 'user', content: 'hi' }),
      entry('b', 'a', {
        ...bot('hello'),
        rawStopReason: 'end_turn',
        endTurn: true,
        thinkingLevel: 'medium',
        providerThinkingLevel: 'medium',
        durationMs: 812,
      }),
      {
        type: 'usage',
        id: 'g',
        parentId: 'b',
        kind: 'cache_warm',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage: { input: 1, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 1 },
      },
      entry('c', 'g', { role: 'user', content: 'again' }),
    )
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.type)).toEqual(['user', 'bot', 'user'])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    for (const key of ['rawStopReason', 'endTurn', 'thinkingLevel', 'durationMs'])
      expect(imported.report).toContainEqual(
        expect.objectContaining({ severity: 'info', path: `line 3: message.${key}` }),
      )
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 4' }),
    )
  })

  it('reads the system messages into one leading prompt and tool list, as pi collapses them', () => {
    const text = lines(
      head,
      entry('s1', null, {
        role: 'system',
        content: 'You are pi.',
        sections: { tools: '<tools>read</tools>', rules: '<rules>Be brief.</rules>' },
        toolsAdded: [read],
        timestamp: 1,
      }),
      entry('u1', 's1', { role: 'user', content: 'first' }),
      entry('b1', 'u1', bot('ok')),
      entry('s2', 'b1', {
        role: 'system',
        content: '',
        sections: { tools: '<tools>read, write</tools>', rules: null },
        toolsAdded: [write],
        timestamp: 2,
      }),
      entry('u2', 's2', { role: 'user', content: 'second' }),
    )
    const imported = importConversation(text)
    // The base content, then each live section in the order first declared; a null removes one.
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'You are pi.\n\n<tools>read, write</tools>' },
      { type: 'instructions', text: '', payload: JSON.stringify({ tools: [read, write] }) },
      { id: 'u1', type: 'user', text: 'first' },
      { id: 'b1', type: 'bot', text: 'ok' },
      { id: 'u2', type: 'user', text: 'second' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it("takes the compaction's system message, not those it replaced", () => {
    const text = lines(
      head,
      entry('s1', null, { role: 'system', content: 'Old prompt.', timestamp: 1 }),
      entry('u1', 's1', { role: 'user', content: 'first' }),
      entry('b1', 'u1', bot('ok')),
      {
        type: 'compaction',
        id: 'c',
        parentId: 'b1',
        summary: 'They said hello.',
        firstKeptEntryId: 'b1',
        tokensBefore: 40,
        systemMessage: { role: 'system', content: 'New prompt.', toolsAdded: [read], timestamp: 3 },
      },
      entry('u2', 'c', { role: 'user', content: 'again' }),
    )
    expect(importConversation(text).messages).toEqual([
      { type: 'instructions', text: 'New prompt.' },
      { type: 'instructions', text: '', payload: JSON.stringify({ tools: [read] }) },
      // The summary replaced one message, the first prompt: the old prompt is not a message.
      {
        id: 'c',
        type: 'context',
        text: 'They said hello.',
        meta: { compacted: true, droppedCount: 1 },
      },
      { id: 'b1', type: 'bot', text: 'ok' },
      { id: 'u2', type: 'user', text: 'again' },
    ])
  })

  it('reads what it can of a system message, and warns at a field of the wrong kind', () => {
    const text = lines(
      head,
      entry('s1', null, {
        role: 'system',
        content: 'You are pi.',
        toolsAdded: 'read',
        timestamp: 1,
      }),
      entry('u1', 's1', { role: 'user', content: 'first' }),
    )
    const imported = importConversation(text)
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'You are pi.' },
      { id: 'u1', type: 'user', text: 'first' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        path: 'line 2: message.toolsAdded',
        problem: 'a string, not a list; not loaded',
      },
    ])
  })

  it('applies a context edit: a null replacement leaves its target out, a content replaces it', () => {
    const text = lines(
      head,
      entry('u1', null, { role: 'user', content: 'first' }),
      entry('b1', 'u1', {
        ...bot(''),
        content: [{ type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'a' } }],
        stopReason: 'toolUse',
      }),
      entry('r1', 'b1', {
        role: 'toolResult',
        toolCallId: 'c1',
        toolName: 'read',
        content: [{ type: 'text', text: 'a long file body' }],
        isError: false,
      }),
      {
        type: 'context_edit',
        id: 'e1',
        parentId: 'r1',
        targetId: 'r1',
        replacement: { content: '[trimmed]' },
      },
      entry('u2', 'e1', { role: 'user', content: 'second' }),
      { type: 'context_edit', id: 'e2', parentId: 'u2', targetId: 'u1', replacement: null },
    )
    const imported = importConversation(text)
    expect(imported.messages.map((m) => [m.id, m.type, m.text, m.payload])).toEqual([
      ['b1', 'bot', '', '{"tool_calls":[{"id":"c1","name":"read","arguments":{"path":"a"}}]}'],
      ['c1', 'activity', '', '[trimmed]'],
      ['u2', 'user', 'second', undefined],
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })
})

describe('pi thinking blocks, read by the API that wrote them', () => {
  // pi-ai 0.73.1 (providers/openai-completions.js, openai-responses-shared.js): thinkingSignature
  // is the name of the delta field the reasoning streamed in for openai-completions, and the whole
  // Responses reasoning item, as JSON, for the Responses APIs.
  const reply = (id: string, parentId: string, api: string, thinkingSignature: string) => ({
    type: 'message',
    id,
    parentId,
    message: {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Check the date first.', thinkingSignature },
        { type: 'text', text: 'It is Tuesday.' },
      ],
      api,
      model: 'm',
    },
  })
  const session = (api: string, thinkingSignature: string) =>
    importConversation(
      lines(
        { type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/w' },
        { type: 'message', id: 'u', parentId: null, message: { role: 'user', content: 'Day?' } },
        reply('a', 'u', api, thinkingSignature),
      ),
    )

  it('keeps no signature for openai-completions, whose thinkingSignature names a field', () => {
    const { messages, report } = session('openai-completions', 'reasoning_content')
    expect(messages[1]).toEqual({ type: 'reasoning', text: 'Check the date first.' })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 3: message.content[0].thinkingSignature',
      problem:
        'the name of the field pi sends this thinking back in (reasoning_content, reasoning or reasoning_text), not a signature; not counted',
    })
  })

  it('keeps the encrypted content of a Responses reasoning item, not the item as a signature', () => {
    const item = {
      type: 'reasoning',
      id: 'rs_01',
      summary: [{ type: 'summary_text', text: 'Check the date first.' }],
      encrypted_content: 'gAAAAABo3x9k',
    }
    for (const api of ['openai-responses', 'openai-codex-responses', 'azure-openai-responses']) {
      const { messages } = session(api, JSON.stringify(item))
      expect(messages[1]).toEqual({
        type: 'reasoning',
        text: 'Check the date first.',
        payload: '{"encrypted_content":"gAAAAABo3x9k"}',
      })
    }
    const { encrypted_content, ...plain } = item
    void encrypted_content
    expect(session('openai-responses', JSON.stringify(plain)).messages[1]).toEqual({
      type: 'reasoning',
      text: 'Check the date first.',
    })
  })

  it("keeps Anthropic's signature as a signature", () => {
    expect(session('anthropic-messages', 'EqQBCkgIBxACGAIqQ').messages[1]).toEqual({
      type: 'reasoning',
      text: 'Check the date first.',
      payload: '{"signature":"EqQBCkgIBxACGAIqQ"}',
    })
  })
})
