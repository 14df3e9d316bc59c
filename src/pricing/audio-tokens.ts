import type { Base64Bytes } from './base64-bytes'

/**
 * OpenAI bills audio input by its length: about one token per 100 ms (its Realtime and audio
 * guides; measured on a public gpt-4o-audio-preview request, pydantic/pydantic-ai's cassettes:
 * 6.96 s of 16 kHz mono WAV reported as 69 audio tokens). docs/tokens.md, "Audio".
 */
export const AUDIO_TOKENS_PER_SECOND = 10

/** When the length cannot be read from the header: 128 kbit/s, a common compressed rate. */
const FALLBACK_BYTES_PER_SECOND = 16_000

/** An audio part's price, and how it was worked out. */
export interface AudioPrice {
  tokens: number
  seconds: number
  /** Whether the length came from the file's own header (a WAV's byte rate and data size). */
  measured: boolean
}

/** The price of base64 audio: its length from a WAV header, else estimated from its size. */
export function audioPrice(bytes: Base64Bytes): AudioPrice {
  const wav = wavSeconds(bytes)
  const seconds = wav ?? bytes.size / FALLBACK_BYTES_PER_SECOND
  return {
    tokens: Math.ceil(seconds * AUDIO_TOKENS_PER_SECOND),
    seconds,
    measured: wav !== undefined,
  }
}

/** A RIFF WAVE file's length in seconds: its data chunk's size over the fmt chunk's byte rate. */
export function wavSeconds(b: Base64Bytes): number | undefined {
  const tag = (at: number, text: string) =>
    [...text].every((c, k) => b.at(at + k) === c.charCodeAt(0))
  const u32 = (at: number) =>
    (b.at(at) | (b.at(at + 1) << 8) | (b.at(at + 2) << 16) | (b.at(at + 3) << 24)) >>> 0
  if (!tag(0, 'RIFF') || !tag(8, 'WAVE')) return undefined
  let byteRate = 0
  // Chunks follow the 12-byte header; a few dozen at most before the data in real files.
  for (let at = 12, seen = 0; at + 8 <= b.size && seen < 64; seen++) {
    const size = u32(at + 4)
    if (tag(at, 'fmt ')) byteRate = u32(at + 16)
    if (tag(at, 'data')) {
      if (byteRate === 0) return undefined
      // A streamed WAV may leave the size unset (0 or 0xFFFFFFFF): take what the file holds.
      const data =
        size === 0 || size === 0xffffffff ? b.size - at - 8 : Math.min(size, b.size - at - 8)
      return data / byteRate
    }
    at += 8 + size + (size % 2)
  }
  return undefined
}
