import { describe, expect, it } from 'vitest'
import {
  countEachMessage,
  countMessagesTokens,
  countSlice,
  sliceRequest,
  exportConversationWithReport,
  importConversation,
  requestOverhead,
} from '../../src/index'
import { MAX_REF_EXPANSIONS, renderToolsNamespace } from '../../src/pricing/harmony'
import { tiktokenFor } from './helpers/tiktoken'

// Requests recorded with their reported usage.prompt_tokens in pydantic/pydantic-ai's VCR
// cassettes (tests/models/cassettes/…, @4fda3898); the bodies below are restated from them.
const tokens = (text: string) => tiktokenFor('o200k_base').encode(text).length

function estimate(body: Record<string, unknown>): number {
  const imported = importConversation(JSON.stringify(body), 'openai')
  const spec = { model: String(body.model), wire: imported.wire }
  return requestOverhead(spec) + countMessagesTokens(spec, imported.messages)
}

const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
    strict: true,
  },
}

describe('harmony: the o-series and GPT-5 read tools as a TypeScript-like namespace', () => {
  it('renders the functions of harmony’s documented example as the guide shows them', () => {
    // openai/harmony docs/format.md, "Function calling": the developer message's tools section.
    const tools = [
      {
        type: 'function',
        function: { name: 'get_location', description: 'Gets the location of the user.' },
      },
      {
        type: 'function',
        function: {
          name: 'get_current_weather',
          description: 'Gets the current weather in the provided location.',
          parameters: {
            type: 'object',
            properties: {
              location: {
                type: 'string',
                description: 'The city and state, e.g. San Francisco, CA',
              },
              format: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
            },
            required: ['location'],
          },
        },
      },
    ]
    expect(renderToolsNamespace(tools)).toBe(
      [
        '# Tools',
        '',
        '## functions',
        '',
        'namespace functions {',
        '',
        '// Gets the location of the user.',
        'type get_location = () => any;',
        '',
        '// Gets the current weather in the provided location.',
        'type get_current_weather = (_: {',
        '// The city and state, e.g. San Francisco, CA',
        'location: string,',
        'format?: "celsius" | "fahrenheit", // default: celsius',
        '}) => any;',
        '',
        '} // namespace functions',
      ].join('\n'),
    )
  })

  it('gpt-5-mini with one tool: the namespace, the tools prompt, the message, 2 of priming (reported 132)', () => {
    const user = "What's the weather in Paris?"
    const body = {
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: user }],
      tools: [WEATHER_TOOL],
    }
    const namespace =
      '# Tools\n\n## functions\n\nnamespace functions {\n\n// Get the current weather for a city.\n' +
      'type get_weather = (_: {\ncity: string,\n}) => any;\n\n} // namespace functions'
    // the namespace's text, 83 of system message and developer framing, 4 + the user's text, 2.
    expect(estimate(body)).toBe(tokens(namespace) + 83 + 4 + tokens(user) + 2)
    // test_tool_choice_matrix[auto-openai].yaml reported 132.
    expect(Math.abs(estimate(body) - 132)).toBeLessThanOrEqual(2)
  })

  it('primes a harmony model’s reply with 2 tokens, a GPT-4 model’s with 3 (gpt-5 reported 13)', () => {
    const messages = [{ role: 'user', content: 'What is the capital of France?' }]
    // test_openai_model_settings_temperature_ignored_on_gpt_5.yaml: prompt_tokens 13.
    expect(estimate({ model: 'gpt-5', messages })).toBe(4 + tokens(messages[0].content) + 2)
    expect(estimate({ model: 'gpt-5', messages })).toBe(13)
    expect(requestOverhead({ model: 'o3-mini', wire: 'openai-chat' })).toBe(2)
    expect(requestOverhead({ model: 'gpt-4o', wire: 'openai-chat' })).toBe(3)
  })
})

describe('Chat Completions: every model reads its tools as the namespace', () => {
  const user = 'What is the temperature in Tokyo?'
  const system = 'You are a helpful assistant.'
  const temperature = {
    type: 'function',
    function: {
      name: 'get_temperature',
      description: '',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
      strict: true,
    },
  }
  const namespace =
    '# Tools\n\n## functions\n\nnamespace functions {\n\n' +
    'type get_temperature = (_: {\ncity: string,\n}) => any;\n\n} // namespace functions'

  it('joins the system message: the namespace less 1 (gpt-4.1-mini reported 50)', () => {
    const body = {
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      tools: [temperature],
    }
    // two messages (4 + text each), the namespace less 1, 3 of priming.
    const expected = 4 + tokens(system) + 4 + tokens(user) + tokens(namespace) - 1 + 3
    expect(estimate(body)).toBe(expected)
    // test_openai_instructions_with_tool_calls_keep_instructions.yaml#0 reported 50.
    expect(Math.abs(estimate(body) - 50)).toBeLessThanOrEqual(1)
  })

  it('without a system message, comes in one of its own: 4 more (gpt-4o reported 42)', () => {
    const country = 'What is the largest city in the user country?'
    const tool = {
      type: 'function',
      function: {
        name: 'get_user_country',
        description: '',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    }
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: country }], tools: [tool] }
    const section =
      '# Tools\n\n## functions\n\nnamespace functions {\n\n' +
      'type get_user_country = () => any;\n\n} // namespace functions'
    // the user's message, the section less 1 in a system message of its own (4), 3 of priming.
    expect(estimate(body)).toBe(4 + tokens(country) + tokens(section) - 1 + 4 + 3)
    // test_openai_text_output_function.yaml#0 reported 42.
    expect(estimate(body)).toBe(42)
  })

  it('an o-series model prices its tools as Chat does, without GPT-5’s tools prompt', () => {
    const body = {
      model: 'o3-mini',
      messages: [{ role: 'user', content: user }],
      tools: [temperature],
    }
    // the user's message, the namespace less 1 in a system message of its own, 2 of priming.
    expect(estimate(body)).toBe(4 + tokens(user) + tokens(namespace) - 1 + 4 + 2)
  })

  it('the counting workers’ slices price the schemas beside a system message as the core does', () => {
    const body = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      tools: [temperature],
    }
    const { messages, wire } = importConversation(JSON.stringify(body), 'openai')
    const spec = { model: 'gpt-4o', wire }
    const whole = countEachMessage(spec, messages)
    const sliced = countSlice(sliceRequest(spec, messages, { start: 0, end: 1 }))
    expect(Array.from(sliced.counts)).toEqual(whole.slice(0, 1))
    expect(whole[0]).toBe(tokens(namespace) - 1)
  })
})

describe('the namespace renders a schema as openai/harmony’s json_schema_to_typescript', () => {
  const render = (parameters: unknown, description = '') =>
    renderToolsNamespace([{ type: 'function', function: { name: 'f', description, parameters } }])
  const body = (text: string | undefined) =>
    String(text).split('namespace functions {\n\n')[1].split('\n\n}')[0]

  it('a property’s title and description as comments, a string default quoted', () => {
    const parameters = {
      type: 'object',
      properties: {
        query: { title: 'Query', description: 'What to look up', type: 'string', default: 'x' },
        mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
        n: { type: 'integer', default: 3 },
      },
      required: ['query'],
    }
    expect(body(render(parameters))).toBe(
      [
        'type f = (_: {',
        '// Query',
        '//',
        '// What to look up',
        'query: string, // default: "x"',
        'mode?: "a" | "b", // default: a',
        'n?: number, // default: 3',
        '}) => any;',
      ].join('\n'),
    )
  })

  it('a oneOf property as one member a line, a nested object indented, nullable unions', () => {
    const parameters = {
      type: 'object',
      properties: {
        target: {
          description: 'Where to send it',
          oneOf: [
            { type: 'string', description: 'An address' },
            { type: 'integer', description: 'A user id', nullable: true },
          ],
        },
        steps: {
          type: 'array',
          items: { type: 'object', properties: { n: { type: ['integer', 'null'] } } },
        },
      },
      required: ['target', 'steps'],
    }
    expect(body(render(parameters))).toBe(
      [
        'type f = (_: {',
        '// Where to send it',
        'target:',
        ' | string',
        ' | number | null // A user id',
        ',',
        'steps: {',
        '    n?: number | null,',
        '    }[],',
        '}) => any;',
      ].join('\n'),
    )
  })

  it('a nested object’s own description after its property’s in harmony; not for GPT-4-class models', () => {
    const parameters = {
      type: 'object',
      properties: {
        product: {
          type: 'object',
          description: 'The product',
          properties: { name: { type: 'string' } },
        },
      },
      required: ['product'],
    }
    // openai/harmony ec7606df, json_schema_to_typescript: the property's description, then the
    // object's own at the nested indent.
    expect(body(render(parameters))).toBe(
      [
        'type f = (_: {',
        '// The product',
        'product:     // The product',
        '{',
        '    name?: string,',
        '    },',
        '}) => any;',
      ].join('\n'),
    )
    // GPT-4 class: the object's own description is not billed (seven recorded gpt-4o and
    // gpt-4o-mini requests of sublayerapp/sublayer @d103e662, docs/tokens.md "Tool schemas").
    const gpt4 = renderToolsNamespace(
      [{ type: 'function', function: { name: 'f', description: '', parameters } }],
      false,
    )
    expect(body(gpt4)).toBe(
      [
        'type f = (_: {',
        '// The product',
        'product: {',
        '    name?: string,',
        '    },',
        '}) => any;',
      ].join('\n'),
    )
  })

  it('an anyOf (a pydantic optional field) as a oneOf, one member a line', () => {
    const parameters = {
      type: 'object',
      properties: {
        country: {
          anyOf: [{ type: 'string' }, { type: 'null' }],
          description: 'Country name.',
          default: null,
        },
      },
    }
    expect(body(render(parameters))).toBe(
      [
        'type f = (_: {',
        '// Country name.',
        '// default: null',
        'country?:',
        ' | string',
        ' | any',
        ',',
        '}) => any;',
      ].join('\n'),
    )
  })

  it('a $ref to the parameters’ $defs as the definition it names; a recursive one as any', () => {
    const parameters = {
      $defs: {
        Entity: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Entity' } },
          },
          required: ['name'],
        },
      },
      type: 'object',
      properties: { entities: { type: 'array', items: { $ref: '#/$defs/Entity' } } },
      required: ['entities'],
    }
    expect(body(render(parameters))).toBe(
      [
        'type f = (_: {',
        'entities: {',
        '    name: string,',
        '    children?: any[],',
        '    }[],',
        '}) => any;',
      ].join('\n'),
    )
  })

  it('an allOf of one $ref as the definition written out, its title kept (gpt-3.5-turbo reported it so)', () => {
    // pydantic's schema of a described field whose type is a model or an enum.
    const $defs = { Colour: { title: 'Colour', type: 'string', enum: ['red', 'green'] } }
    const described = { description: 'The colour seen' }
    const wrapped = {
      $defs,
      type: 'object',
      properties: { colour: { allOf: [{ $ref: '#/$defs/Colour' }], ...described } },
      required: ['colour'],
    }
    // Written out by hand: the definition's title as a title comment, then the description.
    const inline = [
      'type f = (_: {',
      '// Colour',
      '//',
      '// The colour seen',
      'colour: "red" | "green",',
      '}) => any;',
    ].join('\n')
    expect(body(render(wrapped))).toBe(inline)
    // The same text as the enum written inline with its title, which the API billed alike: a
    // recorded gpt-3.5-turbo request of this shape (HumanSignal/Adala @10cff732) reported 96, the
    // inline form prices it at 96, the member left `any` at 85 (docs/tokens.md, "Tool schemas").
    const written = { ...$defs.Colour, ...described }
    const plain = { type: 'object', properties: { colour: written }, required: ['colour'] }
    expect(render(wrapped)).toBe(render(plain))
    // An allOf of one inline member is that member; a $ref alone keeps no title (unchanged).
    const member = { type: 'object', properties: { n: { allOf: [{ type: 'integer' }] } } }
    expect(body(render(member))).toBe('type f = (_: {\nn?: number,\n}) => any;')
    const bare = { ...wrapped, properties: { colour: { $ref: '#/$defs/Colour', ...described } } }
    expect(body(render(bare))).toBe(inline.replace('// Colour\n//\n', ''))
  })

  it('stops expanding references after MAX_REF_EXPANSIONS, so definitions that name each other twice stay small', () => {
    // Each level names the next twice: 2^30 expansions if every reference were rendered.
    const $defs: Record<string, unknown> = { L30: { type: 'string' } }
    for (let i = 0; i < 30; i++) {
      $defs[`L${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/L${i + 1}` }, b: { $ref: `#/$defs/L${i + 1}` } },
      }
    }
    const parameters = { $defs, type: 'object', properties: { root: { $ref: '#/$defs/L0' } } }
    const text = String(render(parameters))
    // At most MAX_REF_EXPANSIONS objects are spelt out; the rest are `any`.
    expect(text.split('{').length - 1).toBeLessThanOrEqual(MAX_REF_EXPANSIONS + 2)
    expect(text).toContain('a?: any,')
  })

  it('a description’s lines as Rust’s lines(): no empty last line, no carriage return', () => {
    const parameters = { type: 'object', properties: { q: { type: 'string' } } }
    expect(render(parameters, 'Search.\r\n\nArgs:\n    q: text\n')).toContain(
      '// Search.\n// \n// Args:\n//     q: text\ntype f = (_: {',
    )
  })
})

describe('Chat Completions tool calls and results', () => {
  const user = 'What is the largest city in the user country?'
  const tools = [
    {
      type: 'function',
      function: {
        name: 'get_user_country',
        description: '',
        parameters: { type: 'object', properties: {}, additionalProperties: false },
      },
    },
  ]
  const call = {
    role: 'assistant',
    tool_calls: [
      {
        id: 'call_J1YabdC7G7kzEZNbbZopwenH',
        type: 'function',
        function: { name: 'get_user_country', arguments: '{}' },
      },
    ],
  }
  const result = { role: 'tool', tool_call_id: 'call_J1YabdC7G7kzEZNbbZopwenH', content: 'Mexico' }

  it('a call costs its name and arguments, not its id or JSON; a result its text (gpt-4o grew by 21)', () => {
    const first = estimate({ model: 'gpt-4o', messages: [{ role: 'user', content: user }], tools })
    const second = estimate({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: user }, call, result],
      tools,
    })
    // the call's message 4, name, arguments, 8 a call; the result's message 4 and its text.
    expect(second - first).toBe(
      4 + tokens('get_user_country') + tokens('{}') + 8 + 4 + tokens('Mexico'),
    )
    // test_openai_text_output_function.yaml: prompt_tokens 42, then 63.
    expect(second - first).toBe(63 - 42)
  })

  it('parallel calls cost one call of the multi_tool_use.parallel wrapper (gpt-4o-mini reported 99)', () => {
    // open-telemetry/opentelemetry-python-contrib @466ae4c0, the OpenAI instrumentation's
    // test_chat_completion_tool_calls_with_content.yaml, second request: no tools declared.
    const system = "You're a helpful assistant."
    const ask = "What's the weather in Seattle and San Francisco today?"
    const calls = [
      ['call_eqbDFUdPqay2WjsSzZEiAn0U', '{"location": "Seattle, WA"}'],
      ['call_tn3sgasg6GaftTdancBYJNJN', '{"location": "San Francisco, CA"}'],
    ]
    const body = {
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: ask },
        {
          role: 'assistant',
          tool_calls: calls.map(([id, args]) => ({
            id,
            type: 'function',
            function: { name: 'get_current_weather', arguments: args },
          })),
        },
        { role: 'tool', content: '50 degrees and raining', tool_call_id: calls[0][0] },
        { role: 'tool', content: '70 degrees and sunny', tool_call_id: calls[1][0] },
      ],
    }
    // Each call's arguments as compact JSON, as a single call's are priced.
    const wrapper =
      '{"tool_uses":[' +
      '{"recipient_name":"functions.get_current_weather","parameters":{"location":"Seattle, WA"}},' +
      '{"recipient_name":"functions.get_current_weather","parameters":{"location":"San Francisco, CA"}}' +
      ']}'
    // 3 for the reply; 3 + 1 a message; the wrapper's call: its name, its arguments, 8 a call.
    const byHand =
      3 +
      4 +
      tokens(system) +
      4 +
      tokens(ask) +
      4 +
      tokens('multi_tool_use.parallel') +
      tokens(wrapper) +
      8 +
      4 +
      tokens('50 degrees and raining') +
      4 +
      tokens('70 degrees and sunny')
    expect(estimate(body)).toBe(byHand)
    expect(byHand).toBe(99)
  })
})

describe('a forced function: tool_choice is kept, priced and written back', () => {
  // langchain-ai/langsmith-sdk @bc8dd672, python/tests/cassettes/6127babf-….yaml, request 20:
  // reported prompt_tokens 97.
  const tool = {
    type: 'function',
    function: {
      name: 'reference_accuracy',
      description: 'Whether the output is accurate with respect to the expected output.',
      parameters: {
        type: 'object',
        properties: {
          score: {
            type: 'string',
            enum: ['Y', 'N'],
            description: 'The score for the evaluation, one of Y, N.',
          },
        },
        required: ['score'],
      },
    },
  }
  const choice = { type: 'function', function: { name: 'reference_accuracy' } }
  const body = (model: string, toolChoice: unknown) => ({
    messages: [
      {
        content:
          'Is the output accurate with respect to the expected output? Y/N\nOutput: Yes\nExpected: Yes',
        role: 'user',
      },
    ],
    model,
    parallel_tool_calls: false,
    tool_choice: toolChoice,
    tools: [tool],
  })

  it('costs 9 more on a GPT-4-class model, whatever its name, and nothing on GPT-5', () => {
    expect(estimate(body('gpt-4o', choice))).toBe(97)
    expect(estimate(body('gpt-4o', choice)) - estimate(body('gpt-4o', 'auto'))).toBe(9)
    expect(estimate(body('gpt-5', choice)) - estimate(body('gpt-5', 'auto'))).toBe(0)
  })

  it('is not reported as a setting, and goes back into an exported request; "auto" is a setting', () => {
    const forced = importConversation(JSON.stringify(body('gpt-4o', choice)), 'openai')
    expect(forced.report.map((n) => n.path)).not.toContain('tool_choice')
    const chat = JSON.parse(
      exportConversationWithReport(forced.messages, 'openai', { model: 'gpt-4o' }).text,
    )
    expect(chat.tool_choice).toEqual(choice)
    // Anthropic's form of the same choice (Messages API, `tool_choice`).
    const anthropic = JSON.parse(
      exportConversationWithReport(forced.messages, 'anthropic', { model: 'claude-sonnet-4-5' })
        .text,
    )
    expect(anthropic.tool_choice).toEqual({ type: 'tool', name: 'reference_accuracy' })
    const auto = importConversation(JSON.stringify(body('gpt-4o', 'auto')), 'openai')
    expect(auto.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'tool_choice' }),
    )
    const unforced = JSON.parse(
      exportConversationWithReport(auto.messages, 'openai', { model: 'gpt-4o' }).text,
    )
    expect(unforced.tool_choice).toBeUndefined()
  })
})

describe('structured output: response_format is read, priced and written back', () => {
  const schema = {
    properties: { city: { type: 'string' }, country: { type: 'string' } },
    required: ['city', 'country'],
    type: 'object',
  }
  const responseFormat = {
    type: 'json_schema',
    json_schema: { name: 'result', schema, strict: false },
  }
  const messages = [{ role: 'user', content: 'What is the largest city in the user country?' }]

  it('costs harmony’s "# Response Formats" section: its name, then the schema as JSON', () => {
    const without = estimate({ model: 'gpt-4o', messages })
    const withFormat = estimate({ model: 'gpt-4o', messages, response_format: responseFormat })
    // The schema as compact JSON, without `required` (see the next test).
    const shown =
      '{"properties":{"city":{"type":"string"},"country":{"type":"string"}},"type":"object"}'
    const section = `# Response Formats\n\n## result\n\n${shown}`
    // With no system message or tools to join, in a message of its own (the next tests): 8.
    expect(withFormat - without).toBe(tokens(section) + 8)
  })

  it('leaves out additionalProperties and required at every level, not a property so named', () => {
    // Two recorded gpt-4o requests that differ only in their schema (flat, and an anyOf of two
    // objects with additionalProperties false at three levels) reported 89 tokens apart; this
    // rendering of the two differs by 89 (docs/tokens.md, "Wire overhead").
    const nested = {
      type: 'object',
      properties: {
        result: {
          anyOf: [
            {
              type: 'object',
              properties: { kind: { const: 'city' }, required: { type: 'boolean' } },
              required: ['kind', 'required'],
              additionalProperties: false,
            },
            { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false },
          ],
        },
      },
      required: ['result'],
      additionalProperties: false,
    }
    const format = { type: 'json_schema', json_schema: { name: 'final', schema: nested } }
    const without = estimate({ model: 'gpt-4o', messages })
    const withFormat = estimate({ model: 'gpt-4o', messages, response_format: format })
    const shown =
      '{"type":"object","properties":{"result":{"anyOf":[' +
      '{"type":"object","properties":{"kind":{"const":"city"},"required":{"type":"boolean"}}},' +
      '{"type":"object","properties":{"n":{"type":"integer"}}}]}}}'
    expect(withFormat - without).toBe(tokens(`# Response Formats\n\n## final\n\n${shown}`) + 8)
  })

  it('alone, with no system message and no tools, comes in a message of its own: 8 more', () => {
    // 47 recorded GPT-4-class requests with a schema and neither a system message nor tools
    // reported 8 more than the section and the messages (docs/tokens.md, "Wire overhead").
    const format = {
      type: 'json_schema',
      json_schema: {
        name: 'joke',
        schema: {
          type: 'object',
          properties: { joke: { type: 'string', description: 'The joke' } },
        },
      },
    }
    const user = 'Tell me a joke about tokens'
    const section =
      '# Response Formats\n\n## joke\n\n' +
      '{"type":"object","properties":{"joke":{"type":"string","description":"The joke"}}}'
    const alone = estimate({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: user }],
      response_format: format,
    })
    expect(alone).toBe(4 + tokens(user) + tokens(section) + 8 + 3)
    const system = 'Answer in JSON.'
    const withSystem = estimate({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      response_format: format,
    })
    expect(withSystem).toBe(4 + tokens(system) + 4 + tokens(user) + tokens(section) + 3)
  })

  it('json_object has no schema and adds no section', () => {
    const without = estimate({ model: 'gpt-4o', messages })
    const jsonObject = estimate({
      model: 'gpt-4o',
      messages,
      response_format: { type: 'json_object' },
    })
    expect(jsonObject).toBe(without)
  })

  it('is not reported as an unknown field, and goes back into an exported request', () => {
    const text = JSON.stringify({ model: 'gpt-4o', messages, response_format: responseFormat })
    const imported = importConversation(text, 'openai')
    expect(imported.report.map((n) => n.path)).not.toContain('response_format')
    const exported = JSON.parse(
      exportConversationWithReport(imported.messages, 'openai', { model: 'gpt-4o' }).text,
    )
    expect(exported.response_format).toEqual(responseFormat)
    expect(exported.messages).toEqual(messages)
  })
})

describe('the search models bill a prompt as its texts alone', () => {
  // Two recorded gpt-4o-search-preview requests (a system and a user message) reported exactly
  // their texts' tokens (11 and 12): no message framing, no reply priming.
  const messages = [
    { role: 'system', content: 'You are a concise travel assistant.' },
    { role: 'user', content: 'What is the weather in Lisbon today?' },
  ]
  const texts = tokens(messages[0].content) + tokens(messages[1].content)

  it('gpt-4o-search-preview and its mini: the texts, nothing more', () => {
    expect(estimate({ model: 'gpt-4o-search-preview', messages })).toBe(texts)
    expect(estimate({ model: 'gpt-4o-mini-search-preview-2025-03-11', messages })).toBe(texts)
  })

  it('gpt-4o keeps the cookbook’s framing: 3 + 1 a message and 3 for the reply', () => {
    expect(estimate({ model: 'gpt-4o', messages })).toBe(texts + 2 * 4 + 3)
  })
})
