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
  const reply = (id: string, text: string, usage: unknown) => ({
    type: 'assistant',
    message: {
      id,
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

  it('has no usage when no line reports it', () => {
    const text = lines(
      ev('a', null, { type: 'user', message: { role: 'user', content: 'hi' } }),
      ev('b', 'a', reply('m1', 'one', undefined)),
    )
    expect(importConversation(text, 'claude-code').usage).toBeUndefined()
  })
})
