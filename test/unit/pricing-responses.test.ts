import { describe, expect, it } from 'vitest'
import { countMessagesTokens, importConversation, requestOverhead } from '../../src/index'
import { tiktokenFor } from './helpers/tiktoken'

// Responses API requests and the usage.input_tokens their responses reported, restated from two
// projects' recorded tests: maybe-finance/maybe @77b54698 (test/vcr_cassettes/openai/…) and
// agentjido/req_llm (the social-growth-studio fork) @f722d38f
// (test/support/fixtures/openai/<model>/…). The sums spell out the rule by hand.
const tokens = (text: string) => tiktokenFor('o200k_base').encode(text).length

function estimate(body: Record<string, unknown>): number {
  const imported = importConversation(JSON.stringify(body), 'openai-responses')
  const spec = { model: String(body.model), wire: imported.wire }
  return requestOverhead(spec) + countMessagesTokens(spec, imported.messages)
}

const userItem = (text: string) => ({
  role: 'user',
  content: [{ type: 'input_text', text }],
})

/** The namespace of function tools that have neither a description nor parameters. */
const bareNamespace = (...names: string[]) =>
  [
    '# Tools',
    '',
    '## functions',
    '',
    'namespace functions {',
    '',
    ...names.flatMap((name) => [`type ${name} = () => any;`, '']),
    '} // namespace functions',
  ].join('\n')

describe('Responses API: a request’s tools are priced as the namespace the model reads', () => {
  it('gpt-4.1, instructions and one flat function tool: the namespace less 3 (reported 55)', () => {
    const instructions = "Use the tools available to you to answer the user's question."
    const user = 'What is my net worth?'
    const body = {
      model: 'gpt-4.1',
      instructions,
      input: [{ role: 'user', content: user }],
      tools: [
        {
          type: 'function',
          name: 'get_net_worth',
          description: "Gets a user's net worth",
          parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
          strict: true,
        },
      ],
    }
    const namespace =
      '# Tools\n\n## functions\n\nnamespace functions {\n\n' +
      "// Gets a user's net worth\ntype get_net_worth = () => any;\n\n} // namespace functions"
    // Two messages of 3 + 1, the namespace less 3, 3 to prime the reply.
    const byHand = 4 + tokens(instructions) + 4 + tokens(user) + tokens(namespace) - 3 + 3
    expect(estimate(body)).toBe(byHand)
    // maybe's chat/function_calls.yml, first request: input_tokens 55.
    expect(estimate(body)).toBe(55)
  })

  it('reads a function tool’s flat fields only, as the API does, and adds no system message (reported 31)', () => {
    // A tool that also nests Chat's `function`: the API bills its flat name alone.
    const user = 'Tell me a joke about cats'
    const body = {
      model: 'gpt-4.1',
      input: [userItem(user)],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          function: {
            name: 'get_weather',
            description: 'Get current weather information for a location',
            parameters: { type: 'object', properties: { location: { type: 'string' } } },
          },
        },
      ],
    }
    expect(estimate(body)).toBe(4 + tokens(user) + tokens(bareNamespace('get_weather')) - 3 + 3)
    // req_llm's gpt_4_1/no_tool.json: input_tokens 31.
    expect(estimate(body)).toBe(31)
  })

  it('GPT-5 is billed no 83-token tools prompt on the Responses API (gpt-5-mini reported 35)', () => {
    const user = 'Tell me a joke about cats'
    const body = {
      model: 'gpt-5-mini',
      input: [userItem(user)],
      tools: [{ type: 'function', name: 'get_weather' }],
    }
    // The namespace and 3, the message, 2 to prime a harmony model's reply.
    expect(estimate(body)).toBe(tokens(bareNamespace('get_weather')) + 3 + 4 + tokens(user) + 2)
    // req_llm's gpt_5_mini/no_tool.json: input_tokens 35.
    expect(Math.abs(estimate(body) - 35)).toBeLessThanOrEqual(1)
  })

  it('a forced function costs 9 on gpt-4.1 and nothing on o3 (reported 40 and 32)', () => {
    const user = 'Generate a software engineer profile'
    const body = (model: string) => ({
      model,
      input: [userItem(user)],
      tool_choice: { type: 'function', name: 'structured_output' },
      tools: [{ type: 'function', name: 'structured_output' }],
    })
    const namespace = tokens(bareNamespace('structured_output'))
    expect(estimate(body('gpt-4.1'))).toBe(4 + tokens(user) + namespace - 3 + 9 + 3)
    expect(estimate(body('o3'))).toBe(4 + tokens(user) + namespace + 2)
    // req_llm's gpt_4_1/object_streaming.json reported 40, o3/object_streaming.json 32.
    expect(Math.abs(estimate(body('gpt-4.1')) - 40)).toBeLessThanOrEqual(1)
    expect(estimate(body('o3'))).toBe(32)
  })
})

describe('Responses API: what else the reports show', () => {
  const user =
    "Call the add tool with a=2 and b=3. After receiving the tool result, reply exactly with 'sum=<value>'."

  it('bills nothing for an assistant item with no content (gpt-4.1 reported 34, gpt-5-nano 33)', () => {
    const body = (model: string) => ({
      model,
      input: [userItem(user), { role: 'assistant', content: [] }],
    })
    expect(estimate(body('gpt-4.1'))).toBe(4 + tokens(user) + 3)
    // req_llm's gpt_4_1/tool_round_trip_2.json and gpt_5_nano/tool_round_trip_2.json.
    expect(estimate(body('gpt-4.1'))).toBe(34)
    expect(estimate(body('gpt-5-nano'))).toBe(33)
  })

  it('gpt-5-chat-latest primes its reply as GPT-4 does, with 3 (reported 10)', () => {
    const body = { model: 'gpt-5-chat-latest', input: [userItem('Hello world!')] }
    expect(requestOverhead({ model: 'gpt-5-chat-latest', wire: 'openai-responses' })).toBe(3)
    expect(requestOverhead({ model: 'gpt-5-chat-latest', wire: 'openai-chat' })).toBe(3)
    // req_llm's gpt_5_chat_latest/basic.json: input_tokens 10.
    expect(estimate(body)).toBe(10)
  })

  it('a JSON schema format alone comes in no message of its own (gpt-5-chat-latest reported 72)', () => {
    const prompt = 'Generate a software engineer profile'
    const schema = {
      type: 'object',
      properties: {
        age: { description: "Person's age in years", minimum: 1, type: 'integer' },
        name: { description: "Person's full name", type: 'string' },
        occupation: { description: "Person's job or profession", type: 'string' },
      },
      required: ['age', 'name', 'occupation'],
      additionalProperties: false,
    }
    const body = {
      model: 'gpt-5-chat-latest',
      input: [userItem(prompt)],
      text: { format: { type: 'json_schema', name: 'output_schema', schema, strict: true } },
    }
    // harmony's "# Response Formats" section, its schema without `required` and
    // `additionalProperties`; Chat Completions would add 8 for a message of its own.
    const section =
      '# Response Formats\n\n## output_schema\n\n' +
      JSON.stringify({ type: 'object', properties: schema.properties })
    expect(estimate(body)).toBe(4 + tokens(prompt) + tokens(section) + 3)
    // req_llm's gpt_5_chat_latest/object_basic.json: input_tokens 72 (with the 8, 83).
    expect(Math.abs(estimate(body) - 72)).toBeLessThanOrEqual(3)
  })
})

// 0xPlaygrounds/rig @b75850e8, tests/cassettes/openai/…: recorded requests with the usage their
// responses reported (7 December 2026). The sums spell out the rule by hand.
describe('Responses API: tool_choice "required" costs what a forced function does', () => {
  const user = 'Call ping exactly once with no arguments.'
  const ping = {
    description: 'Matrix tool ping',
    name: 'ping',
    parameters: { additionalProperties: false, properties: {}, type: 'object' },
  }
  const namespace =
    '# Tools\n\n## functions\n\nnamespace functions {\n\n' +
    '// Matrix tool ping\ntype ping = () => any;\n\n} // namespace functions'
  const responsesBody = (toolChoice: unknown) => ({
    input: [userItem(user)],
    model: 'gpt-4.1-nano',
    tool_choice: toolChoice,
    tools: [{ ...ping, type: 'function' }],
  })

  it('adds 9 on gpt-4.1-nano (reported 45), where the same request to Chat reported 42, and nothing on gpt-5.6', () => {
    // The user's message, the namespace less 3, the forced choice's 9, 3 to prime the reply.
    const byHand = 4 + tokens(user) + tokens(namespace) - 3 + 9 + 3
    expect(estimate(responsesBody('required'))).toBe(byHand)
    // raw_completion_parity_matrix/responses_tool_turn_parity.yaml: input_tokens 45.
    expect(byHand).toBe(45)
    expect(estimate(responsesBody('required')) - estimate(responsesBody('auto'))).toBe(9)
    // Nothing on GPT-5: streaming_grammar/incomplete_mid_tool_call.yaml (gpt-5.6) reported 83,
    // exact without it.
    const gpt5 = { ...responsesBody('required'), model: 'gpt-5.6' }
    expect(estimate(gpt5) - estimate({ ...gpt5, tool_choice: 'auto' })).toBe(0)
  })

  it('is kept with the tools, not reported as a setting; on Chat Completions it is a setting that costs nothing', () => {
    const responses = importConversation(
      JSON.stringify(responsesBody('required')),
      'openai-responses',
    )
    expect(responses.report.map((n) => n.path)).not.toContain('tool_choice')
    const chatBody = {
      messages: [{ content: user, role: 'user' }],
      model: 'gpt-4.1-nano',
      tool_choice: 'required',
      tools: [{ function: ping, type: 'function' }],
    }
    const chat = importConversation(JSON.stringify(chatBody), 'openai')
    expect(chat.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'tool_choice' }),
    )
    const spec = { model: 'gpt-4.1-nano', wire: chat.wire }
    // The namespace less 1, a system message's 4 for it, the user's message, 3 to prime.
    const byHand = tokens(namespace) - 1 + 4 + 4 + tokens(user) + 3
    expect(requestOverhead(spec) + countMessagesTokens(spec, chat.messages)).toBe(byHand)
    // raw_completion_parity_matrix/chat_tool_turn_parity.yaml: prompt_tokens 42.
    expect(byHand).toBe(42)
  })
})

describe('Responses API: a format schema’s $schema keyword is not billed', () => {
  it('gpt-4o, a three-field schema with $schema and title (reported 64)', () => {
    const prompt = 'Return a concise event object for a local Rust meetup in Seattle.'
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      additionalProperties: false,
      properties: {
        category: { type: 'string' },
        summary: { type: 'string' },
        title: { type: 'string' },
      },
      required: ['title', 'category', 'summary'],
      title: 'SmokeStructuredOutput',
      type: 'object',
    }
    const body = {
      input: [userItem(prompt)],
      model: 'gpt-4o',
      text: {
        format: { name: 'SmokeStructuredOutput', schema, strict: true, type: 'json_schema' },
      },
    }
    // The section's schema without $schema, additionalProperties and required; its title kept.
    const shown =
      '{"properties":{"category":{"type":"string"},"summary":{"type":"string"},"title":{"type":"string"}},"title":"SmokeStructuredOutput","type":"object"}'
    const section = `# Response Formats\n\n## SmokeStructuredOutput\n\n${shown}`
    const byHand = 4 + tokens(prompt) + tokens(section) + 3
    expect(estimate(body)).toBe(byHand)
    // structured_output/structured_output_smoke.yaml: input_tokens 64 (80 with the $schema).
    expect(Math.abs(byHand - 64)).toBeLessThanOrEqual(1)
  })
})

describe('Responses API: a function call and its output on the GPT-4 class, as Chat prices them', () => {
  // DataDog/dd-trace-js @5735ffe7, packages/dd-trace/test/llmobs/cassettes/openai/
  // openai_responses_post_25afe662.json: gpt-4o-mini, input_tokens 90.
  const system = 'You are a helpful assistant'
  const user = 'What is the weather in Tokyo?'
  const args = '{"location":"Tokyo"}'
  const output = '{"location":"Tokyo","temperature":72}'
  const body = (model: string, callId: string) => ({
    model,
    input: [
      { role: 'system', content: system },
      userItem(user),
      { type: 'function_call', call_id: callId, name: 'weather', arguments: args },
      { type: 'function_call_output', call_id: callId, output },
    ],
    tools: [
      {
        type: 'function',
        name: 'weather',
        description: 'Get the weather in a given location',
        parameters: {
          type: 'object',
          properties: {
            location: { type: 'string', description: 'The location to get the weather for' },
          },
        },
      },
    ],
  })
  const namespace =
    '# Tools\n\n## functions\n\nnamespace functions {\n\n' +
    '// Get the weather in a given location\ntype weather = (_: {\n' +
    '// The location to get the weather for\nlocation?: string,\n}) => any;\n\n' +
    '} // namespace functions'

  it('prices the call as its name and arguments, not its id, unlike GPT-5’s (reported 90)', () => {
    const byHand =
      4 +
      tokens(system) +
      4 +
      tokens(user) +
      // The call: its item's framing, the function's name and arguments, Chat's 8 a call.
      4 +
      tokens('weather') +
      tokens(args) +
      8 +
      // The output: its item's framing and its text.
      4 +
      tokens(output) +
      tokens(namespace) -
      3 +
      3
    const short = estimate(body('gpt-4o-mini', 'call_1'))
    expect(short).toBe(byHand)
    expect(estimate(body('gpt-4o-mini', 'call_NvLCkOSGXSGU6TjvCG1wvtRI'))).toBe(short)
    // Reported 90; priced as its JSON, id and all, it was 117 (+30%).
    expect(Math.abs(byHand - 90) / 90).toBeLessThan(0.05)
    // GPT-5's calls are still priced as their JSON, id and all, as Codex's rollouts bear out.
    const gpt5 = estimate(body('gpt-5', 'call_1'))
    expect(estimate(body('gpt-5', 'call_NvLCkOSGXSGU6TjvCG1wvtRI'))).toBeGreaterThan(gpt5)
  })
})
