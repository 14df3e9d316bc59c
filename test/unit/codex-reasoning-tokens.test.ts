import { describe, expect, it } from 'vitest'
import { decodePayload, encodePayload } from '../../src/formats/payload'
import { importConversation, type Message } from '../../src/index'
import { messageCost } from '../../src/pricing/cost'
import { describeOpaqueParts, pricePayload } from '../../src/pricing/opaque'
import { fixture } from './formats-fixtures'
import { REFERENCE_FRAMING_TOKENS, tiktokenFor } from './helpers/tiktoken'

// Expectations read by hand from the fixtures: each reply's `last_token_usage.reasoning_output_tokens`,
// and each ciphertext's length (n base64 characters without padding decode to 3n/4 bytes).
const responses = {
  wire: 'openai-responses',
  model: 'gpt-5.3-codex',
  family: 'openai',
  retained: true,
} as const

const reasoningOf = (messages: readonly Message[]) => messages.filter((m) => m.type === 'reasoning')
const reportedOf = (m: Message) => decodePayload(m.payload)?.reasoning_tokens

describe('a Codex reasoning item is priced by its reply reported reasoning tokens', () => {
  it('Codex 0.1xx, report after the reply: each item gets its own reply count', () => {
    const imported = importConversation(fixture('codex-reasoning-tokens.jsonl'))
    const reasoning = reasoningOf(imported.messages)
    expect(reasoning.map((m) => m.text)).toEqual([
      '**Listing the folder**',
      '**Reading the names**',
      '**Answering**',
      '**Closing**',
    ])
    // 40 for the first reply; the second reply's 120 split over 400 and 800 characters of
    // ciphertext; the last report has no reasoning_output_tokens, so nothing is given.
    expect(reasoning.map(reportedOf)).toEqual([40, 40, 80, undefined])
    // The repeated token_count (same running total) is not a request of its own.
    expect(imported.usage?.map((u) => u.inputTokens)).toEqual([1200, 1300, 1400])
  })

  it('Codex 0.40, report written before the reply items: matched to the items after it', () => {
    const imported = importConversation(fixture('codex-reasoning-tokens-0.40.jsonl'))
    expect(reasoningOf(imported.messages).map(reportedOf)).toEqual([64, 0, 256])
    expect(imported.usage?.map((u) => u.inputTokens)).toEqual([900, 1000, 1100])
  })

  it('prices the kept ciphertext at the reported count, not its size; by size without a report', () => {
    const imported = importConversation(fixture('codex-reasoning-tokens.jsonl'))
    const [first, , , last] = reasoningOf(imported.messages)
    // 800 characters decode to 600 bytes: 150 tokens by size; the reply reported 40.
    expect(pricePayload(first.payload!, responses)).toEqual({
      text: '',
      opaqueTokens: 40,
      coversText: true,
    })
    // 400 characters, 300 bytes, no report: 300 / 4.
    expect(pricePayload(last.payload!, responses)).toEqual({ text: '', opaqueTokens: 75 })
    // An earlier turn's reasoning is dropped by OpenAI, reported or not.
    expect(pricePayload(first.payload!, { ...responses, retained: false }).opaqueTokens).toBe(0)
    expect(describeOpaqueParts(first.payload!, responses)).toEqual([
      {
        kind: 'encrypted-reasoning',
        path: 'encrypted_content',
        bytes: 800,
        tokens: 40,
        label:
          "encrypted reasoning, 800 B encrypted, 40 tokens (its reply's reported reasoning tokens; the summary is not billed again)",
      },
    ])
  })

  it('keeps the ciphertext byte for byte beside the count', () => {
    const file = fixture('codex-reasoning-tokens-0.40.jsonl')
    const sent = file
      .split('\n')
      .filter((l) => l.includes('"type":"reasoning"'))
      .map((l) => JSON.parse(l).payload.encrypted_content as string)
    const imported = importConversation(file)
    expect(
      reasoningOf(imported.messages).map((m) => decodePayload(m.payload)?.encrypted_content),
    ).toEqual(sent)
  })

  it('costs the message its framing and the reported count: the summary is not billed again', () => {
    const imported = importConversation(fixture('codex-reasoning-tokens.jsonl'))
    const [first, , , last] = reasoningOf(imported.messages)
    const spec = { model: 'gpt-5.3-codex', wire: 'openai-responses' } as const
    expect(messageCost(spec, first)).toBe(REFERENCE_FRAMING_TOKENS + 40)
    // Without a report the summary is text, and the ciphertext is priced by its size (300 bytes / 4).
    const summary = tiktokenFor('o200k_base').encode_ordinary('**Closing**').length
    expect(messageCost(spec, last)).toBe(REFERENCE_FRAMING_TOKENS + summary + 75)
  })

  it('reads the count the same whatever the ciphertext holds', () => {
    for (const encrypted_content of ['gAAAAABQUJD', 'not base64: "quoted" and \\ escaped']) {
      const payload = encodePayload({ encrypted_content, reasoning_tokens: 7 })!
      expect(pricePayload(payload, responses).opaqueTokens).toBe(7)
    }
  })
})
