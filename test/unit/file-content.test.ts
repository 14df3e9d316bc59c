import { describe, expect, it } from 'vitest'
import {
  decodeText,
  exportConversation,
  FormatError,
  importConversation,
  InputError,
  MAX_JSON_DEPTH,
  type FormatId,
} from '../../src/index'
import { excessNesting } from '../../src/json-depth'
import type { ConversationReply, ConversationRequest } from '../../renderer/workers/protocol'

// What an attacker controls in a conversation file, and what the core does with it: nesting of
// any depth and bytes that are not UTF-8 are refused with their place, from text and from bytes
// alike, before any format can recurse into them or carry a replacement character into an export.

const utf8 = (text: string) => new TextEncoder().encode(text)
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n)
// A JSONL session's first line: a Claude Code event, as detection knows one (its uuid chain and
// session).
const first = JSON.stringify({
  type: 'user',
  uuid: 'a',
  parentUuid: null,
  sessionId: 's',
  message: { role: 'user', content: 'hi' },
})

/** The error importConversation throws for `content`, as text and as bytes (they must agree). */
function refusal(content: string, format: FormatId | 'auto' = 'auto'): string {
  const messages = [content, utf8(content)].map((c) => {
    try {
      importConversation(c, format)
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
      return (error as Error).message
    }
    throw new Error('read without an error')
  })
  expect(messages[1]).toBe(messages[0])
  return messages[0]
}

describe('deep nesting', () => {
  it('documents a limit of 1,000 levels', () => {
    expect(MAX_JSON_DEPTH).toBe(1000)
  })

  it.each([5_000, 200_000])(
    'refuses a file nested %i levels deep, at the bracket past the limit',
    (n) => {
      // The top array is level 1, so the 1,001st `[` (offset 1000, column 1001) goes too deep.
      expect(refusal(deep(n))).toBe(
        `line 1, column 1001: nested ${n.toLocaleString('en-US')} levels deep; the limit is 1,000`,
      )
    },
  )

  it('refuses truncated nesting (never closed) the same way', () => {
    expect(refusal('['.repeat(200_000))).toBe(
      'line 1, column 1001: nested 200,000 levels deep; the limit is 1,000',
    )
  })

  it('counts lines and columns in a pretty-printed file', () => {
    // Line 1 is the top array (level 1); on line 2 the 1,000th `[` opens level 1,001.
    const text = `[\n  ${'['.repeat(1500)}${']'.repeat(1500)}\n]`
    expect(refusal(text)).toBe('line 2, column 1002: nested 1,501 levels deep; the limit is 1,000')
  })

  it('reads a message nested exactly to the limit, and refuses one level more', () => {
    // The list (1), the message (2), its content (3), the part (4), then k arrays: 4 + k levels.
    const prefix = '[{"role":"user","content":[{"type":"text","text":"hi"},{"type":"x","v":'
    const file = (k: number) => `${prefix}${deep(k)}}]}]`
    const read = importConversation(utf8(file(996)))
    expect(read.messages[0].payload).toContain(`"v":${deep(996)}`)
    // Rendering it again (a request body wraps it in a few more levels) stays within the stack.
    expect(JSON.parse(exportConversation(read.messages, 'anthropic')).messages).toHaveLength(1)
    expect(refusal(file(997))).toBe(
      `line 1, column ${prefix.length + 997}: nested 1,001 levels deep; the limit is 1,000`,
    )
  })

  it('does not count brackets inside strings or escaped quotes', () => {
    const text = JSON.stringify([{ type: 'user', text: `\\"${'['.repeat(5000)}` }])
    expect(importConversation(utf8(text)).messages[0].text).toBe(`\\"${'['.repeat(5000)}`)
    expect(excessNesting(text)).toBeUndefined()
  })

  it('refuses a deep value inside a provider content part', () => {
    const text = `[{"role":"user","content":[{"type":"text","text":"hi"},{"type":"x","v":${deep(200_000)}}]}]`
    // Levels: the list, the message, content, the part: the 997th array of v opens level 1,001.
    const column = text.indexOf('[[') + 1 + 996
    expect(refusal(text)).toMatch(new RegExp(`^line 1, column ${column}: nested 200,00\\d levels`))
  })

  it('refuses deep tool-call arguments, placed at the arguments field', () => {
    const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: deep(5000) } }
    const text = JSON.stringify([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: null, tool_calls: [call] },
    ])
    const column = text.indexOf('"arguments"') + 1
    expect(refusal(text)).toBe(
      `line 1, column ${column}: [1].tool_calls[0].function.arguments: ` +
        'nested 5,000 levels deep; the limit is 1,000',
    )
  })

  it('refuses a deep line of a JSONL session, on its own line', () => {
    const text = `${first}\n{"type":"user","x":${deep(5000)}}\n`
    // `{"type":"user","x":` is 19 characters; the 1,000th `[` after it opens level 1,001.
    expect(refusal(text)).toBe('line 2, column 1019: nested 5,001 levels deep; the limit is 1,000')
    expect(refusal(text, 'claude-code')).toBe(
      'line 2, column 1019: nested 5,001 levels deep; the limit is 1,000',
    )
  })

  it('checks a JSONL line at the shortest length that can nest too deep, and a shorter one only when it does not parse', () => {
    // 1,001 arrays closed: 2,002 characters, the shortest value past the limit.
    expect(deep(1001)).toHaveLength(2002)
    expect(refusal(`${first}\n${deep(1001)}\n`)).toBe(
      'line 2, column 1001: nested 1,001 levels deep; the limit is 1,000',
    )
    // 1,001 brackets never closed: too short to parse as a value that deep, and it does not parse.
    // The object is level 1, so the 1,000th `[` after its 19 characters opens level 1,001.
    expect(refusal(`${first}\n{"type":"user","x":${'['.repeat(1001)}\n`)).toBe(
      'line 2, column 1019: nested 1,002 levels deep; the limit is 1,000',
    )
  })

  it('refuses it whichever format is forced', () => {
    for (const format of ['native', 'openai', 'anthropic', 'openai-responses'] as const) {
      expect(refusal(deep(5000), format)).toMatch(/^line 1, column 1001: nested 5,000 levels/)
    }
  })

  it('reads malformed text as the error locator does: an escaped line break stays in the string', () => {
    // jsonc-parser takes `\` + line feed as an invalid escape inside the string, so the string
    // ends at the quote on line 2 and the brackets after it are structure it would recurse into.
    const text = `"\\\n" ${'['.repeat(200_000)}`
    expect(excessNesting(text)).toEqual({ offset: 1005, depth: 200_000 })
    expect(() => importConversation(text, 'native')).toThrow(FormatError)
    expect(() => importConversation(text)).toThrow(FormatError)
  })

  it('still names the first syntax error when it comes before the deep part', () => {
    let error: unknown
    try {
      importConversation(`[{"type" "user"}, ${deep(5000)}]`, 'native')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(FormatError)
    expect((error as FormatError).reason).toMatchObject({ line: 1, column: 10 })
  })
})

describe('bytes that are not UTF-8', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)))

  const decodeError = (b: Uint8Array) => {
    try {
      decodeText(b)
    } catch (error) {
      expect(error).toBeInstanceOf(InputError)
      return (error as Error).message
    }
    throw new Error('decoded')
  }

  it('names the line, column and byte offset of the first invalid sequence', () => {
    // Line 1 `[` + LF is 2 bytes, line 2 ` {"type":"user",` + LF is 17; line 3 has 12 before it.
    const b = bytes('[\n {"type":"user",\n  "text":"ab', [0xc3, 0x28], '"}]')
    expect(decodeError(b)).toBe(
      'line 3, column 13 (byte 31): not UTF-8 text (invalid bytes 0xC3 0x28: ' +
        '0xC3 starts a 2-byte character that 0x28 does not continue)',
    )
  })

  it('counts columns in characters after multi-byte ones, and not the byte-order mark', () => {
    expect(decodeError(bytes('["é', [0xff], '"]'))).toMatch(/^line 1, column 4 \(byte 4\): /)
    expect(decodeError(bytes([0xef, 0xbb, 0xbf], '[', [0xff]))).toMatch(
      /^line 1, column 2 \(byte 4\): /,
    )
  })

  it.each([
    [[0x80], 'an invalid byte 0x80: a continuation byte with no character to continue'],
    [[0xc0, 0xaf], 'an invalid byte 0xC0: a byte that only starts an overlong encoding'],
    [
      [0xe0, 0x80, 0x80],
      'invalid bytes 0xE0 0x80: 0xE0 starts a 3-byte character that 0x80 does not continue',
    ],
    [
      [0xed, 0xa0, 0x80],
      'invalid bytes 0xED 0xA0: 0xED starts a 3-byte character that 0xA0 does not continue',
    ],
    [
      [0xf4, 0x90, 0x80, 0x80],
      'invalid bytes 0xF4 0x90: 0xF4 starts a 4-byte character that 0x90 does not continue',
    ],
    [[0xf8], 'an invalid byte 0xF8: a byte that never occurs in UTF-8'],
  ])('says what is wrong with %j', (bad, problem) => {
    expect(decodeError(bytes('"', bad, '"'))).toBe(
      `line 1, column 2 (byte 1): not UTF-8 text (${problem})`,
    )
  })

  it('says so when the file ends inside a character', () => {
    expect(decodeError(bytes('["', [0xe2, 0x82]))).toBe(
      'line 1, column 3 (byte 2): not UTF-8 text (the bytes 0xE2 0x82: ' +
        'a 3-byte character cut off at the end of the file)',
    )
  })

  it('tells UTF-16 by its byte-order mark, either way round', () => {
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from('[]', 'utf16le')])
    const be = new Uint8Array([0xfe, 0xff, 0, 0x5b, 0, 0x5d])
    expect(decodeError(le)).toBe(
      'line 1, column 1 (byte 0): this is UTF-16 text (little-endian, byte-order mark 0xFF 0xFE); save it as UTF-8',
    )
    expect(decodeError(be)).toMatch(
      /^line 1, column 1 \(byte 0\): this is UTF-16 text \(big-endian/,
    )
    expect(() => importConversation(le)).toThrow(/this is UTF-16 text/)
  })

  it('refuses a bad byte inside a message instead of importing U+FFFD', () => {
    const b = bytes('[{"type":"user","text":"caf', [0xe9], '"}]')
    expect(() => importConversation(b)).toThrow(
      new InputError(
        'not UTF-8 text (invalid bytes 0xE9 0x22: 0xE9 starts a 3-byte character that 0x22 does not continue)',
        { line: 1, column: 28, byte: 27 },
      ),
    )
  })

  it('refuses it in a JSONL session too', () => {
    const b = bytes(
      '{"type":"user","uuid":"a","message":{"role":"user","content":"h',
      [0xff],
      '"}}\n',
    )
    expect(() => importConversation(b)).toThrow(/^line 1, column 64 \(byte 63\): not UTF-8 text/)
  })
})

describe('the app: the conversation worker sends the error to the error display', () => {
  async function importInWorker(content: Uint8Array): Promise<ConversationReply[]> {
    const replies: ConversationReply[] = []
    const self = { postMessage: (m: ConversationReply) => replies.push(m), onmessage: null }
    Object.assign(globalThis, { self })
    await import('../../renderer/workers/conversation-worker')
    const onmessage = self.onmessage as unknown as (e: {
      data: ConversationRequest
    }) => Promise<void>
    await onmessage({
      data: {
        kind: 'import',
        name: 'conversation.json',
        content: new Uint8Array(content),
        format: 'auto',
      },
    })
    return replies
  }

  it('fails the import with the place, and never starts counting', async () => {
    const replies = await importInWorker(utf8(deep(200_000)))
    expect(replies).toEqual([
      {
        kind: 'failed',
        error:
          'conversation.json: line 1, column 1001: nested 200,000 levels deep; the limit is 1,000',
      },
    ])
  })
})
