import type { Finding } from '@core'

/** Strings sent as one text and where each ends in it: copied between threads as two blocks. */
export interface PackedStrings {
  text: string
  ends: Uint32Array<ArrayBuffer>
}

/** A finding as it crosses from the worker: its long string lists packed. */
export type PackedFinding = Omit<Finding, 'ids' | 'identifiers'> & {
  ids: PackedStrings
  identifiers?: PackedStrings
}

/**
 * On 100,000 messages a finding can list 137,000 identifiers and 65,000 ids. Cloned one string at
 * a time, reading the findings back cost the page 60 to 170 ms in one task; one text and one array
 * of offsets are read back as two blocks.
 */
export function packFinding({ ids, identifiers, ...rest }: Finding): PackedFinding {
  return {
    ...rest,
    ids: pack(ids),
    ...(identifiers !== undefined ? { identifiers: pack(identifiers) } : {}),
  }
}

/**
 * The finding again. Its lists are cut out of their text when first read, and kept: a finding
 * whose identifiers are never shown never pays for them.
 */
export function unpackFinding({ ids, identifiers, ...rest }: PackedFinding): Finding {
  const finding = { ...rest } as Finding
  lazily(finding, 'ids', ids)
  if (identifiers !== undefined) lazily(finding, 'identifiers', identifiers)
  return finding
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

function lazily(finding: Finding, key: 'ids' | 'identifiers', packed: PackedStrings) {
  let strings: string[] | undefined
  Object.defineProperty(finding, key, {
    enumerable: true,
    configurable: true,
    get: () => (strings ??= unpack(packed)),
  })
}
