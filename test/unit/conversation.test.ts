import { describe, expect, it } from 'vitest'
import {
  ConversationParseError,
  parseConversation,
  serializeConversation,
  type Message,
} from '@core'

/** The ConversationParseError that parsing `text` throws. */
function parseError(text: string): ConversationParseError {
  try {
    parseConversation(text)
  } catch (error) {
    expect(error).toBeInstanceOf(ConversationParseError)
    return error as ConversationParseError
  }
  throw new Error(`parsed ${JSON.stringify(text)}`)
}

describe('parseConversation: what it accepts', () => {
  it('reads a bare array of messages, with no model', () => {
    const parsed = parseConversation('[{"type":"user","text":"hi"}]')
    expect(parsed).toEqual({ messages: [{ type: 'user', text: 'hi' }], warnings: [] })
    expect('model' in parsed).toBe(false)
  })

  it('reads { model, messages } and { messages }', () => {
    expect(parseConversation('{"model":"gpt-4o","messages":[]}')).toEqual({
      model: 'gpt-4o',
      messages: [],
      warnings: [],
    })
    expect(parseConversation('{"messages":[{"type":"bot","text":""}]}').messages).toEqual([
      { type: 'bot', text: '' },
    ])
  })

  it('accepts a leading byte-order mark', () => {
    expect(parseConversation('\ufeff[{"type":"user","text":"hi"}]').messages).toEqual([
      { type: 'user', text: 'hi' },
    ])
  })

  it('drops empty ids and payloads, keeps every other field, in wire order', () => {
    const parsed = parseConversation(
      JSON.stringify([
        {
          meta: { summarizedIds: ['a'], droppedCount: 1, compacted: true },
          payload: 'p',
          text: 't',
          type: 'context',
          id: 'x',
        },
        { id: '', type: 'user', text: 'u', payload: '' },
        { payload: 'q', text: 'b', type: 'bot', id: 'y' },
      ]),
    )
    expect(parsed.messages).toEqual([
      {
        id: 'x',
        type: 'context',
        text: 't',
        payload: 'p',
        meta: { compacted: true, droppedCount: 1, summarizedIds: ['a'] },
      },
      { type: 'user', text: 'u' },
      { id: 'y', type: 'bot', text: 'b', payload: 'q' },
    ])
    expect(Object.keys(parsed.messages[0])).toEqual(['id', 'type', 'text', 'payload', 'meta'])
    // A message without meta too, whatever order the file holds its keys in.
    expect(Object.keys(parsed.messages[2])).toEqual(['id', 'type', 'text', 'payload'])
    expect(Object.keys(parsed.messages[0].meta!)).toEqual([
      'compacted',
      'droppedCount',
      'summarizedIds',
    ])
  })

  it('keeps an unknown type verbatim', () => {
    expect(parseConversation('[{"type":"Tool_Result","text":"x"}]').messages[0].type).toBe(
      'Tool_Result',
    )
  })
})

describe('parseConversation: malformed JSON gives line and column', () => {
  it('a missing comma', () => {
    // Line 3 is `  {"type": "bot" "text": "yo"}`: two spaces, `{` at 3, `"type"` at 4–9, `:` at
    // 10, a space, `"bot"` at 12–16, a space, and the unexpected `"text"` at column 18.
    const error = parseError(
      '[\n  {"type": "user", "text": "hi"},\n  {"type": "bot" "text": "yo"}\n]',
    )
    expect({ line: error.line, column: error.column }).toEqual({ line: 3, column: 18 })
    expect(error.message).toBe("line 3, column 18: malformed JSON: expected ','")
  })

  it('a trailing comma', () => {
    // `[{"type":"user","text":"a"},]`: `[` 1, `{` 2, `"type"` 3–8, `:` 9, `"user"` 10–15, `,` 16,
    // `"text"` 17–22, `:` 23, `"a"` 24–26, `}` 27, `,` 28, and `]` where a value belongs, at 29.
    const error = parseError('[{"type":"user","text":"a"},]')
    expect({ line: error.line, column: error.column }).toEqual({ line: 1, column: 29 })
    expect(error.problem).toBe('malformed JSON: expected a value')
  })

  it('an unterminated string', () => {
    // `{"messages": [{"type": "user", "text": "abc`: the string `"abc` opens at column 40.
    const error = parseError('{"messages": [{"type": "user", "text": "abc')
    expect({ line: error.line, column: error.column }).toEqual({ line: 1, column: 40 })
    expect(error.problem).toBe('malformed JSON: unexpected end of string')
  })

  it('after a byte-order mark, columns count from the first character after it', () => {
    // Line 3 is `,]`: the `]` at column 2 is where a value belongs.
    const error = parseError('\ufeff[\n{"type":"user","text":"a"}\n,]')
    expect({ line: error.line, column: error.column }).toEqual({ line: 3, column: 2 })
  })

  it('an empty file', () => {
    const error = parseError('')
    expect({ line: error.line, column: error.column }).toEqual({ line: 1, column: 1 })
  })
})

describe('parseConversation: a wrong shape gives the message index and the field', () => {
  it.each([
    ['[{"text":"a"}]', 0, 'type', 'missing "type"', 1, 2],
    [
      '[{"type":"","text":"a"}]',
      0,
      'type',
      '"type" is a string (empty), not a non-empty string',
      1,
      3,
    ],
    ['[{"type":"user"}]', 0, 'text', 'missing "text"', 1, 2],
    [
      '{"messages":[{"type":"user","text":"ok"},\n  {"type":"bot","text":42}]}',
      1,
      'text',
      '"text" is a number, not a string',
      // Line 2 is `  {"type":"bot","text":42}]}`: `"text"` starts at column 17.
      2,
      17,
    ],
    ['[{"type":"user","text":null}]', 0, 'text', '"text" is null, not a string', 1, 17],
    ['[{"type":"user","text":"a","id":7}]', 0, 'id', '"id" is a number, not a string', 1, 28],
    [
      '[{"type":"user","text":"a","payload":{"x":1}}]',
      0,
      'payload',
      '"payload" is an object, not a string',
      1,
      28,
    ],
    [
      '[{"type":"context","text":"a","meta":"yes"}]',
      0,
      'meta',
      '"meta" is a string, not an object',
      1,
      31,
    ],
    [
      '[{"type":"context","text":"a","meta":{"droppedCount":1}}]',
      0,
      'meta.compacted',
      '"meta.compacted" is undefined, not a boolean',
      // No compacted field: the location is its parent, meta, at column 31.
      1,
      31,
    ],
    [
      '[{"type":"context","text":"a","meta":{"compacted":true,"droppedCount":-1}}]',
      0,
      'meta.droppedCount',
      '"meta.droppedCount" is not a non-negative integer',
      // `"droppedCount"` starts at column 56, after `…"meta":{"compacted":true,`.
      1,
      56,
    ],
    [
      '[{"type":"context","text":"a","meta":{"compacted":true,"droppedCount":1,"summarizedIds":[1]}}]',
      0,
      'meta.summarizedIds',
      '"meta.summarizedIds" is not an array of strings',
      1,
      73,
    ],
    ['[{"type":"user","text":"a"},7]', 1, undefined, 'message is a number, not an object', 1, 29],
  ])('%s', (text, index, field, problem, line, column) => {
    const error = parseError(text)
    expect(error.index).toBe(index)
    expect(error.field).toBe(field)
    expect(error.problem).toBe(problem)
    expect({ line: error.line, column: error.column }).toEqual({ line, column })
    expect(error.message).toContain(`message ${index}`)
  })

  it.each([
    ['42', 'expected an array of messages or an object with "messages", found a number'],
    ['"hi"', 'expected an array of messages or an object with "messages", found a string'],
    ['null', 'expected an array of messages or an object with "messages", found null'],
    ['{"model":"x"}', 'the object has no "messages" array'],
    ['{"messages":{}}', '"messages" is an object, not an array'],
    ['{"model":5,"messages":[]}', '"model" is a number, not a string'],
  ])('a wrong top level: %s', (text, problem) => {
    const error = parseError(text)
    expect(error.problem).toBe(problem)
    expect(error.index).toBeUndefined()
  })
})

describe('parseConversation: unknown fields come back as warnings', () => {
  it('at the top level, on a message and in meta, each with its path', () => {
    const parsed = parseConversation(
      '{"model":"gpt-4o","version":2,"messages":[{"type":"user","text":"a"},' +
        '{"type":"context","text":"b","role":"system","meta":{"compacted":true,"droppedCount":0,"by":"me"}}]}',
    )
    expect(parsed.messages[1]).toEqual({
      type: 'context',
      text: 'b',
      meta: { compacted: true, droppedCount: 0 },
    })
    expect(parsed.warnings).toEqual(
      expect.arrayContaining([
        { path: 'version', field: 'version', problem: 'unknown top-level field, ignored' },
        { path: 'messages[1].role', index: 1, field: 'role', problem: 'unknown field, ignored' },
        {
          path: 'messages[1].meta.by',
          index: 1,
          field: 'meta.by',
          problem: 'unknown field, ignored',
        },
      ]),
    )
    expect(parsed.warnings).toHaveLength(3)
  })

  it('in a bare array the path starts at the index', () => {
    expect(parseConversation('[{"type":"user","text":"a","role":"user"}]').warnings).toEqual([
      { path: '[0].role', index: 0, field: 'role', problem: 'unknown field, ignored' },
    ])
  })
})

describe('serializeConversation', () => {
  it('writes keys in wire order, whatever order the messages hold them in', () => {
    const message = {
      meta: { summarizedIds: ['a', 'b'], droppedCount: 2, compacted: true },
      payload: 'p',
      text: 't',
      type: 'context',
      id: 'x',
    } as Message
    expect(serializeConversation([message])).toBe(
      [
        '[',
        '  {',
        '    "id": "x",',
        '    "type": "context",',
        '    "text": "t",',
        '    "payload": "p",',
        '    "meta": {',
        '      "compacted": true,',
        '      "droppedCount": 2,',
        '      "summarizedIds": [',
        '        "a",',
        '        "b"',
        '      ]',
        '    }',
        '  }',
        ']',
        '',
      ].join('\n'),
    )
  })

  it('omits an empty id, an empty payload, an absent meta and empty summarizedIds; always writes text', () => {
    const messages: Message[] = [
      { id: '', type: 'user', text: '', payload: '' },
      {
        type: 'context',
        text: 's',
        meta: { compacted: false, droppedCount: 0, summarizedIds: [] },
      },
    ]
    expect(serializeConversation(messages)).toBe(
      '[\n  {\n    "type": "user",\n    "text": ""\n  },\n' +
        '  {\n    "type": "context",\n    "text": "s",\n    "meta": {\n' +
        '      "compacted": false,\n      "droppedCount": 0\n    }\n  }\n]\n',
    )
  })

  it('drops fields outside the wire shape', () => {
    const message = { type: 'user', text: 'a', role: 'user' } as Message
    expect(serializeConversation([message])).toBe(
      '[\n  {\n    "type": "user",\n    "text": "a"\n  }\n]\n',
    )
  })

  it('writes an empty conversation as [] and a newline', () => {
    expect(serializeConversation([])).toBe('[]\n')
  })

  it('round-trips through parseConversation', () => {
    const messages: Message[] = [
      { id: 'i', type: 'instructions', text: 'Be brief.' },
      {
        type: 'context',
        text: 'Summary',
        meta: { compacted: true, droppedCount: 3, summarizedIds: ['a'] },
      },
      { id: 'u', type: 'user', text: '"quoted" \\ \u2028 <&>', payload: '{"k":1}' },
    ]
    const text = serializeConversation(messages)
    expect(parseConversation(text).messages).toEqual(messages)
    expect(serializeConversation(parseConversation(text).messages)).toBe(text)
  })
})
