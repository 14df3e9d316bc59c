import { describe, expect, it } from 'vitest'
import { decodePayload } from '../../src/formats/payload'
import {
  countEachMessage,
  countSlice,
  importConversation,
  sliceRequest,
  turnCostsOf,
} from '../../src/index'
import { describeOpaqueParts } from '../../src/pricing/opaque'
import { fixture } from './formats-fixtures'
import { tiktokenFor } from './helpers/tiktoken'

// claude-code-silent-thinking.jsonl: a Claude Code 2.1 session as Claude Code writes one with
// thinking not displayed. Its first reply (msg_1) is a thinking block with `"thinking": ""` and
// only a signature, then a text and a Read call, on three lines of one message.id; the last line
// carries the reply's final usage, 412 output tokens. The second reply's thinking has its text (14
// characters), then a text of 21; the reply reported 30 output tokens.
const session = fixture('claude-code-silent-thinking.jsonl').trimEnd()
const TEXT = 'I will read the config first.'
const followUp = JSON.stringify({
  isSidechain: false,
  sessionId: 's-1',
  version: '2.1.97',
  type: 'user',
  uuid: 'u3',
  parentUuid: 'a5',
  message: { role: 'user', content: 'Thanks. And the timeout?' },
})

const imported = importConversation(session, 'claude-code')
const { messages } = imported
const spec = { model: 'claude-sonnet-4-6', wire: imported.wire }
const tokens = (text: string) => tiktokenFor('o200k_base').encode(text).length

describe('a Claude thinking block the file holds only the signature of', () => {
  it('carries its reply’s final reported output tokens, as a block with its text does', () => {
    expect(messages.map((m) => m.type)).toEqual([
      'user',
      'reasoning',
      'bot',
      'activity',
      'reasoning',
      'bot',
    ])
    expect(decodePayload(messages[1].payload)).toEqual({ signature: 'EpQCsig', output_tokens: 412 })
    expect(decodePayload(messages[4].payload)).toEqual({ signature: 'Eo', output_tokens: 30 })
  })

  it('costs the reply’s output less the reply’s visible text and call, as the bot message prices them', () => {
    // Claude before Opus 4.7: o200k_base × 1.14, 16 tokens a message before the factor, nothing
    // for framing on the Anthropic wire (docs/tokens.md). The bot message is its text and its
    // call as the payload's JSON, and its 16.
    const call =
      '{"tool_calls":[{"id":"toolu_1","name":"Read","arguments":{"file_path":"/srv/app/config.toml"}}]}'
    const bot = Math.round(1.14 * (tokens(TEXT) + tokens(call) + 16))
    const counts = countEachMessage(spec, messages)
    expect(counts[2]).toBe(bot)
    // The reported output is the whole reply, every block's framing in it: the thinking block is
    // what is left of it once the visible blocks are priced, and has no framing beside that.
    expect(counts[1]).toBe(412 - bot)
    // So the reply, read back in a later request, costs what the model wrote.
    expect(counts[1] + counts[2]).toBe(412)
  })

  it('is priced the same in a counting worker’s slice that holds the thinking alone', () => {
    const whole = countEachMessage(spec, messages)
    const slice = countSlice(sliceRequest(spec, messages, { start: 1, end: 2 }))
    expect(slice.counts[0]).toBe(whole[1])
  })

  it('is dropped after its turn by a model that keeps only the last turn’s thinking', () => {
    const later = importConversation(`${session}\n${followUp}`, 'claude-code').messages
    // Claude Sonnet 4.5 keeps only the current turn's thinking; Sonnet 4.6 keeps every turn's.
    const older = { model: 'claude-sonnet-4-5', wire: spec.wire }
    expect(countEachMessage(older, later)[1]).toBe(0)
    expect(countEachMessage(spec, later)[1]).toBeGreaterThan(300)
    // A request of the thinking's own turn still holds it: its cost as current-turn thinking.
    const current = turnCostsOf(older, later)!.current[1]
    expect(current).toBe(countEachMessage(spec, messages)[1])
  })

  it('says what it is on screen', () => {
    const [signature, thinking] = describeOpaqueParts(messages[1].payload!, {
      wire: spec.wire,
      model: spec.model,
      family: 'anthropic',
      retained: true,
    })
    expect(signature.label).toBe('thinking signature, 7 B, not billed as text')
    expect(thinking.label).toBe(
      "thinking, its reply's reported 412 output tokens less the reply's text and calls",
    )
  })
})

describe('a Claude thinking block whose reply’s reported output is not its final count', () => {
  // Claude Code writes each line of a reply with the usage it had then; the line the final count
  // reached names the reply's stop_reason. Where no line of a reply names one, in a file whose other
  // replies do, every line keeps the stream's first count (8 here). The first reply's thinking is
  // two signature-only blocks of 2,000 and 1,000 base64 characters: what prices it then is the
  // signatures' size, 5 characters a token before the family's factor (docs/tokens.md).
  const first = 'A'.repeat(2000)
  const second = 'B'.repeat(1000)
  const ended = (text: string) =>
    text.replace(
      '"content":[{"type":"text","text":"The config sets 8081."}],',
      '"content":[{"type":"text","text":"The config sets 8081."}],"stop_reason":"end_turn",',
    )
  const unfinished = ended(session)
    .replace('"output_tokens":412', '"output_tokens":8')
    .replace(
      '{"type":"thinking","thinking":"","signature":"EpQCsig"}',
      `{"type":"thinking","thinking":"","signature":"${first}"},` +
        `{"type":"thinking","thinking":"","signature":"${second}"}`,
    )

  it('is priced by the size of its reply’s signatures', () => {
    expect(unfinished).toContain('"stop_reason":"end_turn"')
    const read = importConversation(unfinished, 'claude-code').messages
    expect(read.map((m) => m.type).slice(0, 4)).toEqual(['user', 'reasoning', 'reasoning', 'bot'])
    expect(decodePayload(read[2].payload)).toEqual({
      signature: second,
      output_unfinished: true,
      output_tokens: 8,
    })
    const counts = countEachMessage(spec, read)
    // (2,000 + 1,000) / 5 = 600 tokens, × 1.14 for Claude before Opus 4.7.
    expect(counts[2]).toBe(Math.round(1.14 * 600))
    // A counting worker receives its slice structured-cloned: the request is plain data.
    const request = structuredClone(sliceRequest(spec, read, { start: 2, end: 3 }))
    expect(countSlice(request).counts[0]).toBe(counts[2])
  })

  // The reply's last line with a final count of 2,000 on it: the thinking is priced by that.
  const pricedByFinalCount = (lastLine: (line: string) => string) => {
    const lines = unfinished.split('\n')
    lines[3] = lastLine(lines[3])
    const final = lines.join('\n')
    expect(final).not.toBe(unfinished)
    const read = importConversation(final, 'claude-code').messages
    expect(decodePayload(read[2].payload)).toEqual({ signature: second, output_tokens: 2000 })
    const counts = countEachMessage(spec, read)
    expect(counts[2]).toBe(2000 - counts[3])
  }

  it('is priced by its reply’s output where its last line names the reply’s stop_reason', () => {
    pricedByFinalCount((line) =>
      line.replace('"output_tokens":8}', '"output_tokens":2000},"stop_reason":"tool_use"'),
    )
  })

  it('is priced by its reply’s output where a later line’s count rose, with no stop_reason', () => {
    // Claude Code 2.0 and 2.1 before 2.1.7 wrote the final usage back to a reply's last line, and
    // not its stop_reason. The count moves only when the final usage arrives: one that rose is it.
    pricedByFinalCount((line) => line.replace('"output_tokens":8}', '"output_tokens":2000}'))
  })

  it('is priced by its reply’s output in a file that names no stop_reason (Claude Code 1.0)', () => {
    const read = importConversation(
      unfinished.replace('"stop_reason":"end_turn",', ''),
      'claude-code',
    ).messages
    expect(decodePayload(read[2].payload)).toEqual({ signature: second, output_tokens: 8 })
  })

  it('is priced by its signatures there too, where its count is below half its visible part', () => {
    // The final count holds the reply's text and call (the bot message, more than twice 8 as
    // priced here): a count of 8 is the stream's first, whatever the file names.
    const read = importConversation(
      unfinished.replace('"stop_reason":"end_turn",', ''),
      'claude-code',
    ).messages
    const counts = countEachMessage(spec, read)
    expect(counts[3]).toBeGreaterThan(2 * 8)
    expect(counts[2]).toBe(Math.round(1.14 * 600))
  })

  it('is priced by its own text where that is more than half what its signatures carry', () => {
    // A signature has a fixed part, so it overstates short thinking, which Claude shows whole:
    // the text is the price unless the signatures carry more than twice it (a summary's).
    const long = 'step '.repeat(400)
    const withText = (text: string) =>
      importConversation(
        unfinished.replace(
          `"thinking":"","signature":"${second}"`,
          `"thinking":"${text}","signature":"${second}"`,
        ),
        'claude-code',
      ).messages
    const whole = withText(long)
    expect(whole[2].text).toBe(long)
    const own = Math.round(1.14 * tokens(long))
    // Its text, 1.14 × its tokens, is more than half of 1.14 × 600: the text prices it.
    expect(2 * own).toBeGreaterThan(Math.round(1.14 * 600))
    expect(countEachMessage(spec, whole)[2]).toBe(own)
    // A short text is a summary: the signatures price it.
    expect(countEachMessage(spec, withText('Check the config.'))[2]).toBe(Math.round(1.14 * 600))
  })

  it('is priced by its own text where it is short and its signature not much past the fixed part', () => {
    // Claude Sonnet 4 to Opus 4.5 show short thinking whole, and write a signature of about 5.5
    // characters a token of it plus some 250 that are not thinking (341 blocks of public Claude
    // Code sessions, docs/tokens.md). Claude Code 2.1.23 writes no stop_reason and the stream's
    // first count: a public Opus 4.5 reply of 30 tokens of thinking with a 416-character signature
    // grew the next request by its text, where the signature's 84 tokens priced it at 96.
    const text =
      'The user asks which port the server uses. The config file sets it, so I will read config.json and answer with the value.'
    const signature = 'E'.repeat(250 + 6 * tokens(text))
    const read = importConversation(
      unfinished.replace(
        `{"type":"thinking","thinking":"","signature":"${first}"},` +
          `{"type":"thinking","thinking":"","signature":"${second}"}`,
        `{"type":"thinking","thinking":"${text}","signature":"${signature}"}`,
      ),
      'claude-code',
    ).messages
    expect(read[1].text).toBe(text)
    const own = Math.round(1.14 * tokens(text))
    // The whole signature, 250 + 6 characters a token of the text over 5, is more than twice the
    // text: compared whole it made the text look like a summary. Past its fixed part it carries
    // 6 / 5 of the text, and the text prices the thinking.
    expect(Math.ceil(signature.length / 5)).toBeGreaterThan(2 * tokens(text))
    expect(countEachMessage(spec, read)[1]).toBe(own)
    // A 416-character signature with a text of a few tokens: past its fixed part of 250 it
    // carries (416 - 250) / 5 = 34 tokens, more than twice the text's, so it prices the thinking,
    // whole: 416 / 5 = 84 (83.2 rounded up), × 1.14.
    const summary = importConversation(
      unfinished.replace(
        `{"type":"thinking","thinking":"","signature":"${first}"},` +
          `{"type":"thinking","thinking":"","signature":"${second}"}`,
        `{"type":"thinking","thinking":"Read the config.","signature":"${'E'.repeat(416)}"}`,
      ),
      'claude-code',
    ).messages
    expect(2 * tokens('Read the config.')).toBeLessThan(34)
    expect(countEachMessage(spec, summary)[1]).toBe(Math.round(1.14 * 84))
  })

  it('says on screen what prices it', () => {
    const read = importConversation(unfinished, 'claude-code').messages
    const ctx = { wire: spec.wire, model: spec.model, family: 'anthropic' as const, retained: true }
    const label =
      "thinking, priced by the size of its reply's signatures, or by its own text where that is more than half what they carry past their fixed part: the file holds no final count of the reply's output (its 8 is the count the reply began with)"
    expect(describeOpaqueParts(read[2].payload!, ctx)[1].label).toBe(label)
    // In a file that names no stop_reason, the count of 8 is below half what the reply's visible
    // part costs: the same words, once the row knows that cost.
    const plain = importConversation(
      unfinished.replace('"stop_reason":"end_turn",', ''),
      'claude-code',
    ).messages
    const visible = countEachMessage(spec, plain)[3]
    expect(describeOpaqueParts(plain[2].payload!, ctx)[1].label).toBe(
      "thinking, its reply's reported 8 output tokens less the reply's text and calls",
    )
    expect(describeOpaqueParts(plain[2].payload!, { ...ctx, replyVisible: visible })[1].label).toBe(
      label,
    )
  })
})

describe('a Claude thinking block whose text is a summary of what the model thought', () => {
  // Claude 4 models display a summary of their thinking; a later request is billed for the
  // thinking the signature carries back, all of it: a public Sonnet 4.6 reply of 22,814
  // characters of thinking reported 30,858 output tokens, and the next request grew by 30,884
  // (docs/tokens.md). Here the first reply's thinking is given a short text of its own.
  const summarized = session.replace('"thinking":""', '"thinking":"Check the config first."')

  it('costs its reply’s output less the reply’s visible part, not its short text', () => {
    expect(summarized).not.toBe(session)
    const read = importConversation(summarized, 'claude-code').messages
    expect(read[1].text).toBe('Check the config first.')
    expect(decodePayload(read[1].payload)?.output_tokens).toBe(412)
    const counts = countEachMessage(spec, read)
    expect(counts[2]).toBe(countEachMessage(spec, messages)[2])
    expect(counts[1] + counts[2]).toBe(412)
  })

  it('never costs less than its own text, where the reply reported less than we price it at', () => {
    // The second reply's usage lowered to 10 output tokens, under what its text and thinking cost
    // as we price them: the thinking costs its text at the factor, with no constant of its own.
    const low = session.replaceAll('"output_tokens":30', '"output_tokens":10')
    expect(low).not.toBe(session)
    const read = importConversation(low, 'claude-code').messages
    expect(decodePayload(read[4].payload)?.output_tokens).toBe(10)
    expect(countEachMessage(spec, read)[4]).toBe(Math.round(1.14 * tokens(read[4].text)))
  })
})
