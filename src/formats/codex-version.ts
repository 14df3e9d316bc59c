/**
 * The Codex version a rollout names (`session_meta`'s `cli_version`): `0.57.0`, or an alpha,
 * `0.59.0-alpha.5`. A release sorts after its alphas; a development build's `0.0.0` after every
 * release, as current code.
 */
export type CodexVersion = readonly [major: number, minor: number, patch: number, alpha: number]

export function codexVersion(text: string | undefined): CodexVersion | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:-alpha\.(\d+))?/.exec(text ?? '')
  if (!m) return undefined
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (major === 0 && minor === 0 && patch === 0) return [Infinity, 0, 0, Infinity]
  return [major, minor, patch, m[4] === undefined ? Infinity : Number(m[4])]
}

/** Whether `version` is `floor` or later; a floor without an alpha is the release. */
export function isAtLeast(
  version: CodexVersion,
  floor: readonly [number, number, number, number?],
): boolean {
  for (let k = 0; k < 4; k++) {
    const a = version[k]
    const b = floor[k] ?? Infinity
    if (a !== b) return a > b
  }
  return true
}
