import { describe, expect, it } from 'vitest'
import { readBlobBytes } from '../../renderer/workers/blob-bytes'

/** A Blob whose size says `size` and whose stream yields `chunks`: a file that changed as it was read. */
function blobOf(size: number, chunks: Uint8Array[]): Blob {
  return {
    size,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk)
          controller.close()
        },
      }),
  } as unknown as Blob
}

describe('readBlobBytes', () => {
  it('reads a Blob of several parts, past ASCII, as its UTF-8 bytes', async () => {
    const parts = ['{"role":"user","content":"zażółć"}\n', 'x'.repeat(200_000), '\n"日本語 🙂"']
    const bytes = await readBlobBytes(new Blob(parts))
    expect(bytes).toEqual(new TextEncoder().encode(parts.join('')))
  })

  it('reads an empty Blob as no bytes', async () => {
    expect((await readBlobBytes(new Blob([]))).length).toBe(0)
  })

  it('keeps every byte when the stream holds more than the size said', async () => {
    const bytes = await readBlobBytes(blobOf(2, [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5)]))
    expect([...bytes]).toEqual([1, 2, 3, 4, 5])
  })

  it('cuts the buffer to what was read when the stream holds fewer', async () => {
    const bytes = await readBlobBytes(blobOf(10, [Uint8Array.of(7, 8)]))
    expect([...bytes]).toEqual([7, 8])
  })
})
