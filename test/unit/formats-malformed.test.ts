import { describe, expect, it } from 'vitest'
import { FormatError, importConversation, type FormatId } from '../../src/index'
import { fixture } from './formats-fixtures'

/** The error importConversation throws, for inspection. */
function failure(text: string, format: FormatId | 'auto' = 'auto'): FormatError {
  try {
    importConversation(text, format)
  } catch (error) {
    if (error instanceof FormatError) return error
    throw error
  }
  throw new Error('expected a FormatError')
}

describe('malformed files', () => {
  it('a JSON file in no format: every format tried, one reason each', () => {
    const error = failure(fixture('no-format.json'))
    expect(error.format).toBeUndefined()
    expect(error.message).toBe(
      [
        'not a conversation in any known format; tried:',
        '  - Compaction Inspector (native): line 1, column 1: the object has no "messages" array',
        '  - OpenAI Chat Completions: no "messages" (a Chat Completions request body has one)',
        '  - Anthropic Messages: no "messages" (an Anthropic Messages request body has one)',
        '  - OpenAI Responses: no "input" (a Responses request body has one)',
        '  - Claude Code session (JSONL): one JSON document, not JSONL with one session event per line',
      ].join('\n'),
    )
    expect(error.tried.map((m) => m.format)).toEqual([
      'native',
      'openai',
      'anthropic',
      'openai-responses',
      'claude-code',
    ])
  })

  it('a truncated JSON file: the line and column where it ends, for each JSON format', () => {
    const error = failure(fixture('openai-chat-truncated.json'))
    expect(error.tried.slice(0, 4)).toEqual(
      ['native', 'openai', 'anthropic', 'openai-responses'].map((format) => ({
        format,
        problem: 'malformed JSON: unexpected end of string',
        path: '',
        line: 6,
        column: 39,
      })),
    )
    expect(error.tried[4]).toEqual({
      format: 'claude-code',
      problem:
        "truncated or malformed JSON (column 2: expected '}'), and no line is a Claude Code event",
      path: 'line 1',
      line: 1,
    })
  })

  it('OpenAI Chat: a tool message without tool_call_id, located by path, line and column', () => {
    const text = fixture('openai-chat-wrong-shape.json')
    const forced = failure(text, 'openai')
    expect(forced.format).toBe('openai')
    expect(forced.message).toBe(
      'not OpenAI Chat Completions: messages[3].tool_call_id (line 17, column 5): missing "tool_call_id"',
    )
    expect(forced.tried).toEqual([
      {
        format: 'openai',
        problem: 'missing "tool_call_id"',
        path: 'messages[3].tool_call_id',
        line: 17,
        column: 5,
      },
    ])
    // Detection names the same reason among the others.
    expect(failure(text).message).toContain(
      '  - OpenAI Chat Completions: messages[3].tool_call_id (line 17, column 5): missing "tool_call_id"',
    )
  })

  it('Anthropic: a tool_use block without an id', () => {
    const text = fixture('anthropic-wrong-shape.json')
    expect(failure(text, 'anthropic').message).toBe(
      'not Anthropic Messages: messages[1].content[1].id (line 11, column 9): missing "id"',
    )
    expect(failure(text).message).toContain(
      '  - OpenAI Chat Completions: messages[1].content[1].type (line 11, column 11): "tool_use" is a part type of Anthropic Messages, not of OpenAI Chat Completions',
    )
  })

  it('OpenAI Responses: a function_call without call_id', () => {
    expect(failure(fixture('openai-responses-wrong-shape.json'), 'openai-responses').message).toBe(
      'not OpenAI Responses: input[1].call_id (line 5, column 5): missing "call_id"',
    )
  })

  it('native: a message whose text is a number', () => {
    const text = fixture('native-wrong-shape.json')
    expect(failure(text, 'native').message).toBe(
      'not Compaction Inspector (native): [2].text (line 4, column 32): "text" is a number, not a string',
    )
    expect(failure(text).message).toContain(
      '  - OpenAI Responses: [0].type (line 2, column 17): "instructions" is not a Responses item type',
    )
  })

  it('Claude Code forced on JSON: says it is one document, not JSONL', () => {
    expect(failure(fixture('openai-chat.json'), 'claude-code').message).toBe(
      'not Claude Code session (JSONL): one JSON document, not JSONL with one session event per line',
    )
  })

  it('Claude Code: a file with no event at all names its first line', () => {
    expect(failure('hello\nworld\n', 'claude-code').message).toBe(
      'not Claude Code session (JSONL): line 1: truncated or malformed JSON (column 1: invalid symbol), and no line is a Claude Code event',
    )
  })
})
