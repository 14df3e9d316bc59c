import { get_encoding, type Tiktoken, type TiktokenEncoding } from 'tiktoken'
import type { EncodingName } from '@core'

const encoders = new Map<string, Tiktoken>()

/**
 * OpenAI's tiktoken encoder for an encoding: the reference our counts are checked against. tiktoken
 * has no o200k_harmony: that encoding is o200k_base's ranks and split pattern plus special tokens
 * for the harmony chat format, and an ordinary count never produces a special token, so o200k_base
 * is its reference. Built once per encoding and test file.
 */
export function tiktokenFor(encoding: EncodingName): Tiktoken {
  const name = (encoding === 'o200k_harmony' ? 'o200k_base' : encoding) as TiktokenEncoding
  let encoder = encoders.get(name)
  if (!encoder) {
    encoder = get_encoding(name)
    encoders.set(name, encoder)
  }
  return encoder
}
