import { descriptorOf, type Finding, type FindingCode } from '@core'

/** Strings sent as one text and where each ends in it: copied between threads as two blocks. */
export interface PackedStrings {
  text: string
  ends: Uint32Array<ArrayBuffer>
}

/** The lists a finding of this code has that can be long: its ids and its descriptor's values. */
type PackedKey = 'ids' | 'identifiers' | 'specialTokens'

/** A finding as it crosses from the worker: its long string lists packed. */
export type PackedFinding = Packed<Finding>
type Packed<F> = { [K in keyof F]: K extends PackedKey ? PackedStrings : F[K] }

const listsOf = (code: FindingCode): readonly PackedKey[] => [
  'ids',
  ...descriptorOf(code).details.flatMap((d) => (d.kind === 'values' ? [d.key] : [])),
]

/**
 * On 100,000 messages a finding can list 137,000 identifiers and 65,000 ids. Cloned one string at
 * a time, reading the findings back cost the page 60 to 170 ms in one task; one text and one array
 * of offsets are read back as two blocks.
 */
export function packFinding<F extends Finding>(finding: F): Packed<F> {
  const packed: Record<string, unknown> = { ...finding }
  for (const key of listsOf(finding.code)) {
    const strings = packed[key] as string[] | undefined
    if (strings !== undefined) packed[key] = pack(strings)
  }
  return packed as Packed<F>
}

/**
 * The finding again. Its lists are cut out of their text when first read, and kept: a finding
 * whose identifiers are never shown never pays for them.
 */
export function unpackFinding(packed: PackedFinding): Finding {
  const finding: Record<string, unknown> = { ...packed }
  for (const key of listsOf(packed.code)) {
    const strings = finding[key] as PackedStrings | undefined
    if (strings !== undefined) lazily(finding, key, strings)
  }
  return finding as Finding
}

function pack(strings: readonly string[]): PackedStrings {
  const ends = new Uint32Array(strings.length)
  let end = 0
  strings.forEach((s, i) => (ends[i] = end += s.length))
  return { text: strings.join(''), ends }
}

function unpack({ text, ends }: PackedStrings): string[] {
  const strings = new Array<string>(ends.length)
  let start = 0
  for (let i = 0; i < ends.length; i++) {
    strings[i] = text.slice(start, ends[i])
    start = ends[i]
  }
  return strings
}

function lazily(finding: Record<string, unknown>, key: PackedKey, packed: PackedStrings) {
  let strings: string[] | undefined
  Object.defineProperty(finding, key, {
    enumerable: true,
    configurable: true,
    get: () => (strings ??= unpack(packed)),
  })
}
