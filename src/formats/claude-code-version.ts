/**
 * A Claude Code version (`2.1.136`, as each event's `version` has it) against a release: negative
 * before it, 0 at it, positive after; undefined when the version is absent or not three numbers.
 */
export function compareVersion(
  version: string | undefined,
  release: readonly [number, number, number],
): number | undefined {
  if (version === undefined) return undefined
  const parts = partsOf(version)
  if (parts === null) return undefined
  for (let i = 0; i < 3; i++) if (parts[i] !== release[i]) return parts[i] - release[i]
  return 0
}

// A session names a few versions on thousands of lines, and each line's is compared more than
// once: each is split once. Bounded, for a file of many versions.
const PARTS = new Map<string, readonly number[] | null>()
const MAX_PARTS = 256

/** A version's numbers, or null when it is not three numbers or more. */
function partsOf(version: string): readonly number[] | null {
  let parts = PARTS.get(version)
  if (parts === undefined) {
    const split = version.split('.').map(Number)
    parts = split.length < 3 || split.some((n) => !Number.isInteger(n)) ? null : split
    if (PARTS.size < MAX_PARTS) PARTS.set(version, parts)
  }
  return parts
}

/**
 * Whether a Claude Code version is `from` or later and, with `until`, before it; false when the
 * version is absent or not three numbers.
 */
export function versionIn(
  version: string | undefined,
  from: readonly [number, number, number],
  until?: readonly [number, number, number],
): boolean {
  const after = compareVersion(version, from)
  if (after === undefined || after < 0) return false
  return until === undefined || compareVersion(version, until)! < 0
}
