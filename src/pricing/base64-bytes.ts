// Decoding table: the value of each base64 character (standard and URL-safe alphabets), -1 for others.
const VALUES = new Int8Array(128).fill(-1)
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  .split('')
  .forEach((c, i) => (VALUES[c.charCodeAt(0)] = i))
VALUES['-'.charCodeAt(0)] = 62
VALUES['_'.charCodeAt(0)] = 63

/**
 * The bytes a base64 string encodes, decoded only as far as they are read: an image's size sits in
 * its first bytes, so a multi-megabyte screenshot is never decoded whole to price it.
 */
export class Base64Bytes {
  private decoded = new Uint8Array(0)
  private length = 0
  private next = 0

  constructor(private readonly text: string) {}

  /** The byte at `i`, or -1 past the end (or where the text stops being base64). */
  at(i: number): number {
    if (i < this.length) return this.decoded[i]
    this.decodeTo(i + 1)
    return i < this.length ? this.decoded[i] : -1
  }

  /** The first `end` bytes (fewer when the data is shorter). */
  head(end: number): Uint8Array {
    this.at(end - 1)
    return this.decoded.subarray(0, Math.min(end, this.length))
  }

  /** The number of bytes the whole text encodes, from its length alone (padding and line breaks aside). */
  get size(): number {
    // Native string search, not a loop per character: ciphertexts run to tens of kilobytes.
    const text = /\s/.test(this.text) ? this.text.replace(/\s+/g, '') : this.text
    let pad = 0
    while (pad < 2 && text.charCodeAt(text.length - 1 - pad) === 0x3d) pad++
    return Math.max(0, Math.floor((text.length * 3) / 4) - pad)
  }

  private decodeTo(want: number): void {
    if (this.decoded.length < want) {
      // Grow by doubling: a JPEG's size can sit behind tens of kilobytes of metadata.
      const grown = new Uint8Array(Math.max(want + 2, this.decoded.length * 2, 64))
      grown.set(this.decoded.subarray(0, this.length))
      this.decoded = grown
    }
    // Whole groups of 4 characters (3 bytes) at a time, so a later read resumes on a boundary.
    const { text } = this
    while (this.length < want && this.next < text.length) {
      let acc = 0
      let got = 0
      let k = this.next
      while (got < 4 && k < text.length) {
        const c = text.charCodeAt(k++)
        const v = c < 128 ? VALUES[c] : -1
        if (v >= 0) {
          acc = (acc << 6) | v
          got++
        } else if (c !== 0x0a && c !== 0x0d && c !== 0x20) break
      }
      if (got < 2) {
        this.next = text.length
        return
      }
      acc <<= 6 * (4 - got)
      const bytes = got - 1
      if (this.decoded.length < this.length + 3) this.decodeGrow()
      this.decoded[this.length++] = (acc >> 16) & 0xff
      if (bytes > 1) this.decoded[this.length++] = (acc >> 8) & 0xff
      if (bytes > 2) this.decoded[this.length++] = acc & 0xff
      this.next = got < 4 ? text.length : k
    }
  }

  private decodeGrow(): void {
    const grown = new Uint8Array(this.decoded.length * 2 + 3)
    grown.set(this.decoded.subarray(0, this.length))
    this.decoded = grown
  }
}
