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
import { tiktokenFor } from './helpers/tiktoken'

// A Claude Code 2.1 session as Claude Code writes one with thinking not displayed: a thinking
// block with `"thinking": ""` and only a signature, on its own line, then the reply's text and its
// tool call on lines of the same message.id; the last line carries the reply's final usage. Our
// own lines, following the schema of the public sessions named in docs/tokens.md.
const line = (o: Record<string, unknown>) =>
  JSON.stringify({ isSidechain: false, sessionId: 's-1', version: '2.1.97', ...o })
const reply = (uuid: string, parent: string, id: string, content: unknown[], output: number) =>
  line({
    type: 'assistant',
    uuid,
    parentUuid: parent,
    message: {
      model: 'claude-sonnet-4-6',
      id,
      type: 'message',
      role: 'assistant',
      content,
      usage: { input_tokens: 3, cache_read_input_tokens: 15000, output_tokens: output },
    },
  })
const user = (uuid: string, parent: string | null, content: unknown) =>
  line({ type: 'user', uuid, parentUuid: parent, message: { role: 'user', content } })

const TEXT = 'I will read the config first.'
const ARGS = { file_path: '/srv/app/config.toml' }
const session = [
  user('u1', null, 'Why does the service start on the wrong port?'),
  reply('a1', 'u1', 'msg_1', [{ type: 'thinking', thinking: '', signature: 'EpQCsig' }], 8),
  reply('a2', 'a1', 'msg_1', [{ type: 'text', text: TEXT }], 8),
  reply('a3', 'a2', 'msg_1', [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: ARGS }], 412),
  user('u2', 'a3', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'port = 8081' }]),
  reply(
    'a4',
    'u2',
    'msg_2',
    [{ type: 'thinking', thinking: 'It reads 8081.', signature: 'Eo' }],
    30,
  ),
  reply('a5', 'a4', 'msg_2', [{ type: 'text', text: 'The config sets 8081.' }], 30),
].join('\n')

const imported = importConversation(session, 'claude-code')
const { messages } = imported
const spec = { model: 'claude-sonnet-4-6', wire: imported.wire }
const tokens = (text: string) => tiktokenFor('o200k_base').encode(text).length

describe('a Claude thinking block the file holds only the signature of', () => {
  it('carries its reply’s final reported output tokens; a block with text does not', () => {
    expect(messages.map((m) => m.type)).toEqual([
      'user',
      'reasoning',
      'bot',
      'activity',
      'reasoning',
      'bot',
    ])
    expect(decodePayload(messages[1].payload)).toEqual({ signature: 'EpQCsig', output_tokens: 412 })
    expect(decodePayload(messages[4].payload)).toEqual({ signature: 'Eo' })
  })

  it('costs the reply’s output less the reply’s visible text and call, as the bot message prices them', () => {
    // Claude before Opus 4.7: o200k_base × 1.14, 16 tokens a message before the factor, nothing
    // for framing on the Anthropic wire (docs/tokens.md). The bot message is its text and its
    // call as the payload's JSON; its visible part is that less the message's own 16.
    const call =
      '{"tool_calls":[{"id":"toolu_1","name":"Read","arguments":{"file_path":"/srv/app/config.toml"}}]}'
    const bot = Math.round(1.14 * (tokens(TEXT) + tokens(call) + 16))
    const visible = bot - Math.round(1.14 * 16)
    const counts = countEachMessage(spec, messages)
    expect(counts[2]).toBe(bot)
    // The thinking message is a block of its own (its 16), and the thinking the output less that.
    expect(counts[1]).toBe(Math.round(1.14 * 16) + 412 - visible)
  })

  it('is priced the same in a counting worker’s slice that holds the thinking alone', () => {
    const whole = countEachMessage(spec, messages)
    const slice = countSlice(sliceRequest(spec, messages, { start: 1, end: 2 }))
    expect(slice.counts[0]).toBe(whole[1])
  })

  it('is dropped after its turn by a model that keeps only the last turn’s thinking', () => {
    const later = importConversation(
      `${session}\n${user('u3', 'a5', 'Thanks. And the timeout?')}`,
      'claude-code',
    ).messages
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
      "thinking, its reply's reported 412 output tokens less the reply's text and calls (the file holds only its signature)",
    )
  })
})
