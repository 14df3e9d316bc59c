/**
 * Opaque identifiers in free text: the strings a summary must copy character for character, because
 * a shortened or reformatted one silently breaks every later reference to it. Diagnose checks a
 * pasted summary against them; the app highlights them.
 */

/** What an identifier looks like. */
export type IdentifierKind = 'url' | 'uuid' | 'path' | 'id' | 'hash'

/** One identifier found in a text, with its UTF-16 offsets: `text.slice(start, end) === value`. */
export interface IdentifierMatch {
  value: string
  kind: IdentifierKind
  start: number
  end: number
}

// Every pattern is bounded ({m,n}, never an open + over a class that can also end the match), so a
// scan stays linear however long and hostile the text.
const SEGMENT = String.raw`[\w.@%+~-]{1,255}`
const WIN_SEGMENT = String.raw`[^\s\\/:*?"'<>|]{1,255}`
const WIN_SEPARATOR = String.raw`(?:\\{1,2}|/)`

// Each pattern has a cheap precondition on the whole text, so most texts skip most scans: prose
// without a digit holds no UUID, id or hash; without a slash, no Unix path.
const DIGIT = /\d/
const PATTERNS: readonly {
  kind: IdentifierKind
  regex: RegExp
  worth(text: string, digits: boolean): boolean
}[] = [
  {
    kind: 'url',
    regex: /\b(?:https?|ftps?|wss?|file):\/\/[^\s<>"'`\\^{}|]{1,2048}/g,
    worth: (text) => text.includes('://'),
  },
  {
    kind: 'uuid',
    regex: /\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b/g,
    worth: (text, digits) => digits && text.includes('-'),
  },
  // Windows: a drive letter (C:\Users\…, C:/Users/…, or JSON-escaped C:\\Users\\…), or UNC \\host\share.
  {
    kind: 'path',
    regex: new RegExp(
      String.raw`\b[A-Za-z]:${WIN_SEPARATOR}${WIN_SEGMENT}(?:${WIN_SEPARATOR}${WIN_SEGMENT}){0,63}` +
        String.raw`|(?<![\\\w])\\\\[\w.$-]{1,255}(?:\\${WIN_SEGMENT}){1,63}`,
      'g',
    ),
    worth: (text) => text.includes(':') || text.includes('\\\\'),
  },
  // Unix: /abs/path, ~/x, ./x, ../x, or a relative a/b.ext. Not after a path character or a colon,
  // so the tail of a URL or a Windows path is never taken for a second path.
  {
    kind: 'path',
    regex: new RegExp(
      String.raw`(?<![\w/.~@%+:\\-])(?:(?:~|\.{1,2})?(?:/${SEGMENT}){1,64}|${SEGMENT}(?:/${SEGMENT}){1,64})`,
      'g',
    ),
    worth: (text) => text.includes('/'),
  },
  // A prefix, then _ or - separated parts: call_abc123, toolu_01…, chatcmpl-9x…, PROJ-1234.
  {
    kind: 'id',
    regex: /\b[A-Za-z][A-Za-z0-9]{0,31}(?:[_-][A-Za-z0-9]{1,128}){1,8}\b/g,
    worth: (text, digits) => digits && (text.includes('_') || text.includes('-')),
  },
  // Hex of hash length: short and long git SHAs, SHA-256 digests.
  { kind: 'hash', regex: /\b[0-9A-Fa-f]{7,128}\b/g, worth: (_, digits) => digits },
]

const TRAILING_PUNCTUATION = /[.,;:!?'"]+$/
const EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,9}$/
const SCIENTIFIC = /^\d+[eE]\d+$/
const HEX_LETTER = /[a-fA-F]/

/** Drops sentence punctuation, and closing brackets the value never opened, from the end. */
function trimEnd(value: string): string {
  let v = value.replace(TRAILING_PUNCTUATION, '')
  for (;;) {
    const last = v[v.length - 1]
    const open = last === ')' ? '(' : last === ']' ? '[' : undefined
    if (open === undefined || count(v, open) >= count(v, last)) return v
    v = v.slice(0, -1).replace(TRAILING_PUNCTUATION, '')
  }
}

function count(s: string, ch: string): number {
  let n = 0
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++
  return n
}

/** Whether a candidate of a kind is an identifier rather than an ordinary word, number or phrase. */
function accepts(kind: IdentifierKind, value: string): boolean {
  switch (kind) {
    case 'url':
      return value.length > value.indexOf('://') + 3
    case 'uuid':
      return true
    case 'path':
      return acceptsPath(value)
    case 'id': {
      // The part after the prefix must look generated: at least three characters and a digit.
      // That keeps snake_case words, well-known and COVID-19 out, and call_abc123 in.
      const tail = value.slice(value.search(/[_-]/) + 1).replace(/[_-]/g, '')
      return tail.length >= 3 && DIGIT.test(tail)
    }
    case 'hash':
      return DIGIT.test(value) && HEX_LETTER.test(value) && !SCIENTIFIC.test(value)
  }
}

function acceptsPath(value: string): boolean {
  if (/^[A-Za-z]:|^\\\\/.test(value)) return true
  if (value.startsWith('~/') || value.startsWith('./') || value.startsWith('../')) return true
  // An absolute path needs two segments, so a slash command like /help is not one.
  if (value.startsWith('/')) return value.indexOf('/', 1) > 1
  // A relative path needs a file extension, so and/or and read/write are not paths.
  return EXTENSION.test(value)
}

/**
 * Every opaque identifier in a text: URLs, UUIDs, file paths (Unix and Windows), generated ids such
 * as call_abc123, and hex hashes of 7 or more digits. Non-overlapping, in order of position.
 */
export function findIdentifiers(text: string): IdentifierMatch[] {
  const candidates: IdentifierMatch[] = []
  const digits = DIGIT.test(text)
  for (const { kind, regex, worth } of PATTERNS) {
    if (!worth(text, digits)) continue
    regex.lastIndex = 0
    for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
      const value = trimEnd(m[0])
      if (value !== '' && accepts(kind, value)) {
        candidates.push({ value, kind, start: m.index, end: m.index + value.length })
      }
    }
  }
  // Leftmost wins, then longest: a hash inside a URL or a path belongs to the URL or the path.
  candidates.sort((a, b) => a.start - b.start || b.end - a.end)
  const found: IdentifierMatch[] = []
  let end = 0
  for (const c of candidates) {
    if (c.start >= end) {
      found.push(c)
      end = c.end
    }
  }
  return found
}

/** The distinct identifier strings in a text, in order of first appearance. */
export function extractIdentifiers(text: string): string[] {
  return [...new Set(findIdentifiers(text).map((m) => m.value))]
}
