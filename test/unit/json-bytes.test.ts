import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeText, parseJsonBytes } from '../../src/json-bytes'
import { FormatError, importConversation, InputError, type FormatId } from '../../src/index'

const utf8 = (text: string) => new TextEncoder().encode(text)

/**
 * What JSON.parse says of the same bytes decoded whole, refusing bytes that are not UTF-8 (the
 * decoder's fatal mode): the reference for every case here.
 */
function reference(bytes: Uint8Array): { value: unknown } | { throws: true } {
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) }
  } catch {
    return { throws: true }
  }
}

function viaBytes(bytes: Uint8Array): { value: unknown } | { throws: true } {
  try {
    return { value: parseJsonBytes(bytes) }
  } catch {
    return { throws: true }
  }
}

const agree = (text: string | Uint8Array) => {
  const bytes = typeof text === 'string' ? utf8(text) : text
  expect(viaBytes(bytes)).toEqual(reference(bytes))
}

describe('parseJsonBytes: the value JSON.parse gives, from bytes', () => {
  it('reads the shapes conversation files take', () => {
    for (const text of [
      '[]',
      '{}',
      '  [ ]  ',
      '[{"type":"user","text":"hi"}]',
      '{"model":"gpt-4o","messages":[{"type":"user","text":"hi"},{"type":"bot","text":"yo"}]}',
      '{"model":"m","system":[{"type":"text","text":"be kind"}],"messages":[],"max_tokens":5}',
      '{"input":[1,2.5e3,-0,true,false,null,"s",[],{},[[1]],{"a":{"b":[]}}]}',
      '\r\n\t{ "messages" :\n [ {"type" : "user" , "text" : "a" } ] \n}\n',
      '"just a string"',
      '42',
      'null',
    ]) {
      agree(text)
    }
  })

  it('finds the end of strings with escaped quotes, backslashes and brackets inside', () => {
    agree(
      String.raw`[{"text":"she said \"]\" and \\"},{"text":"\\\\"},"\\\"",{"p":"{\"a\":[1,\"}\"]}"}]`,
    )
    agree(String.raw`{"k\"ey":["\u005d\u0022"],"x\\":"]"}`)
  })

  it('keeps non-ASCII text intact, every script and emoji, and refuses invalid UTF-8 with its place', () => {
    agree('[{"text":"héllo 漢字 Кириллица مرحبا 👩🏽‍💻 🇯🇵"},"ё"]')
    const invalid = new Uint8Array([
      ...utf8('["a'),
      0xff,
      0xc3,
      ...utf8('","'),
      0xe2,
      0x82,
      ...utf8('"]'),
    ])
    agree(invalid)
    // 0xFF follows the three characters `["a`: byte 3, column 4. No bad byte becomes U+FFFD.
    expect(() => parseJsonBytes(invalid)).toThrow(
      new InputError('not UTF-8 text (an invalid byte 0xFF: a byte that never occurs in UTF-8)', {
        line: 1,
        column: 4,
        byte: 3,
      }),
    )
  })

  it('skips a byte-order mark at the start, as decoding the file does', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('[{"text":"x"}]')])
    expect(parseJsonBytes(bytes)).toEqual([{ text: 'x' }])
    expect(decodeText(bytes)).toBe('[{"text":"x"}]')
  })

  it('gives duplicate keys the last value and "__proto__" as an own property, as JSON.parse does', () => {
    agree('{"messages":[1],"model":"a","messages":[2]}')
    const value = parseJsonBytes(utf8('{"__proto__":[{"polluted":true}],"a":1}')) as object
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__', 'a'])
    expect(JSON.stringify(value)).toBe('{"__proto__":[{"polluted":true}],"a":1}')
  })

  it('rejects whatever JSON.parse rejects', () => {
    for (const text of [
      '',
      '   ',
      '[',
      '[1,]',
      '[,1]',
      '[1 2]',
      '[1}',
      '{"a":1,}',
      '{"a" 1}',
      '{a:1}',
      '{"a":[1,2}',
      '[{"text":"unterminated}]',
      '[{"text":"x"}] trailing',
      '[{"text":"x"}]]',
      '{"messages":[]}{}',
      '[tru]',
      '[01]',
      '[{"a":1}{"b":2}]',
      '["tab\tinside"]',
      '[1]\u00a0',
    ]) {
      expect(viaBytes(utf8(text)), text).toEqual({ throws: true })
      expect(reference(utf8(text)), text).toEqual({ throws: true })
    }
  })

  it('reports its progress through the bytes, in order, ending at the whole file', () => {
    const element = { type: 'user', text: 'x'.repeat(100_000) }
    const bytes = utf8(JSON.stringify({ model: 'm', messages: Array(30).fill(element) }))
    const reports: [number, number][] = []
    expect(parseJsonBytes(bytes, (done, total) => reports.push([done, total]))).toEqual({
      model: 'm',
      messages: Array(30).fill(element),
    })
    // About 3 MB, a report at least every megabyte, and the last one at the end.
    expect(reports.length).toBeGreaterThanOrEqual(3)
    expect(reports.every(([, total]) => total === bytes.length)).toBe(true)
    const done = reports.map(([d]) => d)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect(done.at(-1)).toBe(bytes.length)
    expect(Math.max(...done.slice(1).map((d, i) => d - done[i]))).toBeLessThan(2 ** 20 + 200_000)
  })

  it('agrees with JSON.parse on thousands of generated documents and their mutations', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]
    const strings = [
      '',
      'a',
      '"',
      '\\',
      '\\"',
      ']',
      '}',
      '[{',
      ',',
      ':',
      'é',
      '漢',
      '😀',
      '\n',
      ' ',
    ]
    const value = (depth: number): unknown => {
      const r = random()
      if (depth > 3 || r < 0.3) return pick([0, -1.5, 1e21, true, false, null])
      if (r < 0.6)
        return Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(strings)).join('')
      if (r < 0.8) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1))
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [pick(strings), value(depth + 1)]),
      )
    }
    const spaced = (text: string) =>
      text.replace(/[,:[\]{}]/g, (c) => (random() < 0.3 ? ` ${c}\n` : c))
    for (let i = 0; i < 3000; i++) {
      const text = spaced(JSON.stringify(value(0)))
      agree(text)
      // A byte cut, dropped or swapped for a structural one: valid or not, both must agree.
      const bytes = utf8(text)
      const at = Math.floor(random() * bytes.length)
      const mutated = bytes.slice()
      mutated[at] = pick([0x22, 0x5c, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d, 0x20, 0x31])
      agree(mutated)
      agree(bytes.subarray(0, at))
    }
  })
})

describe('importConversation from bytes: the same conversation, notes and errors as from text', () => {
  const dirs = ['testdata/conversations', 'testdata/formats', 'testdata/diagnostics']
  const files = dirs.flatMap((dir) =>
    readdirSync(resolve(import.meta.dirname, '../..', dir))
      .filter((name) => /\.jsonl?$/.test(name))
      .map((name) => resolve(import.meta.dirname, '../..', dir, name)),
  )

  const outcome = (content: string | Uint8Array, format: FormatId | 'auto') => {
    try {
      return { imported: importConversation(content, format) }
    } catch (error) {
      if (!(error instanceof FormatError)) throw error
      return { error: error.message, reason: error.reason }
    }
  }

  it.each(files.map((file) => [file.slice(file.indexOf('testdata')), file]))(
    '%s',
    (_name, file) => {
      const bytes = readFileSync(file)
      const text = readFileSync(file, 'utf8')
      for (const format of ['auto', 'native', 'openai', 'claude-code'] as const) {
        expect(outcome(bytes, format)).toEqual(outcome(text, format))
      }
    },
  )

  it('says where a malformed file breaks, by line and column, when given bytes', () => {
    const bytes = readFileSync(
      resolve(import.meta.dirname, '../../testdata/conversations/malformed.json'),
    )
    expect(outcome(bytes, 'native').error).toMatch(/line 12, column 7/)
  })
})

describe('a file on one line (minified JSON, or JSONL of one event)', () => {
  const minified = JSON.stringify({
    model: 'gpt-4o',
    messages: [
      { id: 'u1', type: 'user', text: 'hi' },
      { id: 'b1', type: 'bot', text: 'hello' },
    ],
  })
  const forcedClaudeCode = (content: string | Uint8Array) => {
    try {
      importConversation(content, 'claude-code')
    } catch (error) {
      if (error instanceof FormatError) return error.reason
      throw error
    }
    throw new Error('expected a FormatError')
  }

  it('reads as its format, from bytes as from text', () => {
    for (const content of [minified, utf8(minified)]) {
      const imported = importConversation(content)
      expect(imported.format).toBe('native')
      expect(imported.messages.map((m) => m.text)).toEqual(['hi', 'hello'])
    }
  })

  it('is ruled out as Claude Code at the line it is on, blank lines before it counted', () => {
    for (const [content, line] of [
      [minified, 1],
      [`\n\n${minified}\n`, 3],
      [`\r\n  ${minified}`, 2],
    ] as const) {
      for (const given of [content, utf8(content)]) {
        expect(forcedClaudeCode(given)).toMatchObject({
          problem:
            'an object with no "type", not a session event, and no line is a Claude Code event',
          line,
        })
      }
    }
  })

  it('reads one Claude Code event on one line', () => {
    const event = JSON.stringify({
      type: 'user',
      uuid: 'e1',
      parentUuid: null,
      message: { role: 'user', content: 'hi' },
    })
    for (const given of [event, utf8(event), new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(event)])]) {
      const imported = importConversation(given, 'claude-code')
      expect(imported.messages).toEqual([{ type: 'user', text: 'hi', id: 'e1' }])
    }
  })

  it('still says where a one-line file breaks', () => {
    const broken = '{"type":"user","uuid":"e1",'
    for (const given of [broken, utf8(broken)]) {
      expect(forcedClaudeCode(given)).toMatchObject({ line: 1 })
      expect(forcedClaudeCode(given)?.problem).toMatch(/^truncated or malformed JSON \(column \d+/)
    }
  })
})
