import { describe, expect, it } from 'vitest'
import { MAX_INDENT_LEVELS, cutAt, prettyJson } from '../../src/pretty-json'

const joined = (text: string, limit?: number) =>
  prettyJson(text, limit)
    ?.segments.map((s) => s.text)
    .join('')

describe('a payload laid out for reading', () => {
  it('indents as JSON.stringify(value, null, 2) does when no string holds a line break', () => {
    const payloads = [
      '{"tool_calls":[{"id":"call_1","name":"read_file","arguments":{"path":"a.ts"}}]}',
      '{"a":[],"b":{},"c":[1,2.5,-0.5,true,false,null],"d":{"e":{"f":[{}]}}}',
      ' { "spaced" : [ 1 , 2 ] , "tab"\t:\t"x" } ',
      '"just a string"',
      '42',
      '[]',
      '{"quote":"say \\"hi\\"","slash":"a\\\\b","tab":"a\\tb"}',
    ]
    for (const payload of payloads) {
      expect(joined(payload)).toBe(JSON.stringify(JSON.parse(payload), null, 2))
    }
  })

  it('says when the text is not JSON', () => {
    expect(prettyJson('read 3 files')).toBeUndefined()
    expect(prettyJson('{"a":1')).toBeUndefined()
    expect(prettyJson('')).toBeUndefined()
  })

  it('keeps numbers as written, every digit, and every key, duplicates included', () => {
    // JSON.parse would give 12345678901234567000 and one "k".
    expect(joined('{"id":12345678901234567890,"k":1,"k":2.5e3}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "k": 1,\n  "k": 2.5e3\n}',
    )
  })

  it('decodes \\u escapes in strings, as a Python tool writes them', () => {
    expect(joined('{"city":"M\\u00fcnchen","\\u00e9t\\u00e9":"\\u4f60\\u597d"}')).toBe(
      '{\n  "city": "München",\n  "été": "你好"\n}',
    )
  })

  it('shows a string with line breaks as a block of its lines, one level deeper, unescaped', () => {
    const payload = JSON.stringify({
      content: 'def f():\n    return "x"\n',
      is_error: true,
    })
    const pretty = prettyJson(payload)!
    expect(pretty.complete).toBe(true)
    expect(pretty.segments).toEqual([
      { text: '{\n  "content": "\n    ', block: false },
      { text: 'def f():\n        return "x"\n    ', block: true },
      { text: '\n  ",\n  "is_error": true\n}', block: false },
    ])
  })

  it('reads Windows line ends as line breaks, and a lone carriage return and other controls as escapes', () => {
    expect(joined('["one\\r\\ntwo\\u0007\\rthree"]')).toBe(
      '[\n  "\n    one\n    two\\u0007\\rthree\n  "\n]',
    )
  })

  it('keeps a key with a line break a JSON literal', () => {
    expect(joined('{"a\\nb":1}')).toBe('{\n  "a\\nb": 1\n}')
  })

  it('stops at the limit and says it did', () => {
    const payload = JSON.stringify({ list: Array.from({ length: 1000 }, (_, i) => i) })
    const full = JSON.stringify(JSON.parse(payload), null, 2)
    const cut = prettyJson(payload, 100)!
    expect(cut.complete).toBe(false)
    expect(cut.segments.map((s) => s.text).join('')).toBe(full.slice(0, 100))
    expect(prettyJson(payload, full.length)!.complete).toBe(true)
  })

  it('never cuts a surrogate pair in half', () => {
    expect(cutAt('ab😀', 3)).toBe('ab')
    expect(cutAt('ab😀', 4)).toBe('ab😀')
  })

  it('indents no deeper than MAX_INDENT_LEVELS, so the text stays a bounded multiple of the payload', () => {
    expect(MAX_INDENT_LEVELS).toBe(64)
    const depth = 5_000
    const payload = '['.repeat(depth) + '1' + ']'.repeat(depth)
    const lines = joined(payload)!.split('\n')
    // One line per bracket and one for the 1; the deepest line is indented 64 levels, 128 spaces.
    expect(lines).toHaveLength(2 * depth + 1)
    expect(lines[depth]).toBe(' '.repeat(128) + '1')
    expect(lines[70]).toBe(' '.repeat(128) + '[')
    expect(lines[10]).toBe(' '.repeat(20) + '[')
    expect(Math.max(...lines.map((l) => l.length))).toBe(129)
  })

  it('formats a payload nested far deeper than a recursive walk could', () => {
    const depth = 20_000
    const payload = '['.repeat(depth) + ']'.repeat(depth)
    const text = joined(payload, 1_000)!
    expect(text.startsWith('[\n  [\n    [')).toBe(true)
  })
})
