/**
 * A Blob's bytes, read by its stream into one buffer of the Blob's size. `Blob.arrayBuffer()`
 * holds a second copy of the file while it reads: in Chromium the web build's renderer peaked
 * about 70 MB higher on the 50 MB file with it (docs/performance.md, "Smooth on large files").
 * Should the stream hold more or fewer bytes than the size said, the buffer grows or is cut to
 * what was read.
 */
export async function readBlobBytes(blob: Blob): Promise<Uint8Array> {
  let bytes = new Uint8Array(blob.size)
  let at = 0
  const reader = blob.stream().getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (at + value.length > bytes.length) {
      const grown = new Uint8Array(Math.max(at + value.length, bytes.length * 2))
      grown.set(bytes.subarray(0, at))
      bytes = grown
    }
    bytes.set(value, at)
    at += value.length
  }
  return at === bytes.length ? bytes : bytes.subarray(0, at)
}
