import { describe, expect, it } from 'vitest'
import {
  countEachMessage,
  exportConversation,
  importConversation,
  type ExportFormatId,
  type Message,
} from '../../src/index'
import { decodePayload, encodePayload } from '../../src/formats/payload'
import { fixture } from './formats-fixtures'

/** import → export → import, with the model carried across as the export's model. */
function trip(name: string, to: ExportFormatId) {
  const first = importConversation(fixture(name))
  const text = exportConversation(first.messages, to, { model: first.model })
  const second = importConversation(text)
  return { first, second }
}

const counts = (model: string | undefined, messages: Message[]) =>
  countEachMessage(model ?? '', messages)

describe('round trips keep the messages and their token counts', () => {
  it.each([
    ['native.json', 'native'],
    ['openai-chat.json', 'openai'],
    ['anthropic.json', 'anthropic'],
  ] as const)('%s → %s → back is exact', (name, to) => {
    const { first, second } = trip(name, to)
    expect(second.format).toBe(to)
    expect(second.model).toBe(first.model)
    expect(second.messages).toEqual(first.messages)
    expect(counts(second.model, second.messages)).toEqual(counts(first.model, first.messages))
  })

  it.each([
    'openai-responses.json',
    'claude-code.jsonl',
    'openai-chat.json',
    'anthropic.json',
  ] as const)('%s → native → back is exact, ids and all', (name) => {
    const { first, second } = trip(name, 'native')
    expect(second.messages).toEqual(first.messages)
    expect(second.model).toBe(first.model)
  })

  it('OpenAI Responses → Chat Completions keeps every message but reasoning; ids only on tool results', () => {
    const { first, second } = trip('openai-responses.json', 'openai')
    // Chat Completions has no reasoning and no message ids, and it nests function tools.
    const expected = first.messages
      .filter((m) => m.type !== 'reasoning')
      .map(({ id, ...m }) => (m.type === 'activity' ? { id, ...m } : m))
    expected[0] = {
      type: 'instructions',
      text: '',
      payload: JSON.stringify({
        tools: [
          {
            type: 'function',
            function: {
              name: 'lookup_invoice',
              description: 'Fetch an invoice by its number.',
              parameters: {
                type: 'object',
                properties: { number: { type: 'string' } },
                required: ['number'],
              },
              strict: true,
            },
          },
          {
            type: 'function',
            function: {
              name: 'lookup_customer',
              description: "Fetch a customer's tariff.",
              parameters: {
                type: 'object',
                properties: { id: { type: 'string' } },
                required: ['id'],
              },
              strict: true,
            },
          },
        ],
      }),
    }
    expect(second.messages).toEqual(expected)
    // Every conversational message costs what it did.
    expect(counts(second.model, second.messages).slice(1)).toEqual(
      counts(
        first.model,
        first.messages.filter((m) => m.type !== 'reasoning'),
      ).slice(1),
    )
  })

  it('Claude Code → Anthropic keeps thinking and tool calls; context becomes user, uuids go', () => {
    const { first, second } = trip('claude-code.jsonl', 'anthropic')
    // The reply's reported output on its thinking is the log's report, which no request carries:
    // the export leaves it out, and the thinking goes back with its text and its signature.
    const sent = first.messages.map((m) => {
      const parts = decodePayload(m.payload)
      if (parts?.output_tokens === undefined) return m
      const { output_tokens: _, ...rest } = parts
      return { ...m, payload: encodePayload(rest) }
    })
    expect(sent).not.toEqual(first.messages)
    const expected = sent.map(({ id, ...m }) => ({
      ...(m.type === 'activity' ? { id } : {}),
      ...m,
      type: m.type === 'context' ? 'user' : m.type,
    }))
    expect(second.messages).toEqual(expected)
    expect(counts(second.model, second.messages)).toEqual(counts(first.model, sent))
  })
})
