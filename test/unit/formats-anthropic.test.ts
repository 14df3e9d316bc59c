import { describe, expect, it } from 'vitest'
import { countEachMessage, importConversation, type Message } from '../../src/index'
import { fixture, fixtureJson, tiktokenCost } from './formats-fixtures'

const IMAGE_DATA =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

describe('Anthropic Messages in', () => {
  const file = fixture('anthropic.json')

  it('maps system blocks, thinking, parallel tool use, tool results and an image', () => {
    const imported = importConversation(file, 'anthropic')
    const tools = JSON.stringify({ tools: fixtureJson('anthropic.json').tools })
    const expected: Message[] = [
      { type: 'instructions', text: '', payload: tools },
      {
        type: 'instructions',
        text: 'You are a careful coding agent working in the repository at /srv/shop.',
      },
      { type: 'instructions', text: 'Always run the tests before you say a change is done.' },
      {
        type: 'user',
        text: 'The price formatter prints “1.234,5 €” for German users; it should print “1.234,50 €”. Can you fix it?',
      },
      {
        type: 'reasoning',
        text: 'A decimal is dropped. I should read the formatter and its test first.',
        payload: '{"signature":"EqQBCkYIBxgCKkDm1Yc2sig"}',
      },
      {
        type: 'bot',
        text: 'Let me look at the formatter and its test.',
        payload:
          '{"tool_calls":[{"id":"toolu_01A","name":"read_file","arguments":{"path":"src/price.ts"}},' +
          '{"id":"toolu_01B","name":"read_file","arguments":{"path":"test/price.test.ts"}}]}',
      },
      {
        id: 'toolu_01A',
        type: 'activity',
        text: '',
        payload: "export const formatPrice = (n: number) => n.toLocaleString('de-DE') + ' €'",
      },
      {
        id: 'toolu_01B',
        type: 'activity',
        text: '',
        payload: "expect(formatPrice(1234.5)).toBe('1.234,50 €')",
      },
      {
        type: 'reasoning',
        text: '',
        payload: '{"data":"EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"}',
      },
      {
        type: 'bot',
        text: 'It needs minimumFractionDigits: 2. First, the failing test:',
        payload:
          '{"tool_calls":[{"id":"toolu_01C","name":"run_tests","arguments":{"pattern":"price"}}]}',
      },
      {
        id: 'toolu_01C',
        type: 'activity',
        text: '',
        payload:
          '{"content":"FAIL test/price.test.ts\\n  ✕ formats German prices (3 ms)","is_error":true}',
      },
      {
        type: 'user',
        text: 'Here is the receipt from the Zürich café: it shows 12,5 € too. 😬',
        payload: `{"attachments":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${IMAGE_DATA}"}}]}`,
      },
      {
        type: 'bot',
        text: 'Fixed: formatPrice now passes minimumFractionDigits: 2, so 12,5 € prints as 12,50 €. 🎉',
      },
    ]
    expect(imported.messages).toEqual(expected)
    expect(imported.model).toBe('claude-sonnet-4-5')
  })

  it('counts redacted thinking by its data, and an image by its JSON', () => {
    const { messages, model } = importConversation(file)
    const counts = countEachMessage(model ?? '', messages)
    expect(counts[8]).toBe(
      tiktokenCost(
        '',
        '{"data":"EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"}',
      ),
    )
    expect(counts[11]).toBe(tiktokenCost(messages[11].text, messages[11].payload))
    expect(counts[11]).toBeGreaterThan(tiktokenCost(messages[11].text) + 50)
  })

  it('reports caching hints, request settings, redacted thinking and the image by path', () => {
    const { report } = importConversation(file)
    expect(report).toEqual([
      {
        severity: 'info',
        path: 'system[1].cache_control',
        problem: 'prompt-caching hint; not part of the conversation',
      },
      {
        severity: 'info',
        path: 'max_tokens',
        problem: 'request setting; not part of the conversation',
      },
      {
        severity: 'info',
        path: 'messages[2].content[1].cache_control',
        problem: 'prompt-caching hint; not part of the conversation',
      },
      {
        severity: 'info',
        path: 'messages[3].content[0]',
        problem: 'redacted thinking: its encrypted data is the payload, and is counted',
      },
      {
        severity: 'info',
        path: 'messages[5].content[0]',
        problem: "image/png kept for export; priced by the provider's rule for media, not as text",
      },
    ])
  })

  it('collapses forty caching hints into one note with a count', () => {
    const messages = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: [{ type: 'text', text: `turn ${i}`, cache_control: { type: 'ephemeral' } }],
    }))
    const { report } = importConversation(JSON.stringify({ model: 'claude-opus-4-1', messages }))
    expect(report).toEqual([
      {
        severity: 'info',
        path: 'messages[*].content[*].cache_control',
        problem: 'prompt-caching hint; not part of the conversation',
        count: 40,
      },
    ])
  })

  it('lists up to three repeated warnings one by one, and collapses more', () => {
    const image = { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }
    const body = (n: number) =>
      JSON.stringify({ messages: [{ role: 'user', content: Array(n).fill(image) }] })
    expect(importConversation(body(3)).report.map((n) => n.path)).toEqual([
      'messages[0].content[0]',
      'messages[0].content[1]',
      'messages[0].content[2]',
    ])
    expect(importConversation(body(4)).report).toMatchObject([
      { severity: 'warning', path: 'messages[*].content[*]', count: 4 },
    ])
  })

  it('reads a system prompt given as a string, and an empty tool result', () => {
    const text = JSON.stringify({
      model: 'claude-haiku-4-5',
      system: 'Reply in Português.',
      messages: [
        { role: 'user', content: 'Apaga o ficheiro.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'rm', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1' }] },
      ],
    })
    expect(importConversation(text).messages).toEqual([
      { type: 'instructions', text: 'Reply in Português.' },
      { type: 'user', text: 'Apaga o ficheiro.' },
      { type: 'bot', text: '', payload: '{"tool_calls":[{"id":"t1","name":"rm","arguments":{}}]}' },
      { id: 't1', type: 'activity', text: '' },
    ])
  })
})

describe("Anthropic request's output_config", () => {
  const read = (output_config: unknown) =>
    importConversation(
      JSON.stringify({
        model: 'claude-opus-4-5',
        max_tokens: 100,
        output_config,
        messages: [{ role: 'user', content: 'Hi.' }],
      }),
    ).report.filter((n) => n.path === 'output_config')

  it('is a request setting when it sets the effort, and warned when it holds a schema', () => {
    expect(read({ effort: 'high' })).toEqual([
      {
        severity: 'info',
        path: 'output_config',
        problem: 'request setting; not part of the conversation',
      },
    ])
    expect(read({ format: { type: 'json_schema', schema: { type: 'object' } } })).toEqual([
      {
        severity: 'warning',
        path: 'output_config',
        problem: 'not a field of this format; not loaded',
      },
    ])
  })
})
