import type { EncodingName } from 'gpt-tokenizer/mapping'

// Pre-tokenisation: each encoding cuts text into pieces with a pattern, and byte-pair merging never
// crosses a cut, so a different cut is a different count. These are tiktoken's patterns, the
// reference, written for JavaScript. gpt-tokenizer's own read `\s` and `\p{…}` with the JavaScript
// engine's rules and Unicode tables, while tiktoken's Rust regex uses Unicode's White_Space and the
// Unicode 16 tables. They cut differently on U+0085 (a space to tiktoken only), U+FEFF (a space to
// JavaScript only) and the letters, marks and digits Unicode 17 added (unassigned to tiktoken), so
// those sets are pinned here. That assumes an engine with Unicode 16 or later, as Node 20.19+ and
// Electron 41 are. The differential test finds any new difference.

/** Unicode's White_Space, which Rust's `\s` means: JavaScript's `\s` without U+FEFF, with U+0085. */
const SPACE = String.raw`[\t-\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]`
const NOT_SPACE = `[^${SPACE}]`

/** Letters, marks and digits new in Unicode 17: assigned to JavaScript, unassigned to tiktoken. */
const UNICODE_17 =
  '[' +
  String.raw`\u088F\u0C5C\u0CDC\u1ACF-\u1ADD\u1AE0-\u1AEB\uA7CE\uA7CF\uA7D2\uA7D4\uA7F1` +
  String.raw`\u{10940}-\u{10959}\u{10EC5}-\u{10EC7}\u{10EFA}\u{10EFB}\u{11B60}-\u{11B67}` +
  String.raw`\u{11DB0}-\u{11DDB}\u{11DE0}-\u{11DE9}\u{16EA0}-\u{16EB8}\u{16EBB}-\u{16ED3}` +
  String.raw`\u{16FF2}-\u{16FF6}\u{187F8}-\u{187FF}\u{18D09}-\u{18D1E}\u{18D80}-\u{18DF2}` +
  String.raw`\u{1E6C0}-\u{1E6DE}\u{1E6E0}-\u{1E6F5}\u{1E6FE}\u{1E6FF}\u{2B73A}-\u{2B73F}` +
  String.raw`\u{2CEA2}-\u{2CEAD}\u{323B0}-\u{33479}` +
  ']'

/** A class of general categories as tiktoken sees them (a `v`-flag set difference). */
const categories = (...names: string[]) =>
  `[[${names.map((name) => `\\p{${name}}`).join('')}]--${UNICODE_17}]`

const L = categories('L')
const N = categories('N')
const UPPER = categories('Lu', 'Lt', 'Lm', 'Lo', 'M')
const LOWER = categories('Ll', 'Lm', 'Lo', 'M')
/** The classes the patterns are made of, for the scanner that follows them by hand. */
export const CLASSES = { L, N, SPACE, UPPER, LOWER }

// Rust's `(?i:'s|'t|…)` spelled out, as Node 20 has no `(?i:)`. Unicode case folding makes ſ
// (U+017F, long s) an `s` there.
const CONTRACTION = `'(?:[sSſ]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])`

/** tiktoken's r50k_base pattern, also p50k_base's, p50k_edit's and gpt2's. */
const R50K = `'s|'t|'re|'ve|'m|'ll|'d| ?${L}+| ?${N}+| ?[^${SPACE}${L}${N}]+|${SPACE}+(?!${NOT_SPACE})|${SPACE}+`

/** tiktoken's cl100k_base pattern. */
const CL100K =
  `${CONTRACTION}|[^\\r\\n${L}${N}]?${L}+|${N}{1,3}| ?[^${SPACE}${L}${N}]+[\\r\\n]*` +
  `|${SPACE}*[\\r\\n]+|${SPACE}+(?!${NOT_SPACE})|${SPACE}+`

/** tiktoken's o200k_base pattern, also o200k_harmony's. */
const O200K =
  `[^\\r\\n${L}${N}]?${UPPER}*${LOWER}+(?:${CONTRACTION})?` +
  `|[^\\r\\n${L}${N}]?${UPPER}+${LOWER}*(?:${CONTRACTION})?` +
  `|${N}{1,3}| ?[^${SPACE}${L}${N}]+[\\r\\n\\/]*|${SPACE}*[\\r\\n]+|${SPACE}+(?!${NOT_SPACE})|${SPACE}+`

const PATTERNS: Record<EncodingName, string> = {
  gpt2: R50K,
  r50k_base: R50K,
  p50k_base: R50K,
  p50k_edit: R50K,
  cl100k_base: CL100K,
  o200k_base: O200K,
  o200k_harmony: O200K,
}

/** The pattern that cuts text into pieces exactly where tiktoken does, for one encoding (global). */
export function splitPatternFor(encoding: EncodingName): RegExp {
  return new RegExp(PATTERNS[encoding], 'gv')
}
