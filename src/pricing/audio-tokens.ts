import type { Base64Bytes } from './base64-bytes'

/**
 * OpenAI bills audio input by its length: about one token per 100 ms (its Realtime and audio
 * guides; measured on a public gpt-4o-audio-preview request, pydantic/pydantic-ai's cassettes:
 * 6.96 s of 16 kHz mono WAV reported as 69 audio tokens). docs/tokens.md, "Audio".
 */
export const AUDIO_TOKENS_PER_SECOND = 10

/**
 * What an audio part costs besides its length, in the request's text tokens: both recorded audio
 * requests (a WAV and an MP3, each with one text part) reported `text_tokens` 4 above their
 * texts. Measured, not published (docs/tokens.md, "Audio").
 */
export const AUDIO_PART_TOKENS = 4

/** When the length cannot be read from the file: 128 kbit/s, a common compressed rate. */
const FALLBACK_BYTES_PER_SECOND = 16_000

/** An audio part's price, and how it was worked out. */
export interface AudioPrice {
  tokens: number
  seconds: number
  /** Whether the length came from the file itself (a WAV's header, an MP3's frames). */
  measured: boolean
}

/**
 * The price of base64 audio: its length from a WAV header or an MP3's frames, else estimated from
 * its size; whole tenths of a second (6.96 s was reported as 69 tokens, 4.49 s as 44), and the
 * part's own AUDIO_PART_TOKENS.
 */
export function audioPrice(bytes: Base64Bytes): AudioPrice {
  const read = wavSeconds(bytes) ?? mp3Seconds(bytes)
  const seconds = read ?? bytes.size / FALLBACK_BYTES_PER_SECOND
  return {
    tokens: Math.floor(seconds * AUDIO_TOKENS_PER_SECOND) + AUDIO_PART_TOKENS,
    seconds,
    measured: read !== undefined,
  }
}

// MPEG audio frame headers (ISO/IEC 11172-3 and 13818-3): kbit/s by version and layer, and the
// sample rates by version; index 0 is "free format" and 15 is invalid.
const BITRATES_V1 = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448], // layer I
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384], // layer II
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], // layer III
]
const BITRATES_V2 = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256], // layer I
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160], // layers II and III
]
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
}

/** One MPEG audio frame at `at`: its length in bytes and its samples; undefined when none is there. */
function mpegFrame(
  b: Base64Bytes,
  at: number,
): { bytes: number; samples: number; rate: number } | undefined {
  if (at + 4 > b.size || b.at(at) !== 0xff || (b.at(at + 1) & 0xe0) !== 0xe0) return undefined
  const version = (b.at(at + 1) >> 3) & 3
  const layerBits = (b.at(at + 1) >> 1) & 3
  const bitrateIndex = b.at(at + 2) >> 4
  const rateIndex = (b.at(at + 2) >> 2) & 3
  const padding = (b.at(at + 2) >> 1) & 1
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15)
    return undefined
  if (rateIndex === 3) return undefined
  const layer = 4 - layerBits // 1, 2 or 3
  const v1 = version === 3
  const kbps = v1
    ? BITRATES_V1[layer - 1][bitrateIndex]
    : BITRATES_V2[layer === 1 ? 0 : 1][bitrateIndex]
  const rate = SAMPLE_RATES[version][rateIndex]
  const samples = layer === 1 ? 384 : layer === 3 && !v1 ? 576 : 1152
  const bytes =
    layer === 1
      ? (Math.floor((12 * kbps * 1000) / rate) + padding) * 4
      : Math.floor(((samples / 8) * kbps * 1000) / rate) + padding
  return { bytes, samples, rate }
}

/**
 * An MP3's (or any MPEG audio stream's) length in seconds: its frames' samples over their sample
 * rate, read frame by frame after any ID3v2 tag, so a variable bit rate is measured too. Undefined
 * unless two frames follow one another where the stream starts (not MPEG audio).
 */
export function mp3Seconds(b: Base64Bytes): number | undefined {
  let at = 0
  const tag = (k: number, c: string) => b.at(k) === c.charCodeAt(0)
  if (b.size >= 10 && tag(0, 'I') && tag(1, 'D') && tag(2, '3')) {
    // ID3v2: a 10-byte header, a syncsafe size, and a 10-byte footer when flag 0x10 is set.
    const size = (b.at(6) << 21) | (b.at(7) << 14) | (b.at(8) << 7) | b.at(9)
    at = 10 + size + (b.at(5) & 0x10 ? 10 : 0)
  }
  const first = mpegFrame(b, at)
  if (!first || !mpegFrame(b, at + first.bytes)) return undefined
  let seconds = 0
  for (let frame = mpegFrame(b, at); frame !== undefined; frame = mpegFrame(b, at)) {
    seconds += frame.samples / frame.rate
    at += frame.bytes
  }
  return seconds
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
