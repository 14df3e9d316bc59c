import type { Random } from './prng'
import {
  ARABIC,
  CYRILLIC,
  DEVANAGARI,
  DIRECTORIES,
  EMOJI,
  ENGLISH,
  EXTENSIONS,
  HAN,
  HANGUL,
  IDENTIFIER_PARTS,
  KANA,
  LATIN,
  SPECIAL_TOKEN_STRINGS,
  TOOLS,
} from './vocabulary'

/** Makes text of roughly `bytes` UTF-8 bytes, in whole pieces (sentences, lines, functions). */
export type Content = (r: Random, bytes: number) => string

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8')

/** Appends pieces from `piece` while that brings the UTF-8 size nearer to `bytes` (at least one). */
function fill(bytes: number, piece: () => string): string {
  const parts: string[] = []
  let size = 0
  while (size < bytes) {
    const p = piece()
    const n = byteLength(p)
    if (parts.length > 0 && size + n - bytes > bytes - size) break
    parts.push(p)
    size += n
  }
  return parts.join('')
}

/** Lowercase hex of n digits: commit hashes, content hashes, request ids. */
export function hex(r: Random, n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += '0123456789abcdef'[r.int(0, 15)]
  return s
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A tool-call id in the shape the APIs use (`call_` + 24 alphanumerics). */
export function callId(r: Random): string {
  let s = 'call_'
  for (let i = 0; i < 24; i++) s += ALNUM[r.int(0, ALNUM.length - 1)]
  return s
}

const identifier = (r: Random) =>
  r.pick(IDENTIFIER_PARTS) + r.pick(IDENTIFIER_PARTS).replace(/^./, (c) => c.toUpperCase())

/** A repository path such as `src/core/sessionCache.ts`. */
export function filePath(r: Random): string {
  return `${r.pick(DIRECTORIES)}/${identifier(r)}.${r.pick(EXTENSIONS)}`
}

function sentence(r: Random, words: readonly string[]): string {
  const n = r.int(4, 18)
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const roll = r.next()
    if (roll < 0.03) out.push(String(r.int(0, 99999)))
    else if (roll < 0.05) out.push('`' + filePath(r) + '`')
    else if (roll < 0.06) out.push(hex(r, 7))
    else out.push(r.pick(words))
  }
  const s = out.join(' ')
  return s.charAt(0).toUpperCase() + s.slice(1) + r.pick(['.', '.', '.', '?', '!', ':']) + ' '
}

/** English prose with some other Latin-script languages mixed in, in paragraphs. */
export const prose: Content = (r, bytes) =>
  fill(bytes, () => {
    const words = r.chance(0.8) ? ENGLISH : LATIN
    const tail = r.chance(0.12) ? '\n\n' : r.chance(0.02) ? ` ${r.pick(EMOJI)} ` : ''
    return sentence(r, words) + tail
  })

// CJK runs are split by punctuation, as real text is: a tokenizer piece is a run of letters, and an
// unpunctuated run of thousands of ideographs would be a pathological case, not a realistic one.
function hanClause(r: Random): string {
  let s = ''
  const n = r.int(4, 16)
  for (let i = 0; i < n; i++) s += HAN[r.int(0, HAN.length - 1)]
  return s + r.pick(['，', '。', '、', '：', '；', '！', '？'])
}

function kanaClause(r: Random): string {
  let s = ''
  const n = r.int(3, 12)
  for (let i = 0; i < n; i++)
    s += r.chance(0.4) ? HAN[r.int(0, HAN.length - 1)] : KANA[r.int(0, KANA.length - 1)]
  return s + r.pick(['、', '。'])
}

const wordsClause = (words: readonly string[], stop: string) => (r: Random) => {
  const n = r.int(3, 12)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(r.pick(words))
  return out.join(' ') + stop
}

const SCRIPTS: ((r: Random) => string)[] = [
  hanClause,
  kanaClause,
  wordsClause(CYRILLIC, '. '),
  wordsClause(ARABIC, '، '),
  wordsClause(DEVANAGARI, '। '),
  wordsClause(HANGUL, '. '),
]

/** Text in a non-Latin script (CJK, Cyrillic, Arabic, Devanagari, Hangul) with emoji and some English. */
export const nonLatin: Content = (r, bytes) => {
  const script = r.pick(SCRIPTS)
  return fill(bytes, () => {
    const roll = r.next()
    if (roll < 0.08) return r.pick(EMOJI) + ' '
    if (roll < 0.15) return sentence(r, ENGLISH)
    return script(r)
  })
}

const TS = (r: Random) => {
  const f = identifier(r)
  return (
    `export async function ${f}(input: ${r.pick(['string', 'number[]', 'Request', 'Message'])}): Promise<void> {\n` +
    `  const ${identifier(r)} = await fetch(\`/api/${r.pick(IDENTIFIER_PARTS)}/\${input}\`)\n` +
    `  if (!${f}Ready) throw new Error('${r.pick(ENGLISH)} ${r.pick(ENGLISH)} failed')\n` +
    `  for (let i = 0; i < ${r.int(1, 500)}; i++) cache.set(i, { id: '${hex(r, 8)}', size: ${r.int(0, 1 << 20)} })\n` +
    `}\n\n`
  )
}

const PY = (r: Random) => {
  const f = identifier(r).replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())
  return (
    `def ${f}(self, ${r.pick(IDENTIFIER_PARTS)}: int = ${r.int(0, 100)}) -> dict[str, str]:\n` +
    `    """${sentence(r, ENGLISH).trim()}"""\n` +
    `    result = {k: v for k, v in self.${r.pick(IDENTIFIER_PARTS)}.items() if v is not None}\n` +
    `    logger.info("${r.pick(ENGLISH)} %s", result.get("${r.pick(IDENTIFIER_PARTS)}"))\n` +
    `    return result\n\n`
  )
}

const GO = (r: Random) => {
  const f = identifier(r).replace(/^./, (c) => c.toUpperCase())
  return (
    `func (s *Server) ${f}(ctx context.Context, req *${f}Request) (*${f}Response, error) {\n` +
    `\tif err := s.db.QueryRowContext(ctx, "SELECT id FROM ${r.pick(IDENTIFIER_PARTS)}s WHERE id = $1", req.ID).Scan(&id); err != nil {\n` +
    `\t\treturn nil, fmt.Errorf("${r.pick(ENGLISH)}: %w", err)\n` +
    `\t}\n\treturn &${f}Response{Count: ${r.int(0, 9999)}}, nil\n}\n\n`
  )
}

const LANGUAGES = [
  ['ts', TS],
  ['python', PY],
  ['go', GO],
] as const

/** Source code in one of TypeScript, Python or Go: a file's contents, without fences. */
export const source: Content = (r, bytes) => {
  const [, snippet] = r.pick(LANGUAGES)
  return fill(bytes, () => snippet(r))
}

/** A fenced code block with a sentence before it, as an assistant writes one. */
export const codeBlock: Content = (r, bytes) => {
  const [lang, snippet] = r.pick(LANGUAGES)
  return sentence(r, ENGLISH) + '\n\n```' + lang + '\n' + fill(bytes, () => snippet(r)) + '```\n'
}

/** Log lines with timestamps, levels, paths, hashes and durations. */
export const logs: Content = (r, bytes) =>
  fill(bytes, () => {
    const t = `2025-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}T${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}.${r.int(100, 999)}Z`
    const level = r.pick(['INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'])
    return `${t} ${level} [${r.pick(IDENTIFIER_PARTS)}] ${sentence(r, ENGLISH).trim()} path=${filePath(r)} sha=${hex(r, 40)} took=${r.int(1, 5000)}ms\n`
  })

/** Reasoning: prose that thinks aloud, with the odd path, number and special-token string. */
export const reasoning: Content = (r, bytes) =>
  fill(bytes, () => {
    const opener = r.pick(['Let me think. ', 'Hmm, ', 'First, ', 'Wait: ', 'So ', ''])
    const aside = r.chance(0.01) ? ` The docs mention ${r.pick(SPECIAL_TOKEN_STRINGS)} here. ` : ''
    const said = sentence(r, ENGLISH)
    return (
      opener +
      (opener ? said.charAt(0).toLowerCase() + said.slice(1) : said) +
      aside +
      (r.chance(0.15) ? '\n' : '')
    )
  })

const OUTPUTS: Content[] = [source, logs, prose, nonLatin]

/** A tool call rendered as its provider sends it: a JSON string with call id, arguments and output. */
export const toolPayload: Content = (r, bytes) => {
  const name = r.pick(TOOLS)
  const args: Record<string, unknown> = { path: filePath(r) }
  if (r.chance(0.4)) args.pattern = `${r.pick(IDENTIFIER_PARTS)}\\(`
  if (r.chance(0.3)) args.command = `npm test -- ${filePath(r)}`
  const output = r.pick(OUTPUTS)(r, Math.max(0, bytes - 200))
  return JSON.stringify({
    call_id: callId(r),
    name,
    arguments: args,
    output,
    sha256: hex(r, 64),
    exit_code: r.chance(0.9) ? 0 : 1,
  })
}
