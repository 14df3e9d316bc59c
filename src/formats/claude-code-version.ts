/**
 * A Claude Code version (`2.1.136`, as each event's `version` has it) against a release: negative
 * before it, 0 at it, positive after; undefined when the version is absent or not three numbers.
 */
export function compareVersion(
  version: string | undefined,
  release: readonly [number, number, number],
): number | undefined {
  if (version === undefined) return undefined
  const parts = version.split('.').map(Number)
  if (parts.length < 3 || parts.some((n) => !Number.isInteger(n))) return undefined
  for (let i = 0; i < 3; i++) if (parts[i] !== release[i]) return parts[i] - release[i]
  return 0
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
