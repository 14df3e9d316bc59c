import { describe, expect, it } from 'vitest'
import { FORMATS, FormatError, importConversation, type FormatId } from '../../src/index'
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
  it('a JSON file in no format: one reason, from the wire shape, located', () => {
    // No format's detector recognises {"conversation": …}: the wire shape says what is missing.
    const error = failure(fixture('no-format.json'))
    expect(error.format).toBeUndefined()
    expect(error.resembled).toBe(false)
    expect(error.message).toBe(
      'not a conversation in any known format: line 1, column 1: the object has no "messages" array',
    )
  })

  it('a truncated JSON file: the line and column where it ends, once', () => {
    const error = failure(fixture('openai-chat-truncated.json'))
    expect(error.reason).toMatchObject({
      problem: 'not JSON or JSONL: unexpected end of string',
      line: 6,
      column: 39,
    })
    expect(error.message).not.toContain('Claude Code')
  })

  it('a complete JSONL file in no known format is never "unexpected end of file"', () => {
    const error = failure('{"event":"start","at":1}\n{"event":"stop","at":2}\n')
    expect(error.message).toBe(
      "not a conversation in any known format: JSONL, but no line is an event of a known format (the first line's fields: event, at); the JSONL formats read here are " +
        FORMATS.filter((f) => f.shape.startsWith('JSONL'))
          .map((f) => f.label)
          .join(', '),
    )
  })

  it("names Gemini CLI's logs.json, the prompts typed without the conversation", () => {
    // packages/core/src/core/logger.ts, LogEntry (google-gemini/gemini-cli 5411f113ca).
    const log = JSON.stringify([
      { sessionId: 's1', messageId: 0, type: 'user', message: 'fix the build', timestamp: 't' },
      { sessionId: 's1', messageId: 1, type: 'user', message: '/quit', timestamp: 't' },
    ])
    const error = failure(log)
    expect(error.message).toMatch(/logs\.json holds only the prompts typed/)
    expect(error.message).not.toContain('native')
  })

  it('an empty logs.json, as Gemini CLI and Qwen Code create it, is named as that log, not read as an empty conversation', () => {
    // Logger.initialize writes `[]` to a new project's logs.json before the first prompt
    // (google-gemini/gemini-cli 5411f113, QwenLM/qwen-code 2e51eac7: core/logger.ts).
    const named = (name: string) => {
      try {
        importConversation('[]', 'auto', { name })
      } catch (error) {
        if (error instanceof FormatError) return error.message
        throw error
      }
      return 'read'
    }
    const refusal =
      "not a conversation in any known format: Gemini CLI's (or Qwen Code's) logs.json holds only " +
      'the prompts typed (this one none yet), not the conversation: open the session in the chats folder beside it, or a checkpoint'
    expect(named('logs.json')).toBe(refusal)
    expect(named('/home/ana/.gemini/tmp/5c1e0a/logs.json')).toBe(refusal)
    expect(named('C:\\Users\\ana\\.qwen\\tmp\\5c1e0a\\logs.json')).toBe(refusal)
    // Without that name, an empty list is still an empty conversation.
    expect(named('conversation.json')).toBe('read')
    expect(importConversation('[]').messages).toEqual([])
  })

  it('an empty file says so, and a large file in no format never does', () => {
    expect(failure('').message).toBe('not a conversation in any known format: the file is empty')
    expect(failure(' \n\n').message).toBe(
      'not a conversation in any known format: the file is empty',
    )
    const big = JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, i) => ({ n: i })) })
    expect(failure(big).message).not.toContain('empty')
  })

  it('OpenAI Chat: a tool message without tool_call_id, located by path, line and column', () => {
    const text = fixture('openai-chat-wrong-shape.json')
    const forced = failure(text, 'openai')
    expect(forced.format).toBe('openai')
    expect(forced.message).toBe(
      'not OpenAI Chat Completions: messages[3].tool_call_id (line 17, column 5): missing "tool_call_id"',
    )
    expect(forced.reason).toEqual({
      format: 'openai',
      label: 'OpenAI Chat Completions',
      problem: 'missing "tool_call_id"',
      path: 'messages[3].tool_call_id',
      line: 17,
      column: 5,
    })
    // Detection names the format it looks most like (its tool message), with the same reason.
    const detected = failure(text)
    expect(detected.resembled).toBe(true)
    expect(detected.message).toBe(
      'not a conversation in any known format; it looks most like OpenAI Chat Completions, but messages[3].tool_call_id (line 17, column 5): missing "tool_call_id"',
    )
  })

  it('Anthropic: a tool_use block without an id', () => {
    const text = fixture('anthropic-wrong-shape.json')
    expect(failure(text, 'anthropic').message).toBe(
      'not Anthropic Messages: messages[1].content[1].id (line 11, column 9): missing "id"',
    )
    // Its tool_use block makes it look like Anthropic, not like Chat Completions.
    expect(failure(text).message).toBe(
      'not a conversation in any known format; it looks most like Anthropic Messages, but messages[1].content[1].id (line 11, column 9): missing "id"',
    )
    // Forced as Chat Completions, the foreign block is named with both formats' labels.
    expect(failure(text, 'openai').message).toBe(
      'not OpenAI Chat Completions: messages[1].content[1].type (line 11, column 11): "tool_use" is a part type of Anthropic Messages, not of OpenAI Chat Completions',
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
    // Its messages have a type and a text, as only the wire shape's do.
    expect(failure(text).message).toBe(
      'not a conversation in any known format; it looks most like Compaction Inspector (native), but [2].text (line 4, column 32): "text" is a number, not a string',
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
