import { describe, expect, it } from 'vitest'
import { importConversation } from '../../src/index'
import { fixture } from './formats-fixtures'

const lines = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join('\n') + '\n'

describe('Claude Code: message.usage, once per API message', () => {
  const imported = importConversation(fixture('claude-code-usage.jsonl'), 'claude-code')

  it('reports each API message once, with the prompt that preceded it', () => {
    const usage = imported.usage!
    // Nine tool rounds, two plain replies after a user turn, and the closing reply: 12 messages.
    expect(usage).toHaveLength(12)
    // Line 1 is the prompt; lines 2–4 are the first API message (thinking, text, tool_use),
    // reported once, and its prompt held only the user's message.
    expect(usage[0]).toEqual({
      prompt: 1,
      inputTokens: 3 + 15230 + 0,
      outputTokens: 172,
      at: 'line 2',
      model: 'claude-sonnet-4-5-20250929',
    })
    // Line 5 is the tool result; line 6 starts the second API message, after four messages.
    expect(usage[1]).toMatchObject({ prompt: 4, inputTokens: 3 + 400 + 15382, at: 'line 6' })
    // The last line is the closing reply, after all 32 messages before it.
    expect(usage[11]).toMatchObject({ prompt: 32, inputTokens: 3 + 400 + 23556, at: 'line 42' })
    expect(imported.messages).toHaveLength(33)
  })

  const ev = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) => ({
    parentUuid,
    isSidechain: false,
    sessionId: 's',
    uuid,
    ...extra,
  })
  // Ids in the form Anthropic's API gives its replies (msg_…), as Claude Code records them.
  const reply = (id: string, text: string, usage: unknown) => ({
    type: 'assistant',
    message: {
      id: `msg_${id}`,
      role: 'assistant',
      model: 'claude-opus-4-7',
      content: [{ type: 'text', text }],
      usage,
    },
  })

  it('keeps the highest output count of a split message, and skips a sidechain’s usage', () => {
    const text = lines(
      ev('a', null, { type: 'user', message: { role: 'user', content: 'hi' } }),
      ev('b', 'a', reply('m1', 'one', { input_tokens: 900, output_tokens: 1 })),
      ev('c', 'b', reply('m1', 'two', { input_tokens: 900, output_tokens: 40 })),
      {
        ...ev('d', 'c', reply('m9', 'side', { input_tokens: 5, output_tokens: 5 })),
        isSidechain: true,
      },
      ev('e', 'c', { type: 'user', message: { role: 'user', content: 'more' } }),
      ev('f', 'e', reply('m2', 'three', { input_tokens: 7, cache_read_input_tokens: 950 })),
    )
    const usage = importConversation(text, 'claude-code').usage
    expect(usage).toEqual([
      { prompt: 1, inputTokens: 900, outputTokens: 40, at: 'line 2', model: 'claude-opus-4-7' },
      { prompt: 3, inputTokens: 957, at: 'line 6', model: 'claude-opus-4-7' },
    ])
  })

  it('reads no report from a reply Claude Code made itself, and says why', () => {
    // Claude Code's own replies ("No response requested.", an interruption) name the model
    // <synthetic> and carry its empty default usage: no model served them (utils/messages.ts).
    const synthetic = reply('m2', 'No response requested.', {
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
    })
    synthetic.message.model = '<synthetic>'
    const text = lines(
      ev('a', null, { type: 'user', message: { role: 'user', content: 'hi' } }),
      ev('b', 'a', reply('m1', 'one', { input_tokens: 900, output_tokens: 1 })),
      ev('c', 'b', synthetic),
      ev('d', 'c', { type: 'user', message: { role: 'user', content: 'more' } }),
      ev('e', 'd', reply('m3', 'two', { input_tokens: 930, output_tokens: 3 })),
    )
    const imported = importConversation(text, 'claude-code')
    expect(imported.usage?.map((u) => u.at)).toEqual(['line 2', 'line 5'])
    const notes = imported.report.filter((n) => n.problem.includes('model <synthetic>'))
    expect(notes.map((n) => [n.path, n.severity])).toEqual([['line 3: message.usage', 'info']])
  })

  it('has no usage when no line reports it', () => {
    const text = lines(
      ev('a', null, { type: 'user', message: { role: 'user', content: 'hi' } }),
      ev('b', 'a', reply('m1', 'one', undefined)),
    )
    expect(importConversation(text, 'claude-code').usage).toBeUndefined()
  })
})

describe('Codex: token_count events', () => {
  const t = '2026-02-23T11:40:00.000Z'
  const line = (type: string, payload: unknown) => ({ timestamp: t, type, payload })
  const msg = (role: string, text: string) =>
    line('response_item', {
      type: 'message',
      role,
      content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }],
    })
  const usage = (input: number) => ({
    input_tokens: input,
    cached_input_tokens: 0,
    output_tokens: 10,
    reasoning_output_tokens: 0,
    total_tokens: input + 10,
  })
  const tokenCount = (last: number, total: number) =>
    line('event_msg', {
      type: 'token_count',
      info: {
        total_token_usage: usage(total),
        last_token_usage: usage(last),
        model_context_window: 258400,
      },
      rate_limits: null,
    })

  // A session's head, a prompt, and a reply that calls a tool: the lines every test here shares.
  const head = [
    line('session_meta', { id: 's', timestamp: t, base_instructions: { text: 'You are Codex.' } }),
    line('turn_context', { model: 'gpt-5.1-codex' }),
    msg('user', 'list the files'),
  ]
  const reply = [
    line('response_item', { type: 'reasoning', summary: [{ type: 'summary_text', text: 'ls' }] }),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' }),
  ]
  const output = line('response_item', {
    type: 'function_call_output',
    call_id: 'c1',
    output: 'a.ts',
  })

  it('reads info.last_token_usage once per request, the prompt before the reply’s items', () => {
    const text = lines(
      ...head,
      line('event_msg', { type: 'token_count', info: null, rate_limits: null }),
      ...reply,
      tokenCount(17102, 17102),
      output,
      // The same figures again after the tool's output: the same request, not a new one.
      tokenCount(17102, 17102),
      msg('assistant', 'One file: a.ts.'),
      tokenCount(18084, 35186),
    )
    const imported = importConversation(text, 'codex')
    // instructions, user, reasoning, bot (the call), activity (its output), bot.
    expect(imported.messages.map((m) => m.type)).toEqual([
      'instructions',
      'user',
      'reasoning',
      'bot',
      'activity',
      'bot',
    ])
    expect(imported.usage).toEqual([
      { prompt: 2, inputTokens: 17102, outputTokens: 10, at: 'line 7', model: 'gpt-5.1-codex' },
      { prompt: 5, inputTokens: 18084, outputTokens: 10, at: 'line 11', model: 'gpt-5.1-codex' },
    ])
  })

  it('takes a report written after its calls’ outputs as the reply’s (Codex 0.14x and later)', () => {
    // Current Codex records the outputs of a reply's calls, then writes its token_count
    // (codex-rs/core/src/session/turn.rs: drain_in_flight, then send_token_count_event): the
    // request was the messages before the reasoning, not those and the reply and its outputs.
    const text = lines(
      ...head,
      ...reply,
      output,
      tokenCount(17102, 17102),
      msg('assistant', 'One file: a.ts.'),
      tokenCount(18084, 35186),
    )
    const imported = importConversation(text, 'codex')
    // instructions, user, reasoning, bot (the call), activity (its output), bot.
    expect(imported.usage?.map((u) => [u.prompt, u.at])).toEqual([
      [2, 'line 7'],
      [5, 'line 9'],
    ])
  })

  it('reads the legacy event’s own fields, and drops reports from before a compaction', () => {
    const legacy = (input: number) =>
      line('event_msg', { type: 'token_count', input_tokens: input, output_tokens: 3 })
    const text = lines(
      line('session_meta', {
        id: 's',
        timestamp: t,
        base_instructions: { text: 'You are Codex.' },
      }),
      msg('user', 'first'),
      msg('assistant', 'ok'),
      legacy(900),
      line('compacted', { message: 'The user said first.' }),
      msg('user', 'second'),
      msg('assistant', 'ok again'),
      legacy(400),
    )
    const imported = importConversation(text, 'codex')
    // instructions, the kept user prompt, the summary, the new prompt, the reply.
    expect(imported.messages.map((m) => m.type)).toEqual([
      'instructions',
      'user',
      'context',
      'user',
      'bot',
    ])
    expect(imported.usage).toEqual([{ prompt: 4, inputTokens: 400, outputTokens: 3, at: 'line 8' }])
  })
})

describe('Gemini CLI: a reply’s tokens', () => {
  it('reads tokens.input (cached is a part of it) with the messages before the reply', () => {
    const tokens = (input: number, cached: number) => ({
      input,
      output: 20,
      cached,
      thoughts: 5,
      tool: 0,
      total: input + 25,
    })
    const session = {
      sessionId: 's',
      projectHash: 'p',
      startTime: '2025-10-18T14:57:28.974Z',
      lastUpdated: '2025-10-18T14:58:00.000Z',
      messages: [
        { id: 'u1', timestamp: '2025-10-18T14:57:28.974Z', type: 'user', content: 'Hi' },
        {
          id: 'g1',
          timestamp: '2025-10-18T14:57:31.684Z',
          type: 'gemini',
          content: 'Hello.',
          model: 'gemini-2.5-pro',
          tokens: tokens(8396, 0),
        },
        { id: 'u2', timestamp: '2025-10-18T14:57:40.000Z', type: 'user', content: 'More?' },
        {
          id: 'g2',
          timestamp: '2025-10-18T14:57:45.000Z',
          type: 'gemini',
          content: 'Yes.',
          model: 'gemini-2.5-pro',
          tokens: tokens(8420, 8000),
        },
        // A reply with no tokens reports nothing.
        { id: 'g3', timestamp: '2025-10-18T14:57:50.000Z', type: 'gemini', content: 'And.' },
        // Nor one whose response carried no counts, which Gemini CLI writes as zeros
        // (chatRecordingService recordMessageTokens: `promptTokenCount ?? 0`).
        {
          id: 'g4',
          timestamp: '2025-10-18T14:57:55.000Z',
          type: 'gemini',
          content: '',
          model: 'gemini-2.5-pro',
          toolCalls: [{ id: 'c1', name: 'codebase_investigator', args: {}, result: 'Done.' }],
          tokens: { input: 0, output: 0, cached: 0, thoughts: 0, tool: 0, total: 0 },
        },
      ],
    }
    const imported = importConversation(JSON.stringify(session), 'gemini-cli')
    const zero = imported.report.filter((n) => n.path === 'messages[5].tokens.input')
    expect(zero.map((n) => [n.severity, n.problem])).toEqual([
      [
        'info',
        'a prompt of 0 tokens: Gemini CLI writes 0 where the response carried no prompt size, so this is not a report of a request, and the usage view leaves it out',
      ],
    ])
    expect(imported.usage).toEqual([
      {
        prompt: 1,
        inputTokens: 8396,
        outputTokens: 20,
        at: 'messages[1].tokens',
        model: 'gemini-2.5-pro',
      },
      {
        // u1, g1's thinking (its 5 reported thoughts tokens, no thought recorded), g1, u2.
        prompt: 4,
        inputTokens: 8420,
        outputTokens: 20,
        at: 'messages[3].tokens',
        model: 'gemini-2.5-pro',
      },
    ])
  })
})

describe('pi: an assistant message’s usage', () => {
  const entry = (id: string, parentId: string | null, message: unknown) => ({
    type: 'message',
    id,
    parentId,
    timestamp: '2026-02-10T10:00:00.000Z',
    message,
  })
  const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }], timestamp: 1 })
  const assistant = (text: string, usage: unknown) => ({
    role: 'assistant',
    content: [{ type: 'text', text }],
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    usage,
    stopReason: 'stop',
    timestamp: 2,
  })
  const usage = (input: number, cacheRead: number, cacheWrite: number) => ({
    input,
    output: 12,
    cacheRead,
    cacheWrite,
    totalTokens: input + cacheRead + cacheWrite + 12,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  })

  it('sums input, cacheRead and cacheWrite; a failed reply’s zeros are no report', () => {
    const text = lines(
      { type: 'session', version: 3, id: 's', timestamp: '2026-02-10T10:00:00.000Z', cwd: '/w' },
      entry('e1', null, user('hello')),
      entry('e2', 'e1', assistant('hi', usage(3, 0, 1684))),
      entry('e3', 'e2', user('again')),
      entry('e4', 'e3', { ...assistant('', usage(0, 0, 0)), stopReason: 'error' }),
      entry('e5', 'e4', user('once more')),
      entry('e6', 'e5', assistant('there', usage(5, 1684, 40))),
    )
    expect(importConversation(text, 'pi').usage).toEqual([
      { prompt: 1, inputTokens: 1687, outputTokens: 12, at: 'line 3', model: 'claude-sonnet-4-5' },
      { prompt: 5, inputTokens: 1729, outputTokens: 12, at: 'line 7', model: 'claude-sonnet-4-5' },
    ])
  })
})

describe('API traffic, stored Responses and Cline: the reported prompt', () => {
  it('claude-trace: each main-thread response reports its request, cache parts summed', () => {
    const imported = importConversation(fixture('api-traffic.jsonl'), 'api-traffic')
    // Line 1 is a quota check and line 3 a title request (other models): not the thread. Line 2
    // is the thread's first request: its system prompt (three instructions) and the user's
    // question; its message_start reports 4012 + 3900 + 0, message_delta 96 output tokens.
    expect(imported.usage).toHaveLength(2)
    expect(imported.usage![0]).toEqual({
      prompt: 4,
      inputTokens: 4012 + 3900 + 0,
      outputTokens: 96,
      at: 'line 2: response.body_raw (usage)',
      model: 'claude-sonnet-4-20250514',
    })
    expect(imported.messages.slice(0, 4).map((m) => m.type)).toEqual([
      'instructions',
      'instructions',
      'instructions',
      'user',
    ])
    // The loaded request (line 5): input_tokens 12, cache_creation 410, cache_read 3900.
    const u = imported.usage![1]
    expect(u).toMatchObject({ inputTokens: 12 + 410 + 3900, outputTokens: 58 })
    expect(u.at).toBe('line 5: response.body_raw (usage)')
    // Its prompt is the request's messages; what follows is the response's reply.
    const reply = imported.messages.slice(u.prompt)
    expect(reply.length).toBeGreaterThan(0)
    expect(reply.every((m) => m.type === 'bot' || m.type === 'reasoning')).toBe(true)
    expect(imported.messages[u.prompt - 1].type).not.toBe('bot')
  })

  it('claude-trace: a request that does not begin the loaded conversation reports nothing', () => {
    const lines = fixture('api-traffic.jsonl').split('\n')
    const second = JSON.parse(lines[1])
    second.request.body.messages[0].content[0].text = 'Something else entirely.'
    lines[1] = JSON.stringify(second)
    const imported = importConversation(lines.join('\n'), 'api-traffic')
    expect(imported.usage!.map((u) => u.at)).toEqual(['line 5: response.body_raw (usage)'])
  })

  it('OpenAI traffic: usage.prompt_tokens', () => {
    const imported = importConversation(fixture('api-traffic-openai.jsonl'), 'api-traffic')
    expect(imported.usage).toEqual([
      expect.objectContaining({
        inputTokens: 120,
        outputTokens: 11,
        at: 'line 1: response.body.usage',
      }),
    ])
  })

  it('a stored Responses response: usage.input_tokens, before its output', () => {
    const imported = importConversation(
      fixture('openai-responses-response.json'),
      'openai-responses',
    )
    const [u] = imported.usage!
    expect(u).toMatchObject({ inputTokens: 81, outputTokens: 35, at: 'usage' })
    expect(imported.messages.slice(0, u.prompt).every((m) => m.type === 'instructions')).toBe(true)
  })

  it('Cline: an assistant message’s metrics.tokens, the cached part added for Anthropic', () => {
    const imported = importConversation(fixture('cline.json'), 'cline')
    // The task's provider is anthropic, whose stored prompt leaves the cache out: 1110 + 4100
    // cached, then 10 + 5892 cached.
    expect(imported.usage).toEqual([
      expect.objectContaining({ prompt: 2, inputTokens: 5210, at: '[1].metrics.tokens' }),
      expect.objectContaining({ prompt: 8, inputTokens: 5902, at: '[3].metrics.tokens' }),
    ])
    // The first reply starts after the task and its environment details.
    expect(imported.messages.slice(0, 2).map((m) => m.type)).toEqual(['user', 'context'])
  })
})
