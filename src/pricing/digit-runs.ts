/**
 * The tokens a text's digits add where a family's tokenizer gives every digit a token of its own,
 * as Gemini's does (Gemma's technical report: its SentencePiece vocabulary, a subset of Gemini's,
 * "splits digits"), over o200k_base, which gives each run of one to three digits one token (its
 * pre-tokenizer's `\p{N}{1,3}`): a run of n ASCII digits adds n − ⌈n/3⌉. Counted in chunks
 * (`countJoined`), a run cut between two chunks is two runs, and may add a token less.
 */
export function splitDigitsExtra(text: string): number {
  let at = text.search(DIGIT)
  if (at === -1) return 0
  let extra = 0
  while (at < text.length) {
    if (!isDigit(text.charCodeAt(at))) {
      at++
      continue
    }
    let end = at + 1
    while (end < text.length && isDigit(text.charCodeAt(end))) end++
    const n = end - at
    extra += n - Math.ceil(n / 3)
    at = end
  }
  return extra
}

const DIGIT = /[0-9]/
const isDigit = (c: number) => c >= 0x30 && c <= 0x39
