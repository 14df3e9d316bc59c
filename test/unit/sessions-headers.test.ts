import { describe, expect, it } from 'vitest'
import { readClineManifest, readHeader, sniffEngine, wholeLines } from '../../node/sessions/headers'
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

  // Cline 4's messages file as the SDK writes it (JSON.stringify with two spaces): its own
  // updated_at, the messages' ts and each reply's modelInfo {id, provider, family}.
  const cline4 = (padding = '') =>
    JSON.stringify(
      {
        version: 1,
        updated_at: '2026-08-21T10:20:00.000Z',
        agent: 'lead',
        sessionId: '1787306400000_ab3cd',
        origin: { source: 'cli', mode: 'user', sessionId: '1787306400000_ab3cd' },
        messages: [
          { id: 'msg_1', role: 'user', content: 'Tidy the ledger.', ts: 1787306400500 },
          {
            id: 'msg_2',
            role: 'assistant',
            content: [{ type: 'text', text: padding || 'Reading.' }],
            ts: 1787306405000,
            modelInfo: { id: 'claude-sonnet-4-6', provider: 'anthropic', family: 'claude-sonnet' },
          },
          { id: 'msg_3', role: 'user', content: 'Go on.', ts: 1787306500000 },
          {
            id: 'msg_4',
            role: 'assistant',
            content: 'Done.',
            ts: 1787306510000,
            modelInfo: { id: 'gpt-5.2', provider: 'openai' },
          },
          { id: 'msg_5', role: 'user', content: 'Thanks.', ts: 1787306520000 },
        ],
      },
      null,
      2,
    ) + '\n'

  it("reads a Cline 4 messages file: updated_at, the first ts, and the last reply's modelInfo.id", () => {
    const file = bytes(cline4())
    expect(readHeader('cline', file, file)).toEqual({
      started: '2026-08-21T10:00:00.500Z', // ts 1787306400500
      lastActive: '2026-08-21T10:20:00.000Z',
      // Not msg_5, the message's own id: the id inside modelInfo.
      model: 'gpt-5.2',
    })
  })

  it('reads a long Cline 4 file from its two ends', () => {
    const text = cline4('x'.repeat(80_000))
    const head = bytes(text.slice(0, 32 * 1024))
    const tail = wholeLines(bytes(text.slice(-32 * 1024)), false)
    expect(readHeader('cline', head, tail)).toEqual({
      started: '2026-08-21T10:00:00.500Z',
      lastActive: '2026-08-21T10:20:00.000Z',
      model: 'gpt-5.2',
    })
    // Without updated_at, the last message's time.
    const bare = bytes(cline4().replace('"updated_at": "2026-08-21T10:20:00.000Z",', ''))
    expect(readHeader('cline', bare, bare).lastActive).toBe('2026-08-21T10:02:00.000Z')
  })

  it("reads a Cline 4 manifest's own fields, not those of its metadata", () => {
    const manifest = {
      version: 1,
      session_id: '1787306400000_ab3cd',
      source: 'vscode',
      pid: 4242,
      started_at: '2026-08-21T09:59:58.000Z',
      status: 'completed',
      interactive: true,
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      cwd: '/home/dev/ledger',
      workspace_root: '/home/dev',
      enable_tools: true,
      enable_spawn: true,
      enable_teams: false,
      prompt: 'Tidy the ledger.',
      metadata: { model: 'other-model', cwd: '/elsewhere', title: 'Tidy the ledger.' },
      messages_path:
        '/home/dev/.cline/data/sessions/1787306400000_ab3cd/1787306400000_ab3cd.messages.json',
    }
    expect(readClineManifest(bytes(JSON.stringify(manifest, null, 2)))).toEqual({
      started: '2026-08-21T09:59:58.000Z',
      cwd: '/home/dev/ledger',
      model: 'claude-sonnet-4-6',
    })
    // A messages file, or anything else, is no manifest.
    expect(readClineManifest(bytes(cline4()))).toBeUndefined()
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
    [
      '1787306400000_ab3cd.messages.json',
      '{\n  "version": 1,\n  "updated_at": "2026-08-21T10:20:00.000Z",\n  "agent": "lead"',
      'cline',
    ],
    ['agent_7f.messages.json', '{"version":1,"updated_at":"t","sessionId":"s__agent_7f"}', 'cline'],
    ['other.messages.json', '{"version":1,"messages":[]}', undefined],
    [
      '1787306400000_ab3cd.compaction.json',
      '{"version":1,"updated_at":"t","agent":"lead"}',
      undefined,
    ],
    ['notes.jsonl', '{"hello":"world"}', undefined],
    ['data.json', '{"projectHash":"h"}', undefined],
  ])('%s: %s', (name, head, engine) => {
    expect(sniffEngine(name, bytes(head))).toBe(engine)
  })
})
