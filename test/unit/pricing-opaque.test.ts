import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodePayload } from '../../src/formats/payload'
import { countEachMessage, thinkingRuleNote, type Message } from '../../src/index'
import { mp3Seconds } from '../../src/pricing/audio-tokens'
import { Base64Bytes } from '../../src/pricing/base64-bytes'
import { imageDimensions } from '../../src/pricing/image-dimensions'
import {
  anthropicImageTokens,
  geminiImageTokens,
  openAIImagePrice,
  openAIPatches,
} from '../../src/pricing/image-tokens'
import {
  describeOpaqueParts,
  previewSource,
  pricePayload,
  retainsEarlierThinking,
  type PayloadPricingContext,
} from '../../src/pricing/opaque'
import {
  gifBase64,
  jpegBase64,
  pdfBase64,
  pngBase64,
  webpExtendedBase64,
  webpLosslessBase64,
  webpLossyBase64,
} from './helpers/image-headers'
import { tiktokenFor } from './helpers/tiktoken'

const anthropic: PayloadPricingContext = {
  wire: 'anthropic',
  model: 'claude-sonnet-4-5-20250929',
  family: 'anthropic',
  retained: true,
}
const responses: PayloadPricingContext = {
  wire: 'openai-responses',
  model: 'gpt-5.1-codex',
  family: 'openai',
  retained: true,
}
const tokens = (text: string) => tiktokenFor('o200k_base').encode_ordinary(text).length
const dims = (base64: string) => imageDimensions(new Base64Bytes(base64))
// A signature-sized run of base64: 1,200 characters.
const SIGNATURE = 'EqQBCkgIBxABGAIiQL'.repeat(66) + 'AbCdEfGhIjKl'

afterEach(() => vi.restoreAllMocks())

describe('image sizes read from header bytes', () => {
  it.each([
    ['PNG', 'PNG', pngBase64(1024, 768), 1024, 768],
    ['GIF', 'GIF', gifBase64(320, 200), 320, 200],
    ['baseline JPEG', 'JPEG', jpegBase64(1920, 1080), 1920, 1080],
    ['progressive JPEG behind 40 kB of EXIF', 'JPEG', jpegBase64(800, 600, 0xc2, 40_000), 800, 600],
    ['lossy WebP', 'WebP', webpLossyBase64(640, 480), 640, 480],
    ['lossless WebP', 'WebP', webpLosslessBase64(300, 150), 300, 150],
    ['extended WebP', 'WebP', webpExtendedBase64(4000, 3000), 4000, 3000],
  ])('%s', (_name, format, data, width, height) => {
    expect(dims(data)).toEqual({ width, height, format })
  })

  it('gives no size for bytes that are no image, or a header cut short', () => {
    expect(dims(Buffer.from('hello, world, not an image').toString('base64'))).toBeUndefined()
    expect(dims(pngBase64(10, 10).slice(0, 24))).toBeUndefined()
  })
})

describe("the providers' documented image prices", () => {
  // Anthropic's vision guide: 200×200 ≈ 54, 1000×1000 ≈ 1334, 1092×1092 ≈ 1590 tokens.
  it.each([
    [200, 200, 54],
    [1000, 1000, 1334],
    [1092, 1092, 1590],
  ])('Anthropic %i×%i ≈ %i', (w, h, expected) => {
    expect(anthropicImageTokens(w, h)).toBe(expected)
  })

  it('Anthropic scales a large image down to its ~1,600-token limit first', () => {
    // The guide's largest 1:1 size is 1092×1092 (1,590 tokens); a 4000×4000 photo costs about that.
    const t = anthropicImageTokens(4000, 4000)
    expect(t).toBeGreaterThanOrEqual(1590)
    expect(t).toBeLessThanOrEqual(1600)
  })

  // OpenAI's vision guide: 1024×1024 high = 765; 2048×4096 high = 1105; low = 85.
  it('OpenAI gpt-4o tiles: the worked examples', () => {
    expect(openAIImagePrice('gpt-4o', 1024, 1024).tokens).toBe(765)
    expect(openAIImagePrice('gpt-4o', 2048, 4096).tokens).toBe(1105)
    expect(openAIImagePrice('gpt-4o', 4096, 8192, 'low').tokens).toBe(85)
  })

  it('OpenAI 32-px patches: the worked examples, and the multiplier', () => {
    expect(openAIPatches(1024, 1024)).toBe(1024)
    expect(openAIPatches(1800, 2400)).toBe(1452)
    // gpt-4.1-mini bills 1.62 tokens a patch: 1024 × 1.62 = 1658.88.
    expect(openAIImagePrice('gpt-4.1-mini', 1024, 1024).tokens).toBe(1659)
  })

  it('gpt-5-mini bills 1.2 a patch, as OpenAI reported for a 597×566 image', () => {
    // pydantic/pydantic-ai's cassette test_multimodal_tool_return_matrix[direct-binary-image-
    // openai_chat]: the same request without the image reported 129 tokens, with it 585; less the
    // call, the result and the user's text, the image came to about 410 = ⌈19 × 18 × 1.2⌉.
    expect(openAIPatches(597, 566)).toBe(19 * 18)
    expect(openAIImagePrice('gpt-5-mini', 597, 566).tokens).toBe(Math.ceil(342 * 1.2))
  })

  it('Gemini: 258 for an image within 384 px, else 258 per 768-px tile', () => {
    expect(geminiImageTokens(384, 384)).toBe(258)
    expect(geminiImageTokens(1000, 1000)).toBe(4 * 258)
  })

  it('Gemini 3 prices an image by media_resolution (high: 1,120) and a PDF page at 560', () => {
    const ctx = {
      wire: 'gemini',
      model: 'gemini-3-pro-preview',
      family: 'google',
      retained: true,
    } as const
    const image = { inlineData: { mimeType: 'image/png', data: pngBase64(300, 300) } }
    expect(pricePayload(encodePayload({ attachments: [image] })!, ctx).opaqueTokens).toBe(1120)
    const pdf = { inlineData: { mimeType: 'application/pdf', data: pdfBase64(2) } }
    expect(pricePayload(encodePayload({ attachments: [pdf] })!, ctx).opaqueTokens).toBe(2 * 560)
  })
})

describe("MCP's image block, which pi stores as it is: {type, data, mimeType}", () => {
  const image = { type: 'image', data: pngBase64(750, 400), mimeType: 'image/png' }

  it("is priced by the model's rule, not as its base64", () => {
    // Anthropic: 750 × 400 / 750 = 400, within the 1,568-px edge; the payload's text is what is
    // left once the block is taken out.
    const priced = pricePayload(encodePayload({ attachments: [image] })!, anthropic)
    expect(priced.opaqueTokens).toBe(400)
    expect(priced.text).not.toContain(image.data.slice(0, 40))
  })

  it('is described by the Anthropic rule when no model is known', () => {
    const [part] = describeOpaqueParts(encodePayload({ attachments: [image] })!)
    expect(part).toMatchObject({ kind: 'image', tokens: 400 })
  })
})

describe('pricePayload', () => {
  it('passes a native payload through untouched, without parsing it', () => {
    const parse = vi.spyOn(JSON, 'parse')
    const payload = encodePayload({ signature: SIGNATURE })!
    const priced = pricePayload(payload, { ...anthropic, wire: 'native' })
    expect(priced.text).toBe(payload)
    expect(priced.opaqueTokens).toBe(0)
    expect(parse).not.toHaveBeenCalled()
  })

  it('does not parse a payload that holds no opaque part', () => {
    const parse = vi.spyOn(JSON, 'parse')
    const payload = encodePayload({
      tool_calls: [{ id: 'toolu_1', name: 'Read', arguments: { path: 'a.ts' } }],
    })!
    expect(pricePayload(payload, anthropic)).toEqual({ text: payload, opaqueTokens: 0 })
    expect(parse).not.toHaveBeenCalled()
  })

  it('a thinking signature is not priced: the cost is that of the payload without it', () => {
    const priced = pricePayload(encodePayload({ signature: SIGNATURE })!, anthropic)
    expect(priced).toEqual({ text: '', opaqueTokens: 0 })
    expect(tokens(SIGNATURE)).toBeGreaterThan(300)
  })

  it('keeps tool calls as text and prices the image beside them by its size', () => {
    const calls = [{ id: 'toolu_1', name: 'Read', arguments: { path: 'shot.png' } }]
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: pngBase64(1000, 1000) },
    }
    const priced = pricePayload(
      encodePayload({ tool_calls: calls, attachments: [image] })!,
      anthropic,
    )
    expect(priced.text).toBe(encodePayload({ tool_calls: calls }))
    expect(priced.opaqueTokens).toBe(1334)
  })

  it("prices an image inside a tool result's blocks and keeps the result's text", () => {
    const content = [
      { type: 'text', text: 'Screenshot taken' },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/jpeg', data: jpegBase64(200, 200) },
      },
    ]
    const priced = pricePayload(encodePayload({ content })!, anthropic)
    expect(priced.text).toBe(encodePayload({ content: [content[0]] }))
    expect(priced.opaqueTokens).toBe(54)
  })

  it('prices an image OpenAI generated as an image, and the rest of its item as text', () => {
    // A 1024×1024 image, which gpt-4o's tile rule prices at 85 + 170 × 4 = 765 (docs/tokens.md).
    const item = {
      type: 'image_generation_call',
      id: 'ig_1',
      status: 'completed',
      revised_prompt: 'a lighthouse at dusk',
      result: pngBase64(1024, 1024),
    }
    const priced = pricePayload(encodePayload({ item })!, { ...responses, model: 'gpt-4o' })
    const { result, ...rest } = item
    expect(result.length).toBeGreaterThan(0)
    expect(priced).toEqual({ text: encodePayload({ item: rest }), opaqueTokens: 765 })
    expect(
      describeOpaqueParts(encodePayload({ item })!, { ...responses, model: 'gpt-4o' }),
    ).toEqual([
      expect.objectContaining({
        kind: 'image',
        path: 'item.result',
        tokens: 765,
        label: expect.stringMatching(/^image 1024×1024 PNG, 765 tokens/),
      }),
    ])
    // An item whose image was cleared (Codex, for a model without image input) holds none.
    const cleared = encodePayload({ item: { ...item, result: '' } })!
    expect(pricePayload(cleared, responses)).toEqual({ text: cleared, opaqueTokens: 0 })
  })

  it('prices OpenAI data-URL images and Gemini inline data by their own rules', () => {
    const url = `data:image/png;base64,${pngBase64(1024, 1024)}`
    const chat = encodePayload({ attachments: [{ type: 'image_url', image_url: { url } }] })!
    expect(
      pricePayload(chat, { ...responses, model: 'gpt-4o', wire: 'openai-chat' }).opaqueTokens,
    ).toBe(765)
    const low = encodePayload({
      attachments: [{ type: 'input_image', image_url: url, detail: 'low' }],
    })!
    expect(pricePayload(low, { ...responses, model: 'gpt-4o' }).opaqueTokens).toBe(85)
    const gemini = encodePayload({
      attachments: [{ inlineData: { mimeType: 'image/png', data: pngBase64(300, 300) } }],
    })!
    const priced = pricePayload(gemini, {
      wire: 'gemini',
      model: 'gemini-2.5-pro',
      family: 'google',
      retained: true,
    })
    expect(priced).toEqual({ text: '', opaqueTokens: 258 })
  })

  it('redacted thinking and encrypted reasoning cost their estimate only while in context', () => {
    // 3,000 base64 characters encode 2,250 bytes: at 4 bytes a token, 563 tokens.
    const data = 'QUJD'.repeat(750)
    expect(pricePayload(encodePayload({ data })!, anthropic)).toEqual({
      text: '',
      opaqueTokens: 563,
    })
    expect(pricePayload(encodePayload({ data })!, { ...anthropic, retained: false })).toEqual({
      text: '',
      opaqueTokens: 0,
    })
    const encrypted = encodePayload({ encrypted_content: 'gAAAAA' + 'QUJD'.repeat(749) + 'QU' })!
    expect(pricePayload(encrypted, { ...responses, retained: false })).toEqual({
      text: '',
      opaqueTokens: 0,
    })
  })

  it('names ciphertext by the message it is in: reasoning, or content the model reads', () => {
    // 3,000 base64 characters encode 2,250 bytes: at 4 bytes a token, 563 tokens either way.
    const payload = encodePayload({ name: '/root', encrypted_content: 'QUJD'.repeat(750) })!
    expect(describeOpaqueParts(payload, responses, 'reasoning')[0]).toMatchObject({
      kind: 'encrypted-reasoning',
      tokens: 563,
    })
    expect(describeOpaqueParts(payload, responses, 'context')[0]).toEqual({
      kind: 'encrypted-content',
      path: 'encrypted_content',
      bytes: 3000,
      tokens: 563,
      label: 'encrypted content, 3.0 kB encrypted, ~563 tokens (estimated from its size)',
    })
  })

  it('prices a PDF by its pages', () => {
    const doc = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: pdfBase64(3) },
    }
    expect(pricePayload(encodePayload({ attachments: [doc] })!, anthropic).opaqueTokens).toBe(
      3 * 2250,
    )
    const gemini = { inlineData: { mimeType: 'application/pdf', data: pdfBase64(2) } }
    const ctx = {
      wire: 'gemini',
      model: 'gemini-2.5-pro',
      family: 'google',
      retained: true,
    } as const
    expect(pricePayload(encodePayload({ attachments: [gemini] })!, ctx).opaqueTokens).toBe(2 * 258)
  })
})

describe('describeOpaqueParts', () => {
  it('says what each part is, its size and price', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: pngBase64(1024, 768) },
    }
    expect(
      describeOpaqueParts(encodePayload({ signature: SIGNATURE })!).map((d) => d.label),
    ).toEqual(['thinking signature, 1.2 kB, not billed as text'])
    // 1024 × 768 / 750 = 1048.6, rounded up.
    expect(describeOpaqueParts(encodePayload({ attachments: [image] })!)).toMatchObject([
      {
        kind: 'image',
        path: 'attachments[0]',
        tokens: 1049,
        label: 'image 1024×768 PNG, 1,049 tokens (Anthropic: w×h/750)',
      },
    ])
  })

  it('says when an image size cannot be read, and what is assumed', () => {
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'AAAA' },
    }
    const [d] = describeOpaqueParts(encodePayload({ attachments: [image] })!)
    expect(d.label).toContain('size unknown')
    expect(d.tokens).toBe(1600)
  })

  it('finds nothing in plain text or a payload of tool calls', () => {
    expect(describeOpaqueParts('just a tool result with "data": in it')).toEqual([])
    expect(
      describeOpaqueParts(encodePayload({ tool_calls: [{ name: 'x', arguments: {} }] })!),
    ).toEqual([])
  })
})

describe('retainsEarlierThinking', () => {
  it.each([
    ['claude-opus-4-5-20251101', true],
    ['claude-opus-4-7', true],
    ['claude-sonnet-4-6', true],
    ['claude-sonnet-4-5-20250929', false],
    ['claude-opus-4-1-20250805', false],
    ['claude-opus-4-20250514', false],
    ['claude-haiku-4-5', false],
    ['claude-3-7-sonnet-20250219', false],
    ['claude-fable-5', true],
    ['claude-instant-1.2', false],
    ['gpt-5.1-codex', false],
    ['gemini-3-pro-preview', false],
    // DeepSeek V4 keeps earlier thinking unless asked to drop it (drop_thinking, off by default);
    // older DeepSeek models drop it.
    ['deepseek-v4-pro', true],
    ['deepseek-v4-flash', true],
    ['deepseek-reasoner', false],
  ])('%s → %s', (model, expected) => {
    expect(retainsEarlierThinking({ model, wire: 'anthropic' })).toBe(expected)
  })

  it('keeps GLM-4.7 and later’s earlier thinking behind z.ai’s Anthropic API, which is its Coding Plan’s', () => {
    // z.ai, "Thinking Mode": GLM-4.7 brought Preserved thinking, on by default on the Coding Plan
    // endpoint, which Claude Code is pointed at through z.ai's Anthropic API; GLM-4.5 and 4.6
    // think between tool calls only.
    for (const model of ['glm-4.7', 'glm-5', 'glm-5.1', 'z-ai/glm-4.7-flash']) {
      expect(retainsEarlierThinking({ model, wire: 'anthropic' }), model).toBe(true)
    }
    for (const model of ['glm-4.6', 'glm-4.5-air', 'glm-4.5']) {
      expect(retainsEarlierThinking({ model, wire: 'anthropic' }), model).toBe(false)
    }
    // Chat Completions does not say which endpoint answered; the standard one drops it.
    expect(retainsEarlierThinking({ model: 'glm-5', wire: 'openai-chat' })).toBe(false)
  })

  it('keeps GLM-4.7 and later’s earlier thinking over Chat Completions where the file says the requests went to the Coding Plan', () => {
    // opencode names the provider (zai-coding-plan, zhipuai-coding-plan) and sends every earlier
    // reply's reasoning back; its reader marks such a file 'kept'.
    for (const model of ['glm-4.7', 'glm-5.2']) {
      expect(retainsEarlierThinking({ model, wire: 'openai-chat', thinking: 'kept' }), model).toBe(
        true,
      )
    }
    expect(
      retainsEarlierThinking({ model: 'glm-4.6', wire: 'openai-chat', thinking: 'kept' }),
    ).toBe(false)
    expect(thinkingRuleNote({ model: 'glm-5.2', wire: 'openai-chat', thinking: 'kept' })).toBe(
      'earlier turns’ thinking priced as sent: the file’s requests went to the GLM Coding Plan, which keeps it, and sent every reply’s reasoning back; on the standard API glm-5.2 keeps only the last turn’s',
    )
  })

  it('keeps every Claude model’s earlier thinking where the requests ask for it, and no other', () => {
    for (const model of ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'claude-opus-4-1']) {
      expect(retainsEarlierThinking({ model, wire: 'anthropic', thinking: 'kept' }), model).toBe(
        true,
      )
    }
    // Only Anthropic's API reads the edit.
    expect(
      retainsEarlierThinking({
        model: 'gpt-5.1-codex',
        wire: 'openai-responses',
        thinking: 'kept',
      }),
    ).toBe(false)
  })
})

describe('earlier thinking the requests keep, in the costs', () => {
  const signature = encodePayload({ signature: 'c2lnbmF0dXJl' })
  const turnOne: Message[] = [
    { type: 'user', text: 'Check the ledger.' },
    {
      type: 'reasoning',
      text: 'Read the ledger first, then the bank statement.',
      payload: signature,
    },
    { type: 'bot', text: 'The ledger balances.' },
  ]
  const twoTurns: Message[] = [...turnOne, { type: 'user', text: 'And the bank?' }]
  const sonnet = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }

  it('prices an earlier turn’s thinking as its own turn’s, where the model alone would drop it', () => {
    // In its own turn the thinking is in the context under either rule: that is its cost as sent.
    const asSent = countEachMessage(sonnet, turnOne)[1]
    expect(countEachMessage({ ...sonnet, thinking: 'kept' }, twoTurns)[1]).toBe(asSent)
    // The model's own rule drops it once the next turn starts: its text no longer costs.
    expect(countEachMessage(sonnet, twoTurns)[1]).toBeLessThan(asSent)
  })

  it('says so in the words the CLI and the app show, only where it changes the count', () => {
    expect(thinkingRuleNote({ ...sonnet, thinking: 'kept' })).toBe(
      'earlier turns’ thinking priced as sent: the file’s requests ask Anthropic’s API to keep it, where claude-sonnet-4-5-20250929 on its own keeps only the last turn’s',
    )
    expect(thinkingRuleNote(sonnet)).toBe('')
    expect(
      thinkingRuleNote({ model: 'claude-opus-4-5', wire: 'anthropic', thinking: 'kept' }),
    ).toBe('')
  })
})

describe('earlier thinking the reports show sent back, whatever the model', () => {
  // Kimi CLI on Kimi's API sends each reply's thinking back (reasoning_content), and the reports
  // show it billed; the file names no model (docs/formats/kimi-cli.md, "Thinking sent back").
  const kimi = { model: '', wire: 'openai-chat' as const }
  const twoTurns: Message[] = [
    { type: 'user', text: 'List the files.' },
    { type: 'reasoning', text: 'The folder holds two files; name both.' },
    { type: 'bot', text: 'a.txt and b.txt.' },
    { type: 'user', text: 'Delete b.txt.' },
  ]

  it('prices an earlier turn’s thinking as sent, and says so', () => {
    expect(countEachMessage(kimi, twoTurns)[1]).toBe(0)
    expect(countEachMessage({ ...kimi, thinking: 'sent' }, twoTurns)[1]).toBeGreaterThan(0)
    expect(thinkingRuleNote({ ...kimi, thinking: 'sent' })).toBe(
      'earlier turns’ thinking priced as sent: the file’s reported prompts show every reply’s thinking in the requests after it, where with no model named, the model is taken to keep only the last turn’s',
    )
  })
})

describe('the words beside an opaque part follow the wire', () => {
  it('says a native file prices the payload as text, as its cost does', () => {
    const payload = JSON.stringify({ signature: 'A'.repeat(1200) })
    const ctx = { wire: 'native', model: '', family: 'openai', retained: true } as const
    const [part] = describeOpaqueParts(payload, ctx)
    expect(part.label).toBe(
      'thinking signature, 1.2 kB, counted as text: the native format prices the payload as text',
    )
    expect(pricePayload(payload, ctx)).toEqual({ text: payload, opaqueTokens: 0 })
    const anthropic = { ...ctx, wire: 'anthropic', family: 'anthropic' } as const
    expect(describeOpaqueParts(payload, anthropic)[0].label).toBe(
      'thinking signature, 1.2 kB, not billed as text',
    )
  })
})

// An audio request's pricing context, for the two audio blocks below.
const audioCtx = {
  wire: 'openai-chat',
  model: 'gpt-4o-audio-preview',
  family: 'openai',
  retained: true,
} as const

describe('OpenAI audio input, priced by its length', () => {
  // A 16 kHz, 16-bit mono WAV header written by hand: byte rate 32,000, a data chunk of 64,000
  // bytes, so 2 seconds: 20 tokens at OpenAI's one token a 100 ms.
  function wav(dataBytes: number): string {
    const header = Buffer.alloc(44)
    header.write('RIFF', 0)
    header.writeUInt32LE(36 + dataBytes, 4)
    header.write('WAVE', 8)
    header.write('fmt ', 12)
    header.writeUInt32LE(16, 16)
    header.writeUInt16LE(1, 20)
    header.writeUInt16LE(1, 22)
    header.writeUInt32LE(16_000, 24)
    header.writeUInt32LE(32_000, 28)
    header.writeUInt16LE(2, 32)
    header.writeUInt16LE(16, 34)
    header.write('data', 36)
    header.writeUInt32LE(dataBytes, 40)
    return Buffer.concat([header, Buffer.alloc(dataBytes)]).toString('base64')
  }

  it('reads the length from the WAV header and never prices the base64 as text', () => {
    const block = { type: 'input_audio', input_audio: { data: wav(64_000), format: 'wav' } }
    const payload = encodePayload({ attachments: [block] })!
    const priced = pricePayload(payload, audioCtx)
    // 2 s: 20 tokens, and the part's own 4.
    expect(priced.opaqueTokens).toBe(24)
    expect(priced.text).not.toContain('UklGR')
    const [part] = describeOpaqueParts(payload, audioCtx)
    expect(part.kind).toBe('audio')
    expect(part.label).toMatch(/^audio \(wav\), 2\.0 s, /)
  })
})

describe('an MP3’s length, read from its frames', () => {
  // MPEG-1 Layer III frames written by hand: header FF FB 74 C4 is 96 kbit/s at 48 kHz, mono, no
  // padding, so each frame is 144 × 96,000 / 48,000 = 288 bytes and holds 1,152 samples (24 ms).
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x74, 0xc4]), Buffer.alloc(284)])
  const mp3 = (frames: number, prefix = Buffer.alloc(0)) =>
    Buffer.concat([prefix, ...Array.from({ length: frames }, () => frame)]).toString('base64')
  // An ID3v2.4 tag of 20 bytes of body: "ID3", version 4.0, no flags, syncsafe size 20.
  const id3 = Buffer.concat([
    Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20]),
    Buffer.alloc(20),
  ])
  const price = (data: string) =>
    pricePayload(
      encodePayload({
        attachments: [{ type: 'input_audio', input_audio: { data, format: 'mp3' } }],
      })!,
      audioCtx,
    ).opaqueTokens

  it('187 frames are 4.488 s: 44 whole tenths, and the part’s 4 (a recorded request reported 44 + 4)', () => {
    expect(mp3Seconds(new Base64Bytes(mp3(187)))).toBeCloseTo(4.488, 9)
    expect(price(mp3(187))).toBe(48)
  })

  it('skips an ID3v2 tag before the first frame', () => {
    expect(mp3Seconds(new Base64Bytes(mp3(100, id3)))).toBeCloseTo(2.4, 9)
  })

  it('is not MP3 without two frames in a row, and falls back to the size at 128 kbit/s', () => {
    const noise = Buffer.alloc(32_000, 0x41).toString('base64')
    expect(mp3Seconds(new Base64Bytes(noise))).toBeUndefined()
    // 32,000 bytes at 16,000 bytes a second: 2 s, 20 tokens, and the part's 4.
    expect(price(noise)).toBe(24)
  })
})

describe('wording the log does not hold, by its size', () => {
  const unwritten = { what: 'Claude Code’s task reminder', tokens: 104 }
  const payload = encodePayload({ unwritten })!
  const text = '#1. [pending] Reconcile the ledger'
  // 104 more tokens of text: " the" is one o200k token, and a run of them never merges.
  const padded = text + ' the'.repeat(104)

  it('is priced as that many tokens of text, at the family’s factor', () => {
    expect(tokens(padded)).toBe(tokens(text) + 104)
    for (const spec of [
      { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const },
      { model: 'gpt-5.1-codex', wire: 'openai-responses' as const },
    ]) {
      const [withWording, asText] = countEachMessage(spec, [
        { type: 'context', text, payload },
        { type: 'context', text: padded },
      ])
      expect(withWording).toBe(asText)
    }
  })

  it('says what it is and its price, and leaves nothing of it to price as text', () => {
    expect(pricePayload(payload, anthropic)).toEqual({
      text: '',
      opaqueTokens: 0,
      unwrittenTokens: 104,
    })
    expect(describeOpaqueParts(payload, anthropic).map((d) => d.label)).toEqual([
      'Claude Code’s task reminder: its wording, not in the log, priced as 104 tokens of text',
    ])
    const native = { ...anthropic, wire: 'native' } as const
    expect(describeOpaqueParts(payload, native).map((d) => d.label)).toEqual([
      'Claude Code’s task reminder: its wording, not in the log, counted as its JSON text: the native format prices the payload as text',
    ])
  })
})

describe('a preview of a text sent inside wording the log does not hold', () => {
  it('names the wording before the text, and is the label alone without text', () => {
    const payload = encodePayload({
      unwritten: { what: 'Claude Code’s plan-mode instructions', tokens: 978 },
    })
    expect(previewSource({ type: 'context', text: '/home/ana/plans/quiet.md', payload })).toBe(
      'Claude Code’s plan-mode instructions: /home/ana/plans/quiet.md',
    )
    expect(previewSource({ type: 'context', text: '', payload })).toBe(
      'Claude Code’s plan-mode instructions: its wording, not in the log, priced as 978 tokens of text',
    )
    expect(previewSource({ type: 'context', text: 'plain', payload: '{"unwritten": 1}' })).toBe(
      'plain',
    )
  })
})
