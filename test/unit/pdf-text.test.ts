import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodePayload } from '../../src/formats/payload'
import { OPENAI_PDF_PAGE_TOKENS } from '../../src/pricing/document-tokens'
import { describeOpaqueParts, pricePayload } from '../../src/pricing/opaque'
import { pdfText } from '../../src/pricing/pdf-text'

// PDFs written here by hand (ISO 32000-1 objects; cross-reference tables are not needed to read
// the streams). Each stream is `<<dict>> stream … endstream`, Flate-compressed where its dictionary
// says /Filter /FlateDecode.
function stream(dict: string, content: string, flate = true): Buffer {
  const body = flate ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1')
  const filter = flate ? ' /Filter /FlateDecode' : ''
  return Buffer.concat([
    Buffer.from(`<< /Length ${body.length}${filter}${dict} >>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream\n', 'latin1'),
  ])
}

function pdf(pages: number, ...streams: Buffer[]): Buffer {
  const objects = Array.from(
    { length: pages },
    (_, k) => `${k + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 10 0 R >>\nendobj\n`,
  ).join('')
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n`, 'latin1'),
    Buffer.from(`2 0 obj\n<< /Type /Pages /Count ${pages} >>\nendobj\n${objects}`, 'latin1'),
    ...streams.map((s, k) =>
      Buffer.concat([Buffer.from(`${k + 10} 0 obj\n`), s, Buffer.from('endobj\n')]),
    ),
    Buffer.from('%%EOF\n', 'latin1'),
  ])
}

const PAGE = [
  'BT /F1 12 Tf 72 720 Td (Quarterly report, page one.) Tj',
  '0 -14 Td [(Revenue grew) -320 (by 12%) 40 (.)] TJ',
  "(Escapes: \\(parens\\) and a tab\\there.) '",
  'ET',
].join('\n')

describe('the text a PDF shows', () => {
  it("reads Tj, TJ (a large gap is a space) and ' from a Flate content stream", () => {
    expect(pdfText(pdf(1, stream('', PAGE)))).toBe(
      'Quarterly report, page one.\nRevenue grew by 12%.\nEscapes: (parens) and a tab\there.',
    )
  })

  it('decodes hex strings through the file’s ToUnicode CMap', () => {
    const cmap = [
      'begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange',
      '2 beginbfchar <0001> <0048> <0002> <0069> endbfchar',
      '1 beginbfrange <0003> <0005> <0061> endbfrange endcmap',
    ].join('\n')
    const content = 'BT /F1 12 Tf 72 720 Td <00010002> Tj 40 0 Td <000300040005> Tj ET'
    // 0001 → H, 0002 → i; 0003–0005 → a, b, c; a move along the line adds no break.
    expect(pdfText(pdf(1, stream('', cmap), stream('', content)))).toBe('Hiabc')
  })

  it('reads literal strings of a Type0 Identity-H font as two-byte codes through its ToUnicode CMap', () => {
    // A Type0 font, its codes two bytes (Identity-H), its ToUnicode CMap in object 11.
    const font = Buffer.from(
      '<< /Type /Font /Subtype /Type0 /BaseFont /Ours /Encoding /Identity-H' +
        ' /DescendantFonts [12 0 R] /ToUnicode 11 0 R >>\n',
      'latin1',
    )
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '1 begincodespacerange <0000> <FFFF> endcodespacerange',
      '3 beginbfchar <0003> <0020> <0029> <0057> <0128> <0021> endbfchar',
      '1 beginbfrange <0041> <0044> <0064> endbfrange',
      'endcmap CMapName currentdict /CMap defineresource pop end end',
    ].join('\n')
    // Each character two bytes, written as the bytes themselves, octal escapes and an escaped ")":
    // 0029 0041 0042 → W d e; 0003 → space; 0043 0044 → f g; 0128 → "!".
    const content = [
      'BT /F1 12 Tf 72 720 Td',
      '(\\000\\)\\000A\\000B) Tj',
      '[(\\000\\003) -120 (\\000C\\000D\\001\\050)] TJ',
      'ET',
    ].join('\n')
    // Derived by hand from the CMap above.
    expect(pdfText(pdf(1, font, stream('', cmap), stream('', content)))).toBe('Wde fg!')
  })

  it('keeps literal strings as bytes in a file that also declares a simple font', () => {
    const fonts = Buffer.from(
      '<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /ToUnicode 11 0 R >>\n' +
        '<< /Type /Font /Subtype /TrueType /BaseFont /Plain /Encoding /WinAnsiEncoding >>\n',
      'latin1',
    )
    const cmap =
      'begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange\n' +
      '1 beginbfchar <0001> <0048> endbfchar endcmap'
    const content = 'BT /F2 12 Tf (Plain words.) Tj /F1 12 Tf <0001> Tj ET'
    expect(pdfText(pdf(1, fonts, stream('', cmap), stream('', content)))).toBe('Plain words.H')
  })

  it('reads an uncompressed stream, and never a font program or an image', () => {
    const font = stream(' /Length1 40', '(not text) Tj BT (nor this) Tj ET')
    const image = stream(' /Subtype /Image /Width 2 /Height 2', 'BT (pixels) Tj ET')
    const page = stream('', 'BT (Plain text.) Tj ET', false)
    expect(pdfText(pdf(1, font, image, page))).toBe('Plain text.')
  })

  it('reads a stream built to expand a thousandfold only as far as its first 8 MB', () => {
    // 64 MB of spaces after the text compress to about 64 kB.
    const bomb = stream(
      '',
      `BT (Before the padding.) Tj ET${' '.repeat(64 * 1024 * 1024)}(after) Tj`,
    )
    expect(bomb.length).toBeLessThan(200_000)
    expect(pdfText(pdf(1, bomb))).toBe('Before the padding.')
  })

  it('gives nothing for bytes that are not a PDF', () => {
    expect(pdfText(new TextEncoder().encode('just some text, no streams'))).toBe('')
  })
})

describe('OpenAI prices a PDF as its text and a price a page', () => {
  const ctx = { wire: 'openai-chat', model: 'gpt-4o', family: 'openai', retained: true } as const
  const payloadOf = (file: Buffer) =>
    encodePayload({
      attachments: [
        {
          type: 'file',
          file: {
            filename: 'report.pdf',
            file_data: `data:application/pdf;base64,${file.toString('base64')}`,
          },
        },
      ],
    })!

  it('two pages: the text at 4 characters a token, and 218 for each page', () => {
    const file = pdf(2, stream('', PAGE))
    const text =
      'Quarterly report, page one.\nRevenue grew by 12%.\nEscapes: (parens) and a tab\there.'
    const expected = Math.ceil(text.length / 4) + 2 * 218
    expect(OPENAI_PDF_PAGE_TOKENS).toBe(218)
    expect(pricePayload(payloadOf(file), ctx).opaqueTokens).toBe(expected)
    const [part] = describeOpaqueParts(payloadOf(file), ctx)
    expect(part.kind).toBe('document')
    expect(part.label).toContain(
      `${expected} tokens (OpenAI: its text, ${text.length} characters at ~4 a token, and 218 a page, measured)`,
    )
  })

  it('Anthropic keeps its own rule: ~2,250 a page, whatever the text', () => {
    const anthropic = {
      ...ctx,
      wire: 'anthropic',
      model: 'claude-sonnet-4-5',
      family: 'anthropic',
    } as const
    expect(pricePayload(payloadOf(pdf(2, stream('', PAGE))), anthropic).opaqueTokens).toBe(4500)
  })
})
