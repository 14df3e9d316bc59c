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
