import { get_encoding, type Tiktoken, type TiktokenEncoding } from 'tiktoken'

const encoders = new Map<string, Tiktoken>()

/**
 * OpenAI's tiktoken encoder for an encoding: the reference our counts are checked against. tiktoken
 * has no o200k_harmony: that encoding is o200k_base's ranks and split pattern plus special tokens
 * for the harmony chat format, and an ordinary count never produces a special token, so o200k_base
 * is its reference. Built once per encoding and process.
 */
export function tiktokenFor(encoding: string): Tiktoken {
  const name = (encoding === 'o200k_harmony' ? 'o200k_base' : encoding) as TiktokenEncoding
  let encoder = encoders.get(name)
  if (!encoder) {
    encoder = get_encoding(name)
    encoders.set(name, encoder)
  }
  return encoder
}

/**
 * The framing each message costs on the wire: three tokens plus one for the role, as OpenAI's
 * "How to count tokens with tiktoken" cookbook counts it. Restated here, not imported from the
 * code under test.
 */
export const REFERENCE_FRAMING_TOKENS = 4

/**
 * Each message's cost by the reference, independent of the code under test: tiktoken's ordinary
 * count of `text + payload`, plus the framing. The oracle every suite and the corpus generator use.
 */
export function referenceCounts(
  messages: readonly { text: string; payload?: string }[],
  encoding: string = 'o200k_base',
): number[] {
  const encoder = tiktokenFor(encoding)
  return messages.map(
    (m) => encoder.encode_ordinary(m.text + (m.payload ?? '')).length + REFERENCE_FRAMING_TOKENS,
  )
}
