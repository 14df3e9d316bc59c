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
