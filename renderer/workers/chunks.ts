import type { Message } from '@core'

/**
 * About how many characters of message content one chunk carries back to the main thread. Reading
 * a chunk there (structured-clone deserialisation) is one task: at this size about 10 ms on a busy
 * two-core machine, well under the 50 ms that makes a task long.
 */
export const CHUNK_CHARS = 256 * 1024
/** And at most this many messages, since each one is an object to rebuild whatever its size. */
export const CHUNK_MESSAGES = 1000

/** Cuts messages into consecutive chunks of about CHUNK_CHARS characters or CHUNK_MESSAGES messages. */
export function chunkMessages(messages: readonly Message[]): Message[][] {
  const chunks: Message[][] = []
  let chunk: Message[] = []
  let chars = 0
  for (const message of messages) {
    chunk.push(message)
    chars += message.text.length + (message.payload?.length ?? 0) + (message.id?.length ?? 0)
    if (chars >= CHUNK_CHARS || chunk.length >= CHUNK_MESSAGES) {
      chunks.push(chunk)
      chunk = []
      chars = 0
    }
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}

/**
 * A chunk as it crosses to the page: the messages without their texts and payloads, and those as
 * two strings, one of the texts that fit in one byte a character and one of the rest, with where
 * each lies. Cloned as thousands of small strings, every text was allocated anew on the page,
 * survived, and was copied again as it was promoted: in a browser's default V8 settings that
 * made the page's young generation grow to its largest and its heap to about twice what it held.
 * Two long strings are copied once, into large-object space, and each text is a slice of them.
 */
export interface PackedChunk {
  /** The messages, each with text '' and, where it has one, payload '' in their places. */
  shells: Message[]
  narrow: string
  wide: string
  /** For field `2i` (message i's text) and `2i + 1` (its payload): where it starts and ends. */
  starts: Uint32Array<ArrayBuffer>
  ends: Uint32Array<ArrayBuffer>
  /** 0 when the field is in `narrow`, 1 in `wide`, 2 when the message has no payload. */
  where: Uint8Array<ArrayBuffer>
}

// A character above U+00FF makes V8 store a string in two bytes a character.
const NOT_ONE_BYTE = /[\u0100-\uffff]/

/** Packs a chunk of messages for the page (see PackedChunk). */
export function packChunk(messages: readonly Message[]): PackedChunk {
  const narrow: string[] = []
  const wide: string[] = []
  const lengths = [0, 0]
  const starts = new Uint32Array(messages.length * 2)
  const ends = new Uint32Array(messages.length * 2)
  const where = new Uint8Array(messages.length * 2)
  const put = (field: number, value: string | undefined) => {
    if (value === undefined) return void (where[field] = 2)
    const side = NOT_ONE_BYTE.test(value) ? 1 : 0
    ;(side === 0 ? narrow : wide).push(value)
    where[field] = side
    starts[field] = lengths[side]
    ends[field] = lengths[side] += value.length
  }
  const shells = messages.map((message, i) => {
    put(2 * i, message.text)
    put(2 * i + 1, message.payload)
    return message.payload === undefined
      ? { ...message, text: '' }
      : { ...message, text: '', payload: '' }
  })
  return { shells, narrow: narrow.join(''), wide: wide.join(''), starts, ends, where }
}

/** The messages of a packed chunk, their texts slices of its two strings. */
export function unpackChunk(chunk: PackedChunk): Message[] {
  const { shells, narrow, wide, starts, ends, where } = chunk
  const field = (at: number) => (where[at] === 0 ? narrow : wide).slice(starts[at], ends[at])
  for (let i = 0; i < shells.length; i++) {
    shells[i].text = field(2 * i)
    if (where[2 * i + 1] !== 2) shells[i].payload = field(2 * i + 1)
  }
  return shells
}

/** What to transfer with a packed chunk: its offsets change owner rather than being copied. */
export const packedTransfer = (chunk: PackedChunk): ArrayBuffer[] => [
  chunk.starts.buffer,
  chunk.ends.buffer,
  chunk.where.buffer,
]
