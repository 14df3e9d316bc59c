import { describe, expect, it } from 'vitest'
import { readHeader, sniffEngine, wholeLines } from '../../node/sessions/headers'
import { stringField } from '../../node/sessions/byte-scan'

const bytes = (text: string) => Buffer.from(text)

describe('reading fields from raw bytes', () => {
  it('skips a key that is only text inside a string value', () => {
    const line = bytes('{"text":"she typed \\"cwd\\": \\"/fake\\"","cwd" : "/real"}')
    expect(stringField(line, 'cwd')).toBe('/real')
  })

  it('decodes escapes in the value, and leaves out a value cut off at the end', () => {
    expect(stringField(bytes('{"cwd":"C:\\\\work\\\\caf\\u00e9"}'), 'cwd')).toBe('C:\\work\\café')
    expect(stringField(bytes('{"cwd":"/cut off'), 'cwd')).toBeUndefined()
  })

  it('drops the first line of a tail read from the middle of a file', () => {
    const tail = bytes('ut":1}\n{"timestamp":"2026-01-01T00:00:00Z"}\n')
    expect(Buffer.from(wholeLines(tail, false)).toString()).toBe(
      '{"timestamp":"2026-01-01T00:00:00Z"}\n',
    )
  })
})

describe('headers', () => {
  it("reads a Windows folder from a Cline task's environment details", () => {
    const task = JSON.stringify([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<environment_details>\n# Current Working Directory (C:\\Users\\ana\\shop) Files\n',
          },
        ],
        ts: 1754300000000,
      },
    ])
    expect(readHeader('cline', bytes(task), bytes(task)).cwd).toBe('C:\\Users\\ana\\shop')
  })

  it('leaves unknown what the bytes do not say', () => {
    expect(readHeader('codex', bytes('{"type":"session_meta"}\n'), bytes(''))).toEqual({
      started: undefined,
      lastActive: undefined,
      cwd: undefined,
      model: undefined,
    })
  })
})

describe("telling a log's engine in a folder of the user's", () => {
  it.each([
    ['rollout-1.jsonl', '{"timestamp":"t","type":"session_meta","payload":{"id":"x"}}', 'codex'],
    ['old.jsonl', '{"record_type":"state"}', 'codex'],
    ['a.jsonl', '{"type":"session","version":3,"id":"p","cwd":"/x"}', 'pi'],
    ['b.jsonl', '{"sessionId":"g","projectHash":"h","startTime":"t"}', 'gemini-cli'],
    ['c.jsonl', '{"type":"user","sessionId":"s","uuid":"u","parentUuid":null}', 'claude-code'],
    ['session-1.json', '{"sessionId":"g","projectHash":"h","messages":[]}', 'gemini-cli'],
    ['api_conversation_history.json', '[{"role":"user","content":"x"}]', 'cline'],
    ['api_conversation_history.json', '"# Current Workspace Directory (/x) Files"', 'roo-code'],
    ['notes.jsonl', '{"hello":"world"}', undefined],
    ['data.json', '{"projectHash":"h"}', undefined],
  ])('%s: %s', (name, head, engine) => {
    expect(sniffEngine(name, bytes(head))).toBe(engine)
  })
})
