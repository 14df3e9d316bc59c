import { describe, expect, it } from 'vitest'
import { importConversation, type Message } from '../../src/index'
import { fixture, fixtureJson } from './formats-fixtures'

describe('OpenAI Responses in', () => {
  const file = fixture('openai-responses.json')

  it('maps items: reasoning, parallel function calls as one bot turn, outputs by call_id', () => {
    const imported = importConversation(file, 'openai-responses')
    const tools = JSON.stringify({ tools: fixtureJson('openai-responses.json').tools })
    const expected: Message[] = [
      { type: 'instructions', text: '', payload: tools },
      {
        type: 'instructions',
        text: 'You are a support agent for Nordlicht Energie. Be concise and quote amounts exactly.',
      },
      { type: 'user', text: 'Warum ist meine Rechnung RE-2291 so hoch? Kundennummer K-77.' },
      {
        id: 'rs_001',
        type: 'reasoning',
        text: "Need the invoice and the customer's tariff; fetch both at once.",
        payload: '{"encrypted_content":"gAAAAABo-enc-001"}',
      },
      {
        id: 'fc_001',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_inv","name":"lookup_invoice","arguments":{"number":"RE-2291"}},' +
          '{"id":"call_cus","name":"lookup_customer","arguments":{"id":"K-77"}}]}',
      },
      {
        id: 'call_inv',
        type: 'activity',
        text: '',
        payload: '{"total_eur":412.80,"kwh":1240,"period":"2025-01"}',
      },
      {
        id: 'call_cus',
        type: 'activity',
        text: '',
        payload: '{"tariff":"Basis","kwh_price_eur":0.33}',
      },
      {
        id: 'msg_003',
        type: 'bot',
        text: 'Im Januar haben Sie 1.240 kWh verbraucht, fast doppelt so viel wie üblich. ⚡ Zum Basis-Tarif (0,33 €/kWh) ergibt das 412,80 €.',
      },
      { type: 'user', text: 'Danke! Kann ich in den Öko-Tarif wechseln? 🌱' },
    ]
    expect(imported.messages).toEqual(expected)
    expect(imported.model).toBe('o4-mini')
  })

  it('reports settings, statuses, merged item ids and annotations by path', () => {
    const { report } = importConversation(file)
    expect(report).toEqual([
      {
        severity: 'info',
        path: 'reasoning',
        problem: 'request setting; not part of the conversation',
      },
      { severity: 'info', path: 'store', problem: 'request setting; not part of the conversation' },
      {
        severity: 'info',
        path: 'include',
        problem: 'request setting; not part of the conversation',
      },
      {
        severity: 'info',
        path: 'input[*].status',
        problem: 'item status; not part of the conversation',
        count: 3,
      },
      {
        severity: 'info',
        path: 'input[3].id',
        problem: 'item id not kept: the call is part of the bot message before it',
      },
      {
        severity: 'info',
        path: 'input[6].content[0].annotations',
        problem: 'annotations; not part of the conversation',
      },
    ])
  })

  it('reads a string input, an assistant message followed by its calls, and unmapped items', () => {
    const text = JSON.stringify({
      model: 'gpt-4.1',
      previous_response_id: 'resp_123',
      input: [
        {
          type: 'message',
          role: 'assistant',
          id: 'msg_1',
          content: [{ type: 'output_text', text: 'Searching.' }],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'c1',
          name: 'search',
          arguments: '{"q":"tides"}',
        },
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        { type: 'function_call_output', id: 'fco_1', call_id: 'c1', output: 'high tide 06:12' },
      ],
    })
    const imported = importConversation(text, 'openai-responses')
    expect(imported.messages).toEqual([
      {
        id: 'msg_1',
        type: 'bot',
        text: 'Searching.',
        payload: '{"tool_calls":[{"id":"c1","name":"search","arguments":{"q":"tides"}}]}',
      },
      {
        id: 'ws_1',
        type: 'activity',
        text: '',
        payload: '{"item":{"type":"web_search_call","id":"ws_1","status":"completed"}}',
      },
      { id: 'c1', type: 'activity', text: '', payload: 'high tide 06:12' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        path: 'previous_response_id',
        problem:
          'continues a conversation stored by OpenAI; its earlier turns are not in this file',
      },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'input[2]',
      problem:
        '"web_search_call": a web search OpenAI ran for the model, with no result item to pair; kept as an activity with its JSON as payload, counted as that JSON',
    })
    expect(importConversation(JSON.stringify({ input: 'Hallo!' })).messages).toEqual([
      { type: 'user', text: 'Hallo!' },
    ])
  })

  it('reads an input-items list listed newest first, oldest first', () => {
    const imported = importConversation(fixture('openai-responses-list.json'))
    expect(imported.format).toBe('openai-responses')
    // data holds [assistant, output, call, user]: the output before its call means newest first.
    expect(imported.messages).toEqual([
      { id: 'msg_c1', type: 'user', text: 'Wann ist morgen Hochwasser in Kiel?' },
      {
        id: 'fc_c2',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_kiel","name":"tide_table","arguments":{"port":"Kiel"}}]}',
      },
      { id: 'call_kiel', type: 'activity', text: '', payload: '{"high":"06:12","low":"12:31"}' },
      { id: 'msg_c3', type: 'bot', text: 'Kiel: high tide 06:12, low tide 12:31.' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'data',
      problem: 'listed newest first (an output before its call); read oldest first',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('warns when the list continues on another page, or its order cannot be told', () => {
    const list = (data: unknown[], hasMore: boolean) =>
      JSON.stringify({ object: 'list', data, first_id: 'a', last_id: 'b', has_more: hasMore })
    const user = (id: string, text: string) => ({
      type: 'message',
      id,
      role: 'user',
      content: [{ type: 'input_text', text }],
    })
    const { report } = importConversation(list([user('a', 'eins'), user('b', 'zwei')], true))
    expect(report.filter((n) => n.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        path: 'has_more',
        problem: 'the list continues on another page; the items after it are not in this file',
      },
      {
        severity: 'warning',
        path: 'data',
        problem:
          'no call and output tell the list order; read as listed (the API lists newest first unless asked for order=asc)',
      },
    ])
  })

  it("reads a stored response: its output is the model's turn, usage is reported", () => {
    const imported = importConversation(fixture('openai-responses-response.json'))
    expect(imported.format).toBe('openai-responses')
    expect(imported.model).toBe('gpt-4.1-2025-04-14')
    const tools = JSON.stringify({ tools: fixtureJson('openai-responses-response.json').tools })
    expect(imported.messages).toEqual([
      { type: 'instructions', text: '', payload: tools },
      {
        type: 'instructions',
        text: "You are a tide-table assistant. Answer in the user's language.",
      },
      { id: 'rs_r1', type: 'reasoning', text: "The user wants tomorrow's high tide in Kiel." },
      {
        id: 'fc_r1',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_r1","name":"tide_table","arguments":{"port":"Kiel","day":"tomorrow"}}]}',
      },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'usage',
      problem: 'provider-reported usage; read by the usage view',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })
})

describe("OpenAI Responses request's text field", () => {
  const body = (text: unknown) => ({
    model: 'gpt-5',
    input: [{ role: 'user', content: 'Largest city?' }],
    text,
  })

  it('reads a JSON schema in text.format as structured output, beside the tools', () => {
    // The API reference's shape: {format: {type: 'json_schema', name, schema, strict}}; it joins
    // the tools message as Chat Completions' response_format does.
    const schema = { type: 'object', properties: { city: { type: 'string' } } }
    const imported = importConversation(
      JSON.stringify(
        body({
          format: { type: 'json_schema', name: 'answer', schema, strict: true },
          verbosity: 'low',
        }),
      ),
    )
    expect(imported.messages[0]).toEqual({
      type: 'instructions',
      text: '',
      payload: JSON.stringify({
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'answer', schema, strict: true },
        },
      }),
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'text.verbosity',
      problem: 'request setting; not part of the conversation',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('reads a plain text format and verbosity as a request setting', () => {
    const imported = importConversation(
      JSON.stringify(body({ format: { type: 'text' }, verbosity: 'high' })),
    )
    expect(imported.messages.map((m) => m.type)).toEqual(['user'])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'text',
      problem: 'request setting; not part of the conversation',
    })
  })
})

describe('OpenAI Responses compaction (POST /responses/compact)', () => {
  it('reads its output, the compacted history: the kept prompts, then the encrypted summary', () => {
    // The shape of the endpoint's answer: {object: 'response.compaction', output, usage}.
    const file = {
      id: 'cmp_1',
      object: 'response.compaction',
      created_at: 1781516400,
      output: [
        {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Fix the parser.' }],
        },
        { id: 'cmp_item', type: 'compaction', encrypted_content: 'gAAAAABoCompacted' },
      ],
      usage: { input_tokens: 5000, output_tokens: 300, total_tokens: 5300 },
    }
    const imported = importConversation(JSON.stringify(file))
    expect(imported.format).toBe('openai-responses')
    expect(imported.messages.map((m) => m.type)).toEqual(['user', 'context'])
    expect(imported.messages[1].meta?.compacted).toBe(true)
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        'a compaction (POST /responses/compact): its output is the compacted history, the input of the next request',
    })
  })
})
