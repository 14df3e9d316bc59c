import type { Base64Bytes } from './base64-bytes'
import type { ModelFamily } from './families'
import { isGemini3, type ImagePrice } from './image-tokens'
import { formatNumber } from '../numbers'

// The largest PDF scanned for its pages: Anthropic's request limit is 32 MB.
export const MAX_PDF_BYTES = 32 * 1024 * 1024

/**
 * The pages of a PDF: its `/Type /Page` objects (not `/Pages`). A PDF that keeps its objects in
 * compressed streams shows none; it is then counted as one page (said so in its description).
 */
export function pdfPages(bytes: Base64Bytes): number | undefined {
  const head = bytes.head(MAX_PDF_BYTES)
  let pages = 0
  // Byte-wise search for "/Type", optional whitespace, "/Page" not followed by "s".
  for (let i = 0; i + 10 < head.length; i++) {
    if (head[i] !== 0x2f || head[i + 1] !== 0x54 || head[i + 2] !== 0x79) continue
    if (head[i + 3] !== 0x70 || head[i + 4] !== 0x65) continue
    let j = i + 5
    while (j < head.length && (head[j] === 0x20 || head[j] === 0x0a || head[j] === 0x0d)) j++
    if (head[j] !== 0x2f || head[j + 1] !== 0x50 || head[j + 2] !== 0x61) continue
    if (head[j + 3] !== 0x67 || head[j + 4] !== 0x65 || head[j + 5] === 0x73) continue
    pages++
  }
  return pages > 0 ? pages : undefined
}

// Anthropic: each page costs 1,500–3,000 text tokens by density, plus the page as an image;
// Gemini 2.x: 258 tokens a page; Gemini 3: 560 (media_resolution medium, its default for PDFs).
const PER_PAGE: Record<'anthropic' | 'google' | 'gemini3', { tokens: number; rule: string }> = {
  anthropic: { tokens: 2250, rule: 'Anthropic: ~2,250 a page, approximate' },
  google: { tokens: 258, rule: 'Gemini: 258 a page' },
  gemini3: { tokens: 560, rule: 'Gemini 3: 560 a page (media_resolution medium)' },
}

/**
 * OpenAI bills a PDF as "the extracted text and an image of each page" and publishes no figure for
 * either. The page's part is measured: recorded gpt-4o and gpt-5-mini requests with two one-page
 * PDFs (one holding 3 tokens of text, one 737) reported 215–221 tokens a page beyond the text
 * (docs/tokens.md, "Documents"). The text is priced at 4 characters a token, as English runs.
 */
export const OPENAI_PDF_PAGE_TOKENS = 218
const PDF_CHARS_PER_TOKEN = 4

/**
 * A PDF's price by its page count (1 when unknown); OpenAI's adds its text, read from the bytes
 * (`text` gives it, asked for only there).
 */
export function pdfPrice(
  family: ModelFamily,
  model: string,
  pages: number | undefined,
  text: () => string,
): ImagePrice {
  const n = pages ?? 1
  const unknown = pages === undefined ? '; page count unknown, 1 assumed' : ''
  if (family !== 'google' && family !== 'anthropic') {
    const chars = text().length
    const textTokens = Math.ceil(chars / PDF_CHARS_PER_TOKEN)
    return {
      tokens: textTokens + OPENAI_PDF_PAGE_TOKENS * n,
      rule:
        `OpenAI: its text, ${formatNumber(chars)} characters at ~4 a token, and ` +
        `${OPENAI_PDF_PAGE_TOKENS} a page, measured${unknown}`,
    }
  }
  const per = PER_PAGE[family === 'google' ? (isGemini3(model) ? 'gemini3' : 'google') : family]
  return { tokens: per.tokens * n, rule: `${per.rule}${unknown}` }
}
