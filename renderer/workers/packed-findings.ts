import { descriptorOf, type Finding, type FindingCode } from '@core'

/** Strings sent as one text and where each ends in it: copied between threads as two blocks. */
export interface PackedStrings {
  text: string
  ends: Uint32Array<ArrayBuffer>
}

/** The lists a finding of this code has that can be long: its ids and its descriptor's values. */
export type PackedKey = 'ids' | 'identifiers' | 'specialTokens'

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

// Each unpacked finding's lists as they came, so that their length and first items are read
// without cutting every string out: the panel shows a list's size and, open, its first 500.
const packedLists = new WeakMap<Finding, Partial<Record<PackedKey, PackedStrings>>>()

/**
 * The finding again. Its lists are cut out of their text when first read, and kept: a finding
 * whose identifiers are never shown never pays for them.
 */
export function unpackFinding(packed: PackedFinding): Finding {
  const finding: Record<string, unknown> = { ...packed }
  const lists: Partial<Record<PackedKey, PackedStrings>> = {}
  for (const key of listsOf(packed.code)) {
    const strings = finding[key] as PackedStrings | undefined
    if (strings !== undefined) lazily(finding, key, (lists[key] = strings))
  }
  packedLists.set(finding as Finding, lists)
  return finding as Finding
}

/** How many strings a finding's list holds (undefined when it has none), without unpacking it. */
export function listLength(finding: Finding, key: PackedKey): number | undefined {
  const packed = packedLists.get(finding)?.[key]
  if (packed !== undefined) return packed.ends.length
  return (finding as Partial<Record<PackedKey, readonly string[]>>)[key]?.length
}

/** The first `n` strings of a finding's list (empty when it has none), without unpacking the rest. */
export function listHead(finding: Finding, key: PackedKey, n: number): readonly string[] {
  const packed = packedLists.get(finding)?.[key]
  if (packed === undefined) {
    return (finding as Partial<Record<PackedKey, readonly string[]>>)[key]?.slice(0, n) ?? []
  }
  return unpack(packed, n)
}

function pack(strings: readonly string[]): PackedStrings {
  const ends = new Uint32Array(strings.length)
  let end = 0
  strings.forEach((s, i) => (ends[i] = end += s.length))
  return { text: strings.join(''), ends }
}

function unpack({ text, ends }: PackedStrings, n = ends.length): string[] {
  const strings = new Array<string>(Math.min(n, ends.length))
  let start = 0
  for (let i = 0; i < strings.length; i++) {
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
