/**
 * Tiny hand-made image headers: only the bytes a reader needs for the size, as each format's
 * specification lays them out (PNG IHDR, GIF logical screen, JPEG SOFn, WebP VP8/VP8L/VP8X).
 * Written here byte by byte, not with the code under test.
 */

const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff]
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))
const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64')

export function pngBase64(width: number, height: number): string {
  return b64([
    0x89,
    ...ascii('PNG\r\n\x1a\n'),
    ...be32(13),
    ...ascii('IHDR'),
    ...be32(width),
    ...be32(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ])
}

export function gifBase64(width: number, height: number): string {
  return b64([...ascii('GIF89a'), ...le16(width), ...le16(height), 0xf7, 0, 0])
}

/** A JPEG whose frame header (`sof`, 0xC0 baseline or 0xC2 progressive) follows `padding` bytes of EXIF. */
export function jpegBase64(width: number, height: number, sof = 0xc0, padding = 0): string {
  const app0 = [0xff, 0xe0, ...be16(16), ...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const app1 =
    padding > 0 ? [0xff, 0xe1, ...be16(padding + 2), ...new Array<number>(padding).fill(0x41)] : []
  const sofSegment = [0xff, sof, ...be16(17), 8, ...be16(height), ...be16(width), 3]
  return b64([0xff, 0xd8, ...app0, ...app1, ...sofSegment, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
}

export function webpLossyBase64(width: number, height: number): string {
  return b64([
    ...ascii('RIFF'),
    ...le16(0),
    0,
    0,
    ...ascii('WEBP'),
    ...ascii('VP8 '),
    0,
    0,
    0,
    0,
    0x30,
    0x01,
    0x00,
    0x9d,
    0x01,
    0x2a,
    ...le16(width),
    ...le16(height),
  ])
}

export function webpLosslessBase64(width: number, height: number): string {
  const bits = (width - 1) | ((height - 1) << 14)
  return b64([
    ...ascii('RIFF'),
    0,
    0,
    0,
    0,
    ...ascii('WEBP'),
    ...ascii('VP8L'),
    0,
    0,
    0,
    0,
    0x2f,
    bits & 0xff,
    (bits >> 8) & 0xff,
    (bits >> 16) & 0xff,
    (bits >>> 24) & 0xff,
  ])
}

export function webpExtendedBase64(width: number, height: number): string {
  return b64([
    ...ascii('RIFF'),
    0,
    0,
    0,
    0,
    ...ascii('WEBP'),
    ...ascii('VP8X'),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...le24(width - 1),
    ...le24(height - 1),
  ])
}

/** A PDF with `pages` page objects (and one /Pages tree), as plain uncompressed objects. */
export function pdfBase64(pages: number): string {
  const kids = Array.from({ length: pages }, (_, k) => `${k + 3} 0 R`).join(' ')
  let body = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n`
  body += `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj\n`
  for (let k = 0; k < pages; k++) body += `${k + 3} 0 obj << /Type /Page /Parent 2 0 R >> endobj\n`
  return Buffer.from(body + '%%EOF\n').toString('base64')
}
