import { describe, expect, it } from 'vitest'
import { extractIdentifiers, findIdentifiers } from '../../src/diagnose/identifiers'

// Each case is a sentence an agent run could hold, and the identifiers a careful reader would insist
// a summary copy verbatim: written by hand, not read back from the extractor.
const cases: { name: string; text: string; expected: string[] }[] = [
  {
    name: 'a UUID, upper and lower case',
    text: 'Order 123e4567-e89b-12d3-a456-426614174000 and 9F1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D.',
    expected: ['123e4567-e89b-12d3-a456-426614174000', '9F1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D'],
  },
  {
    name: 'git SHAs, short and long',
    text: 'Reverted a1b2c3d, then cherry-picked 4f9e8d7c6b5a49382716059483726150f4e3d2c1 onto main.',
    expected: ['a1b2c3d', '4f9e8d7c6b5a49382716059483726150f4e3d2c1'],
  },
  {
    name: 'a SHA-256 digest',
    text: 'sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 matches',
    expected: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  },
  {
    name: 'Unix paths: absolute, home, relative with an extension, at the end of a sentence',
    text: 'Edit /etc/nginx/nginx.conf, ~/notes/todo and src/diagnose/index.ts, then read /var/log/syslog.',
    expected: ['/etc/nginx/nginx.conf', '~/notes/todo', 'src/diagnose/index.ts', '/var/log/syslog'],
  },
  {
    name: 'dot-relative paths',
    text: 'Run ./scripts/build.sh from ../repo.',
    expected: ['./scripts/build.sh', '../repo'],
  },
  {
    name: 'Windows paths: backslashes, forward slashes, JSON-escaped, UNC',
    text: String.raw`Open C:\Users\bob\report.docx or D:/data/in.csv; payload {"p":"C:\\tmp\\x.log"}; share \\fileserver\team\plan.xlsx`,
    expected: [
      String.raw`C:\Users\bob\report.docx`,
      'D:/data/in.csv',
      String.raw`C:\\tmp\\x.log`,
      String.raw`\\fileserver\team\plan.xlsx`,
    ],
  },
  {
    name: 'URLs with query strings and fragments, without trailing punctuation',
    text: 'See https://example.com/search?q=compaction&page=2#results, or (http://localhost:5173/app?x=1).',
    expected: [
      'https://example.com/search?q=compaction&page=2#results',
      'http://localhost:5173/app?x=1',
    ],
  },
  {
    name: 'a URL keeps brackets it opened',
    text: 'https://en.wikipedia.org/wiki/Token_(parser) is the page',
    expected: ['https://en.wikipedia.org/wiki/Token_(parser)'],
  },
  {
    name: 'generated ids: tool calls, messages, completions, tickets',
    text: 'call_abc123 answered toolu_01A09q90qw90lq917835lq9 in msg_01XFDUDYJgAACzvnptvVoYEL (chatcmpl-9xYz42, PROJ-1234).',
    expected: [
      'call_abc123',
      'toolu_01A09q90qw90lq917835lq9',
      'msg_01XFDUDYJgAACzvnptvVoYEL',
      'chatcmpl-9xYz42',
      'PROJ-1234',
    ],
  },
  {
    name: 'identifiers inside JSON payloads',
    text: '{"tool_call_id":"call_Vw8fQ2","path":"/srv/app/main.py","url":"https://api.example.com/v1/items?id=7"}',
    expected: ['call_Vw8fQ2', '/srv/app/main.py', 'https://api.example.com/v1/items?id=7'],
  },
  {
    name: 'a hash inside a URL or a path belongs to the URL or the path',
    text: 'https://github.com/o/r/commit/a1b2c3d4e5 and /tmp/build-7f3e2d1c/out.log',
    expected: ['https://github.com/o/r/commit/a1b2c3d4e5', '/tmp/build-7f3e2d1c/out.log'],
  },
  {
    name: 'ordinary words, numbers and phrases are not identifiers',
    text:
      'The well-known snake_case_name and/or read/write flags, COVID-19, user-42, 1234567, 3.14159, ' +
      '2024-01-15, 2024/01/15, 1e10000, deadbeef, the /help command, x86_64 and a plain sentence.',
    expected: [],
  },
]

describe('extractIdentifiers', () => {
  for (const c of cases) {
    it(c.name, () => {
      expect(extractIdentifiers(c.text)).toEqual(c.expected)
    })
  }

  it('reports each identifier once, in order of first appearance', () => {
    expect(extractIdentifiers('a1b2c3d4 then call_x123 then a1b2c3d4 again')).toEqual([
      'a1b2c3d4',
      'call_x123',
    ])
  })
})

describe('findIdentifiers', () => {
  it('gives offsets that slice back to each value, and a kind for each', () => {
    const text = 'Fetched https://x.io/a?b=1 into /tmp/out/data.json for call_abc123 at 0a1b2c3d.'
    const found = findIdentifiers(text)
    expect(found.map((m) => [m.kind, m.value])).toEqual([
      ['url', 'https://x.io/a?b=1'],
      ['path', '/tmp/out/data.json'],
      ['id', 'call_abc123'],
      ['hash', '0a1b2c3d'],
    ])
    for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.value)
  })

  it('finishes on long hostile text with no identifiers in it', () => {
    // Catastrophic backtracking would hang here until the test timeout; no timing is asserted.
    const hostile =
      'a/'.repeat(200_000) + '_'.repeat(200_000) + 'a-'.repeat(200_000) + 'f'.repeat(200_000)
    expect(() => findIdentifiers(hostile)).not.toThrow()
  })
})
