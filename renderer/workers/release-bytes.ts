/**
 * Gives the file's bytes back now rather than at the next full collection: the messages are
 * strings of their own, and under a browser's default V8 settings a collection can be seconds
 * away, while the bytes are the file's size. Detaching the buffer frees its memory at once
 * (`transfer(0)`, Chromium 114 and later), or with the next minor collection, when the clone it
 * was moved into dies young (structuredClone, where transfer is missing: Node 20).
 */
export function releaseBytes(content: string | Uint8Array): void {
  if (typeof content === 'string') return
  const buffer = content.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }
  if (buffer.byteLength === 0) return
  if (buffer.transfer) buffer.transfer(0)
  else structuredClone(buffer, { transfer: [buffer] })
}
