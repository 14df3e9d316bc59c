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
