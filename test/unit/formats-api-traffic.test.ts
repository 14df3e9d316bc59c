import { describe, expect, it } from 'vitest'
import { RequestError, diagnose, importConversation } from '../../src/index'
import { fixture } from './formats-fixtures'

// testdata/formats/api-traffic.jsonl, by line: 1 a quota check (haiku, 1 message), 2 the first
// main-thread request (1 message), 3 title generation (haiku, 1 message), 4 a line cut off,
// 5 the main thread (5 messages), 6 a token count of the same 5 messages, 7 an orphaned request
// (2 messages). Requests are numbered in file order among the lines that are pairs.
const file = fixture('api-traffic.jsonl')

describe('API traffic log in', () => {
  const imported = importConversation(file)

  it('loads the main thread by default and says which request it is, and why', () => {
    expect(imported.format).toBe('api-traffic')
    expect(imported.request).toBe(4)
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        'request 4 of 6 (line 5): the latest with the longest message list (5 messages); choose another with --request N, or the request picker in the app',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–3, 6–7',
      problem: '5 other requests in the file; not loaded',
    })
  })

  it('lists every request for the picker: number, model, messages, time', () => {
    const haiku = 'claude-3-5-haiku-20241022'
    const sonnet = 'claude-sonnet-4-20250514'
    expect(imported.requests).toEqual([
      { index: 1, model: haiku, messages: 1, timestamp: '2025-08-02T09:00:00.114Z' },
      { index: 2, model: sonnet, messages: 1, timestamp: '2025-08-02T09:00:03.020Z' },
      { index: 3, model: haiku, messages: 1, timestamp: '2025-08-02T09:00:03.031Z' },
      { index: 4, model: sonnet, messages: 5, timestamp: '2025-08-02T09:00:41.500Z' },
      { index: 5, model: sonnet, messages: 5, timestamp: '2025-08-02T09:00:49.000Z' },
      { index: 6, model: haiku, messages: 2, timestamp: '2025-08-02T09:01:00.000Z' },
    ])
  })

  it("reads the request's tools and system prompt, then the streamed reply", () => {
    expect(imported.model).toBe('claude-sonnet-4-20250514')
    const types = imported.messages.map((m) => m.type)
    expect(types).toEqual([
      'instructions', // tools
      'instructions', // system[0]
      'instructions', // system[1]
      'user',
      'bot',
      'activity',
      'activity',
      'bot',
      'activity',
      'reasoning', // the reply, rebuilt from body_raw
      'bot',
    ])
    expect(
      JSON.parse(imported.messages[0].payload ?? '').tools.map((t: { name: string }) => t.name),
    ).toEqual(['Read', 'Bash'])
    expect(imported.messages[1].text).toBe(
      "You are Claude Code, Anthropic's official CLI for Claude.",
    )
    expect(imported.messages.slice(9)).toEqual([
      {
        id: 'msg_01Rc',
        type: 'reasoning',
        text: 'The test wants 0.00; normalise negative zero before formatting.',
        payload: '{"signature":"EqMBCkgIBRABGAIiQ"}',
      },
      { type: 'bot', text: 'The test confirms it: add 0.0 to the total so -0.0 becomes 0.0.' },
    ])
  })

  it('reports the broken line, the unknown stream event and the usage', () => {
    const warnings = imported.report.filter((n) => n.severity === 'warning')
    expect(warnings.map((n) => [n.path, n.problem])).toEqual([
      [
        'line 4',
        'truncated or malformed JSON (column 166: unexpected end of string); skipped, the rest loaded',
      ],
      ['line 5: response.body_raw', '1 streamed event(s) of kind "server_progress" not read'],
    ])
    // message_start's usage, updated by message_delta's output_tokens.
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 5: response.body_raw (usage)',
      problem:
        'provider-reported usage (input_tokens 12, cache_creation_input_tokens 410, cache_read_input_tokens 3900, output_tokens 58); read by the usage view',
    })
  })

  it('finds a tool exchange cut inside the request', () => {
    // 11 messages; keeping the last 5 starts the tail at index 6, the result of toolu_01Fb,
    // whose call is in the bot message at index 4.
    const findings = diagnose({
      messages: imported.messages,
      options: { maxTokens: 100, keepRecentCount: 5 },
    })
    expect(findings.filter((f) => f.code === 'tool-exchange-cut').map((f) => f.callId)).toEqual([
      'toolu_01Fb',
    ])
  })
})

describe('API traffic log, choosing a request', () => {
  it('rebuilds tool calls from a streamed reply', () => {
    const second = importConversation(file, 'auto', { request: 2 })
    expect(second.request).toBe(2)
    expect(second.messages.slice(3)).toEqual([
      { type: 'user', text: 'Why does `ledger balance` print -0.00 for an empty account?' },
      {
        id: 'msg_01Ra',
        type: 'bot',
        text: "I'll look at the balance command and its formatter.",
        payload:
          '{"tool_calls":[{"id":"toolu_01Fa","name":"Read","arguments":{"file_path":"/home/li/ledger/src/balance.rs"}},' +
          '{"id":"toolu_01Fb","name":"Read","arguments":{"file_path":"/home/li/ledger/src/format.rs"}}]}',
      },
    ])
  })

  it('loads an orphaned request without a reply, and says so', () => {
    const orphan = importConversation(file, 'api-traffic', { request: 6 })
    expect(orphan.messages).toEqual([
      { type: 'user', text: 'Is this a new topic? Answer yes or no.' },
      { type: 'bot', text: '{' },
    ])
    expect(orphan.report).toContainEqual({
      severity: 'info',
      path: 'line 7: response',
      problem: 'no response was logged (the request got none); only the request is loaded',
    })
  })

  it('refuses a request number the file does not have, with the range', () => {
    expect(() => importConversation(file, 'auto', { request: 7 })).toThrow(RequestError)
    expect(() => importConversation(file, 'auto', { request: 0 })).toThrow(
      '0 is not a request of this file: it has 6 requests (1–6)',
    )
  })

  it('refuses a request number for a file that has no requests', () => {
    expect(() => importConversation(fixture('cline.json'), 'auto', { request: 1 })).toThrow(
      'only an API traffic log has requests to choose from; this file is Cline / Roo Code task history',
    )
  })
})

describe('API traffic log of OpenAI calls', () => {
  const text = fixture('api-traffic-openai.jsonl')

  it('reads a Chat Completions request and its JSON reply', () => {
    const imported = importConversation(text)
    expect(imported.request).toBe(1)
    expect(imported.model).toBe('gpt-4.1')
    expect(imported.messages.map((m) => [m.type, m.id ?? '', m.text])).toEqual([
      ['instructions', '', ''],
      ['instructions', '', 'You are a release assistant for the acme/web repository.'],
      ['user', '', 'Which PRs are merged since v2.3.0?'],
      ['bot', '', ''],
      ['activity', 'call_Pq1', ''],
      ['bot', '', 'Two PRs: #481 and #483.'],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 1: response.body.usage',
      problem:
        'provider-reported usage (prompt_tokens 120, completion_tokens 11, total_tokens 131, prompt_tokens_details.cached_tokens 0); read by the usage view',
    })
  })

  it('reads a Responses request and its streamed reply from response.completed', () => {
    const imported = importConversation(text, 'auto', { request: 2 })
    expect(imported.model).toBe('gpt-5')
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'Draft release notes in Markdown.' },
      { type: 'user', text: 'Draft notes for #481 and #483.' },
      { id: 'rs_9c', type: 'reasoning', text: 'List both fixes.' },
      {
        id: 'msg_9b',
        type: 'bot',
        text: '## v2.3.1\n- Fix login redirect (#481)\n- Node 22 (#483)',
      },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 2: response.body_raw',
      problem: '2 streamed event(s) before the final response event; it holds what they carried',
    })
  })
})

describe('API traffic log, other replies', () => {
  const pair = (response: unknown) =>
    JSON.stringify({
      request: {
        timestamp: 1754300000,
        method: 'POST',
        url: 'https://api.openai.com/v1/chat/completions',
        headers: {},
        body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'Weather in Oslo?' }] },
      },
      response,
      logged_at: '2025-08-04T09:33:20.000Z',
    })

  it("names a JSON reply's fields at their place, its citations as info, and empty ones not at all", () => {
    // Every Chat Completions reply of 2025 – 2026 carries `annotations`, most often empty.
    const withAnnotations = (annotations: unknown[]) =>
      importConversation(
        pair({
          timestamp: 1754300001,
          status_code: 200,
          headers: {},
          body: {
            object: 'chat.completion',
            model: 'gpt-4o',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: 'Rain.', refusal: null, annotations },
                finish_reason: 'stop',
              },
            ],
          },
        }),
      )
    const imported = withAnnotations([])
    expect(imported.messages.at(-1)).toEqual({ type: 'bot', text: 'Rain.' })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(imported.report.map((n) => n.path)).not.toContain(
      'line 1: response.body.choices[0].message.annotations',
    )
    const cited = withAnnotations([
      {
        type: 'url_citation',
        url_citation: {
          url: 'https://example.com/oslo',
          title: 'Oslo',
          start_index: 0,
          end_index: 5,
        },
      },
    ])
    expect(cited.report).toContainEqual(
      expect.objectContaining({
        severity: 'info',
        path: 'line 1: response.body.choices[0].message.annotations',
        problem: "the reply's URL citations (web search); not counted",
      }),
    )
  })

  it('joins streamed Chat Completions chunks into one reply, tool call arguments included', () => {
    const chunk = (delta: unknown, extra = {}) =>
      `data: ${JSON.stringify({ object: 'chat.completion.chunk', model: 'gpt-4o', choices: [{ index: 0, delta }], ...extra })}\n\n`
    const body_raw =
      chunk({ role: 'assistant', content: 'Checking. ' }) +
      chunk({
        tool_calls: [
          { index: 0, id: 'call_Os1', function: { name: 'weather', arguments: '{"ci' } },
        ],
      }) +
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }) +
      chunk({}, { usage: { prompt_tokens: 9, completion_tokens: 14 } }) +
      'data: [DONE]\n\n'
    const imported = importConversation(
      pair({ timestamp: 1754300001, status_code: 200, headers: {}, body_raw }),
    )
    expect(imported.messages).toEqual([
      { type: 'user', text: 'Weather in Oslo?' },
      {
        type: 'bot',
        text: 'Checking. ',
        payload: '{"tool_calls":[{"id":"call_Os1","name":"weather","arguments":{"city":"Oslo"}}]}',
      },
    ])
    expect(imported.report).toContainEqual(
      expect.objectContaining({
        problem:
          'provider-reported usage (prompt_tokens 9, completion_tokens 14); read by the usage view',
      }),
    )
  })

  it('loads no reply from an error response, and warns with its message', () => {
    const imported = importConversation(
      pair({
        timestamp: 1754300001,
        status_code: 429,
        headers: {},
        body: { error: { message: 'Rate limit reached' } },
      }),
    )
    expect(imported.messages).toEqual([{ type: 'user', text: 'Weather in Oslo?' }])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'line 1: response.body',
      problem: 'the response is an error (status 429: Rate limit reached); no reply loaded',
    })
  })
})

// Shapes seen in public traffic logs (docs/formats/api-traffic.md), in fixtures of our own.
describe('API traffic log of Responses calls', () => {
  const request = {
    timestamp: 1781516400,
    method: 'POST',
    url: 'https://chatgpt.com/backend-api/codex/responses',
    headers: {},
    body: {
      model: 'gpt-5.1-codex',
      instructions: 'You are a coding agent.',
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] }],
      text: { verbosity: 'low' },
      stream: true,
    },
  }
  const reply = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'output_text', text: 'Hello.', annotations: [] }],
  }
  const reasoning = {
    id: 'rs_1',
    type: 'reasoning',
    summary: [{ type: 'summary_text', text: 'A greeting.' }],
  }
  const completed = (output: unknown[]) => ({
    type: 'response.completed',
    response: {
      id: 'resp_1',
      object: 'response',
      status: 'completed',
      model: 'gpt-5.1-codex',
      output,
      usage: { input_tokens: 30, output_tokens: 5 },
    },
  })
  const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')

  it('takes the reply from the items streamed one by one when the final event lists none', () => {
    // ChatGPT's Codex backend ends with response.completed and `output: []`; the items came in
    // response.output_item.done events, which is where Codex reads them.
    const body_raw = sse([
      { type: 'response.output_item.done', output_index: 1, item: reply },
      { type: 'response.output_item.done', output_index: 0, item: reasoning },
      completed([]),
    ])
    const imported = importConversation(
      JSON.stringify({
        request,
        response: { timestamp: 1781516401, status_code: 200, headers: {}, body_raw },
      }),
    )
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'You are a coding agent.' },
      { type: 'user', text: 'Hi.' },
      { id: 'rs_1', type: 'reasoning', text: 'A greeting.' },
      { id: 'msg_1', type: 'bot', text: 'Hello.' },
    ])
    // `text.verbosity` is a request setting, not a field with no place.
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 1: request.body.text',
      problem: 'request setting; not part of the conversation',
    })
  })

  it("reads a proxy's Responses reply from its events, not from the body it rewrote", () => {
    // hanqunfeng/claude-trace's proxy writes `api_format` and an Anthropic-shaped `body` for an
    // OpenAI reply, and keeps the stream as it came in `events` ({event, data}).
    const events = [completed([reasoning, reply])].map((data) => ({ event: data.type, data }))
    const body = {
      id: 'resp_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello.', citations: null }],
      stop_reason: 'end_turn',
    }
    const imported = importConversation(
      JSON.stringify({
        request,
        response: {
          timestamp: 1781516401,
          status_code: 200,
          headers: {},
          api_format: 'openai-responses',
          body,
          events,
        },
      }),
    )
    expect(imported.messages.slice(2)).toEqual([
      { id: 'rs_1', type: 'reasoning', text: 'A greeting.' },
      { id: 'msg_1', type: 'bot', text: 'Hello.' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })
})

describe('API traffic: what Anthropic’s context editing cleared', () => {
  // Two Anthropic requests of one thread; the first reply says the API cleared 3 tool uses, 1,200
  // tokens, and 1 thinking turn, 300 tokens, before the model read the request; the second, 1 tool
  // use, 500 tokens.
  const pair = (messages: unknown[], response: object) =>
    JSON.stringify({
      request: {
        timestamp: 1781516400,
        method: 'POST',
        url: 'https://api.anthropic.com/v1/messages',
        headers: {},
        body: { model: 'claude-opus-4-8', max_tokens: 1024, messages },
      },
      response: { timestamp: 1781516401, status_code: 200, headers: {}, body: response },
    })
  const reply = (text: string, extra: object) => ({
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-opus-4-8',
    content: [{ type: 'text', text }],
    usage: { input_tokens: 40, cache_read_input_tokens: 2000, output_tokens: 9 },
    ...extra,
  })
  const first = [{ role: 'user', content: 'Sum the ledger.' }]
  const text = [
    pair(
      first,
      reply('Done.', {
        context_management: {
          applied_edits: [
            {
              type: 'clear_thinking_20251015',
              cleared_thinking_turns: 1,
              cleared_input_tokens: 300,
            },
            { type: 'clear_tool_uses_20250919', cleared_tool_uses: 3, cleared_input_tokens: 1200 },
          ],
        },
      }),
    ),
    pair(
      [...first, { role: 'assistant', content: 'Done.' }, { role: 'user', content: 'And now?' }],
      reply('Same.', {
        context_management: {
          applied_edits: [
            { type: 'clear_tool_uses_20250919', cleared_tool_uses: 1, cleared_input_tokens: 500 },
          ],
        },
      }),
    ),
  ].join('\n')

  it('reads it with the reply’s usage, and says so', () => {
    const imported = importConversation(text, 'api-traffic')
    // An earlier request of the thread, and the loaded request's own reply.
    expect(imported.usage?.map((u) => [u.prompt, u.inputTokens, u.apiCleared])).toEqual([
      [1, 2040, 1500],
      [3, 2040, 500],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 2: response.body.context_management',
      problem:
        "Anthropic's context editing cleared 500 tokens from this request before the model read it; the usage view takes them off its estimate",
    })
  })
})

// A stateful Responses conversation: the second request names the first's response by
// `previous_response_id` (OpenAI's guide "Conversation state"), and both are in the log.
describe('API traffic log of a Responses request continuing a stored response', () => {
  const pair = (body: Record<string, unknown>, output: unknown[], id: string) =>
    JSON.stringify({
      request: { url: 'https://api.openai.com/v1/responses', body },
      response: {
        status_code: 200,
        body: { id, object: 'response', model: 'gpt-4o-mini', output, usage: { input_tokens: 9 } },
      },
    })
  const answer = (text: string) => ({
    type: 'message',
    role: 'assistant',
    content: [{ type: 'output_text', text }],
  })
  const first = pair(
    { model: 'gpt-4o-mini', instructions: 'Be brief.', input: 'My name is Ada.' },
    [answer('Hello, Ada.')],
    'resp_a',
  )
  const second = pair(
    { model: 'gpt-4o-mini', input: 'What is my name?', previous_response_id: 'resp_a' },
    [answer('Ada.')],
    'resp_b',
  )

  it('reads the earlier turn from the log before the request’s input, without its instructions', () => {
    const imported = importConversation(`${first}\n${second}\n`, 'auto', { request: 2 })
    expect(imported.messages.map((m) => [m.type, m.text])).toEqual([
      ['user', 'My name is Ada.'],
      ['bot', 'Hello, Ada.'],
      ['user', 'What is my name?'],
      ['bot', 'Ada.'],
    ])
    expect(imported.report).toContainEqual(
      expect.objectContaining({
        severity: 'info',
        path: 'line 2: request.body.previous_response_id',
      }),
    )
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('still warns when the response it continues is not in the log', () => {
    const imported = importConversation(`${second}\n`, 'auto')
    expect(imported.messages.map((m) => m.text)).toEqual(['What is my name?', 'Ada.'])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'line 1: request.body.previous_response_id',
      problem: 'continues a conversation stored by OpenAI; its earlier turns are not in this file',
    })
  })
})

// A recording proxy that keeps each HTTP body as text (DataDog/dd-apm-test-agent's, whose
// cassettes dd-trace-js keeps): one pair per file, `status: {code, message}`, both bodies strings.
describe('API traffic recorded with its bodies as text', () => {
  const cassette = (request: string, response: string, code = 200) =>
    JSON.stringify(
      {
        request: {
          method: 'POST',
          url: 'https://api.openai.com/v1/chat/completions',
          headers: {},
          body: request,
        },
        response: { status: { code, message: 'OK' }, headers: {}, body: response },
      },
      null,
      2,
    )
  const asked = JSON.stringify({
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: 'Weather in Oslo?' }],
  })

  it('reads a body written as a string of JSON as the JSON it holds, and says so', () => {
    const reply = JSON.stringify(
      {
        object: 'chat.completion',
        model: 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Rain.' } }],
        usage: { prompt_tokens: 12, completion_tokens: 2 },
      },
      null,
      2,
    )
    const imported = importConversation(cassette(asked, reply))
    expect(imported.format).toBe('api-traffic')
    expect(imported.messages).toEqual([
      { type: 'user', text: 'Weather in Oslo?' },
      { type: 'bot', text: 'Rain.' },
    ])
    for (const side of ['request', 'response']) {
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: `line 1: ${side}.body`,
        problem: 'the body is written as a string of JSON; read as the JSON it holds',
      })
    }
    expect(imported.usage).toEqual([expect.objectContaining({ prompt: 1, inputTokens: 12 })])
  })

  it('rebuilds a streamed reply whose events are the body’s text', () => {
    const chunk = (delta: unknown) =>
      `data: ${JSON.stringify({ object: 'chat.completion.chunk', model: 'gpt-4o-mini', choices: [{ index: 0, delta }] })}\n\n`
    const stream = chunk({ role: 'assistant', content: 'Rain' }) + chunk({ content: '.' })
    const imported = importConversation(cassette(asked, `${stream}data: [DONE]\n\n`))
    expect(imported.messages.at(-1)).toEqual({ type: 'bot', text: 'Rain.' })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 1: response.body',
      problem: 'the body is a streamed reply written as text; the reply is rebuilt from its events',
    })
  })

  it('takes the status from {code, message}: an error loads no reply', () => {
    const error = JSON.stringify({ error: { message: 'Rate limit reached' } })
    const imported = importConversation(cassette(asked, error, 429))
    expect(imported.messages).toEqual([{ type: 'user', text: 'Weather in Oslo?' }])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'line 1: response.body',
      problem: 'the response is an error (status 429: Rate limit reached); no reply loaded',
    })
  })

  it('refuses a request body that is text but not JSON, at its line', () => {
    expect(() =>
      importConversation(cassette('model=gpt-4o-mini&prompt=hi', '{}'), 'api-traffic'),
    ).toThrow('"request.body" is a string, not a JSON object')
  })
})
