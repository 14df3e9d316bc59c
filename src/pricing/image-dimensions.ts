import type { Base64Bytes } from './base64-bytes'

/** An image's pixel size and container, as its header says. */
export interface ImageDimensions {
  width: number
  height: number
  format: 'PNG' | 'JPEG' | 'GIF' | 'WebP'
}

// JPEG markers that start a frame (SOF0–SOF15 less DHT, JPG and DAC): they carry the size.
const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
])
// How far into a JPEG the frame header is looked for: past any EXIF thumbnail or ICC profile.
const JPEG_SCAN_LIMIT = 1 << 20

const u16be = (b: Base64Bytes, i: number) => (b.at(i) << 8) | b.at(i + 1)
const u16le = (b: Base64Bytes, i: number) => b.at(i) | (b.at(i + 1) << 8)
const u24le = (b: Base64Bytes, i: number) => b.at(i) | (b.at(i + 1) << 8) | (b.at(i + 2) << 16)
const u32be = (b: Base64Bytes, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2)

function ascii(b: Base64Bytes, i: number, text: string): boolean {
  for (let k = 0; k < text.length; k++) if (b.at(i + k) !== text.charCodeAt(k)) return false
  return true
}

/**
 * The size of a PNG, JPEG, GIF or WebP image read from its header bytes (PNG IHDR, JPEG SOFn, GIF
 * logical screen, WebP VP8/VP8L/VP8X), or undefined when the bytes are none of these or cut short.
 */
export function imageDimensions(b: Base64Bytes): ImageDimensions | undefined {
  const found = readDimensions(b)
  return found && found.width > 0 && found.height > 0 ? found : undefined
}

function readDimensions(b: Base64Bytes): ImageDimensions | undefined {
  if (b.at(0) === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n') && ascii(b, 12, 'IHDR')) {
    if (b.at(23) < 0) return undefined
    return { width: u32be(b, 16), height: u32be(b, 20), format: 'PNG' }
  }
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) {
    if (b.at(9) < 0) return undefined
    return { width: u16le(b, 6), height: u16le(b, 8), format: 'GIF' }
  }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return webp(b)
  if (b.at(0) === 0xff && b.at(1) === 0xd8) return jpeg(b)
  return undefined
}

function webp(b: Base64Bytes): ImageDimensions | undefined {
  if (ascii(b, 12, 'VP8 ')) {
    // Lossy: a key frame's start code 9D 01 2A, then 14-bit width and height.
    if (b.at(23) !== 0x9d || b.at(24) !== 0x01 || b.at(25) !== 0x2a) return undefined
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff, format: 'WebP' }
  }
  if (ascii(b, 12, 'VP8L')) {
    // Lossless: signature 0x2F, then width−1 and height−1 in 14 bits each.
    if (b.at(20) !== 0x2f || b.at(24) < 0) return undefined
    const bits = b.at(21) | (b.at(22) << 8) | (b.at(23) << 16) | (b.at(24) << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, format: 'WebP' }
  }
  if (ascii(b, 12, 'VP8X')) {
    // Extended: canvas width−1 and height−1, 24 bits each.
    if (b.at(29) < 0) return undefined
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, format: 'WebP' }
  }
  return undefined
}

function jpeg(b: Base64Bytes): ImageDimensions | undefined {
  let i = 2
  while (i < JPEG_SCAN_LIMIT) {
    if (b.at(i) !== 0xff) return undefined
    let marker = b.at(i + 1)
    // Fill bytes: any number of 0xFF may pad before a marker.
    while (marker === 0xff) marker = b.at(++i + 1)
    if (marker < 0) return undefined
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return undefined
    const length = u16be(b, i + 2)
    if (length < 2) return undefined
    if (SOF_MARKERS.has(marker)) {
      if (b.at(i + 8) < 0) return undefined
      return { width: u16be(b, i + 7), height: u16be(b, i + 5), format: 'JPEG' }
    }
    i += 2 + length
  }
  return undefined
}
