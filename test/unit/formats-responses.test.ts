import { beforeAll, describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { importConversation, type Message } from '../../src/index'
import { pngBase64 } from './helpers/image-headers'
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

  it("reads a stored response's moderation and content-filter results as metadata", () => {
    // A gpt-5.5 response recorded in 2026 carries `moderation` beside its status.
    const stored = {
      ...fixtureJson('openai-responses-response.json'),
      moderation: null,
      // Azure OpenAI's: its content filter's results.
      content_filters: [{ blocked: false, source_type: 'prompt', content_filter_results: {} }],
    }
    const { report } = importConversation(JSON.stringify(stored))
    expect(report).toContainEqual({
      severity: 'info',
      path: 'moderation',
      problem: 'response metadata; not part of the conversation',
    })
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('keeps an item of a type it does not know, with a warning, rather than refuse the response', () => {
    // xAI's Responses API answers a server-side search with an item of its own type (stored
    // responses of grok-4 models, 2026); the model's answer follows it.
    const stored = {
      ...fixtureJson('openai-responses-response.json'),
      output: [
        { type: 'x_search_call', id: 'xs_1', name: 'x_search', arguments: '{"query":"tides"}' },
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'High tide in Kiel is at 06:12.' }],
        },
      ],
    }
    const imported = importConversation(JSON.stringify(stored))
    expect(imported.format).toBe('openai-responses')
    expect(imported.messages.slice(-2).map((m) => [m.id, m.type])).toEqual([
      ['xs_1', 'activity'],
      ['msg_1', 'bot'],
    ])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'output[0]',
      problem: '"x_search_call" item has no mapping; kept as an activity with its JSON as payload',
    })
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

describe("OpenAI Responses tools the client runs, and OpenAI's hosted tools", () => {
  // Item shapes from openai-node 7.60.0 (ResponseInputItem.ShellCall, ShellCallOutput,
  // ApplyPatchCall, ApplyPatchCallOutput, ComputerCallOutput, Program, ProgramOutput,
  // ResponseComputerToolCall, ImageGenerationCall, McpCall).
  const screenshot = `data:image/png;base64,${pngBase64(1280, 800)}`
  const body = {
    model: 'gpt-5.1',
    input: [
      { role: 'user', content: 'Tidy the notes folder.' },
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_1',
        content: [{ type: 'output_text', text: 'Listing it first.' }],
      },
      {
        type: 'shell_call',
        id: 'sh_1',
        call_id: 'call_sh',
        action: { commands: ['ls notes'], timeout_ms: 10000 },
        caller: { type: 'direct' },
        status: 'completed',
      },
      {
        type: 'shell_call_output',
        call_id: 'call_sh',
        output: [{ stdout: 'a.md\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
        max_output_length: 4096,
      },
      {
        type: 'apply_patch_call',
        id: 'ap_1',
        call_id: 'call_ap',
        operation: { type: 'update_file', path: 'notes/a.md', diff: '@@\n-old\n+new\n' },
        status: 'completed',
      },
      {
        type: 'apply_patch_call_output',
        call_id: 'call_ap',
        status: 'failed',
        output: 'hunk 1 did not apply',
      },
      {
        type: 'computer_call',
        id: 'cu_1',
        call_id: 'call_cu',
        action: { type: 'screenshot' },
        pending_safety_checks: [],
        status: 'completed',
      },
      {
        type: 'computer_call_output',
        call_id: 'call_cu',
        output: { type: 'computer_screenshot', image_url: screenshot },
      },
      { type: 'program', id: 'pg_1', call_id: 'call_pg', code: 'print(1)', fingerprint: 'fp_1' },
      { type: 'program_output', id: 'pgo_1', call_id: 'call_pg', result: '1', status: 'completed' },
      { type: 'image_generation_call', id: 'ig_1', status: 'completed', result: pngBase64(8, 8) },
      {
        type: 'mcp_call',
        id: 'mcp_1',
        server_label: 'wiki',
        name: 'ask',
        arguments: '{"q":"tides"}',
        output: 'high tide 06:12',
      },
    ],
  }
  let imported: ReturnType<typeof importConversation>
  beforeAll(() => {
    imported = importConversation(JSON.stringify(body))
  })

  it('reads each call on the bot turn and each output as its result, by call_id', () => {
    expect(imported.format).toBe('openai-responses')
    const { input } = body
    const calls = (...list: unknown[]) => JSON.stringify({ tool_calls: list })
    expect(imported.messages).toEqual([
      { type: 'user', text: 'Tidy the notes folder.' },
      {
        id: 'msg_1',
        type: 'bot',
        text: 'Listing it first.',
        payload: calls({
          id: 'call_sh',
          name: 'shell',
          arguments: { commands: ['ls notes'], timeout_ms: 10000 },
        }),
      },
      {
        id: 'call_sh',
        type: 'activity',
        text: '',
        payload: JSON.stringify([
          { stdout: 'a.md\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } },
        ]),
      },
      {
        id: 'ap_1',
        type: 'bot',
        text: '',
        payload: calls({
          id: 'call_ap',
          name: 'apply_patch',
          arguments: { type: 'update_file', path: 'notes/a.md', diff: '@@\n-old\n+new\n' },
        }),
      },
      {
        id: 'call_ap',
        type: 'activity',
        text: '',
        payload: JSON.stringify({ content: 'hunk 1 did not apply', is_error: true }),
      },
      {
        id: 'cu_1',
        type: 'bot',
        text: '',
        payload: calls({ id: 'call_cu', name: 'computer', arguments: { type: 'screenshot' } }),
      },
      {
        id: 'call_cu',
        type: 'activity',
        text: '',
        payload: JSON.stringify({ content: [input[7].output] }),
      },
      {
        id: 'pg_1',
        type: 'bot',
        text: '',
        payload: calls({ id: 'call_pg', name: 'program', arguments: 'print(1)' }),
      },
      { id: 'call_pg', type: 'activity', text: '', payload: '1' },
      { id: 'ig_1', type: 'activity', text: '', payload: JSON.stringify({ item: input[10] }) },
      { id: 'mcp_1', type: 'activity', text: '', payload: JSON.stringify({ item: input[11] }) },
    ])
  })

  it('notes what is not loaded and what OpenAI ran itself, with no warning', () => {
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    const info = (path: string) =>
      imported.report.filter((n) => n.path === path).map((n) => n.problem)
    expect(info('input[2].caller')).toEqual([
      'who called the tool (the model, or a program it wrote); not loaded (a few tokens the estimate leaves out)',
    ])
    expect(info('input[8].fingerprint')).toEqual([
      "the program's fingerprint, sent back to OpenAI; not loaded (a few tokens the estimate leaves out)",
    ])
    expect(info('input[10]')).toEqual([
      '"image_generation_call": an image OpenAI generated for the model, in the same item; kept as an activity with its JSON as payload, its image (`result`) priced as an image and the rest as that JSON',
    ])
    expect(info('input[11]')).toEqual([
      '"mcp_call": a call OpenAI made to a remote MCP server for the model, its output in the same item; kept as an activity with its JSON as payload, counted as that JSON',
    ])
  })

  it('finds a shell call, or a computer call, cut from its result by the split', () => {
    const { messages } = imported
    // 11 messages. Keeping the last 9 keeps call_sh's result (index 2), not its call (index 1);
    // keeping the last 5 keeps call_cu's result (index 6), not its call (index 5).
    const cutBy = (keepRecentCount: number) =>
      diagnose({ messages, options: { maxTokens: 60, keepRecentCount } })
        .filter((f) => f.code === 'tool-exchange-cut')
        .map((f) => f.callId)
    expect(cutBy(9)).toEqual(['call_sh'])
    expect(cutBy(5)).toEqual(['call_cu'])
  })

  it('finds an MCP approval request cut from its response by the split', () => {
    // A remote MCP call that needed approval, as the Responses API documents its items: the model's
    // mcp_approval_request, the client's mcp_approval_response naming it, then the mcp_call OpenAI
    // ran, with its output, and the reply.
    const approval = {
      model: 'gpt-4.1',
      input: [
        { role: 'user', content: 'Roll 2d4+1 with the dice server.' },
        {
          type: 'mcp_approval_request',
          id: 'mcpr_d1',
          server_label: 'dice',
          name: 'roll',
          arguments: '{"diceRollExpression":"2d4 + 1"}',
        },
        { type: 'mcp_approval_response', approval_request_id: 'mcpr_d1', approve: true },
        {
          type: 'mcp_call',
          id: 'mcp_d1',
          approval_request_id: 'mcpr_d1',
          server_label: 'dice',
          name: 'roll',
          arguments: '{"diceRollExpression":"2d4 + 1"}',
          output: '4',
        },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'A 4.' }] },
        { role: 'user', content: 'Thanks' },
      ],
    }
    const { messages } = importConversation(JSON.stringify(approval), 'openai-responses')
    expect(messages).toHaveLength(6)
    const findings = (keepRecentCount: number) =>
      diagnose({ messages, options: { maxTokens: 60, keepRecentCount } }).filter(
        (f) => f.code === 'tool-exchange-cut',
      )
    // Keeping the last 4 keeps the response (index 2), not its request (index 1).
    expect(findings(4).map((f) => [f.severity, f.callId])).toEqual([['error', 'mcpr_d1']])
    // Keeping the last 3 keeps the call OpenAI ran, complete in its item, and cuts nothing.
    expect(findings(3)).toEqual([])
  })

  it('refuses a shell call without its action, naming the item', () => {
    const broken = {
      input: [{ type: 'shell_call', call_id: 'call_sh', status: 'completed' }],
    }
    expect(() => importConversation(JSON.stringify(broken), 'openai-responses')).toThrow(
      'not OpenAI Responses: input[0].action (line 1, column 11): missing "action"',
    )
  })
})

describe('OpenAI Responses request with a stored prompt', () => {
  it('reads its variables as context, and names its template', () => {
    // `prompt` stands in for `input`: OpenAI fills the template it stores with the variables, each
    // a string or an input part (API reference, "Create a model response").
    const body = {
      model: 'gpt-5',
      prompt: {
        id: 'pmpt_0a1b2c',
        version: '4',
        variables: {
          question: 'What is a hash map?',
          style: { type: 'input_text', text: 'Answer in one sentence.' },
        },
      },
    }
    const imported = importConversation(JSON.stringify(body))
    expect(imported.format).toBe('openai-responses')
    expect(imported.messages.map((m) => [m.type, m.text])).toEqual([
      ['context', 'What is a hash map?'],
      ['context', 'Answer in one sentence.'],
    ])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'prompt',
      problem:
        'a prompt template stored by OpenAI: its text is not in this file, and is not counted; the values of its variables are loaded as context',
    })
    // Without either, it is not a Responses request.
    expect(() =>
      importConversation(JSON.stringify({ model: 'gpt-5' }), 'openai-responses'),
    ).toThrow(/no "input" \(a Responses request body has one, or a stored "prompt"\)/)
  })
})
