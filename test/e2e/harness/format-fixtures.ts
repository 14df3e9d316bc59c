/**
 * The oracle for testdata/formats: the messages each provider file maps to, written out by hand
 * from docs/formats.md and read from the file with JSON.parse, not with the core's readers. A tool
 * call is `{id, name, arguments}` with the arguments parsed; text parts join with a blank line.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { FixtureMessage } from './expected'
import { ROOT } from './paths'

/** A fixture of testdata/formats. */
export const formatsFile = (name: string): string => resolve(ROOT, 'testdata/formats', name)

// The payload's own rendering: compact JSON.
const json = (value: unknown): string => JSON.stringify(value)

/* eslint-disable @typescript-eslint/no-explicit-any -- the fixtures are read as plain JSON. */

/** openai-chat.json: a request body with two tools, parallel calls, a named user and an image. */
export function openAIChatMessages(): FixtureMessage[] {
  const body = JSON.parse(readFileSync(formatsFile('openai-chat.json'), 'utf8'))
  const [system, mei, calls, weather, hotels, answer, booking, reply] = body.messages
  return [
    // Tool definitions are sent on every turn, like instructions.
    { type: 'instructions', text: '', payload: json({ tools: body.tools }) },
    { type: 'instructions', text: system.content },
    { type: 'user', text: mei.content, payload: json({ name: mei.name }) },
    {
      type: 'bot',
      text: '',
      payload: json({
        tool_calls: calls.tool_calls.map((c: any) => ({
          id: c.id,
          name: c.function.name,
          arguments: JSON.parse(c.function.arguments),
        })),
      }),
    },
    { id: 'call_wx_01', type: 'activity', text: '', payload: weather.content },
    {
      id: 'call_ht_02',
      type: 'activity',
      text: '',
      payload: hotels.content.map((p: any) => p.text).join('\n\n'),
    },
    { type: 'bot', text: answer.content },
    {
      type: 'user',
      text: booking.content[0].text,
      payload: json({ attachments: [booking.content[1]] }),
    },
    { type: 'bot', text: reply.content },
  ]
}

const toolCall = (block: any) => ({ id: block.id, name: block.name, arguments: block.input })

/** anthropic.json: system blocks, thinking (signed and redacted), parallel tool use, an image. */
export function anthropicMessages(): FixtureMessage[] {
  const body = JSON.parse(readFileSync(formatsFile('anthropic.json'), 'utf8'))
  const [ask, look, results, fix, failure, receipt, done] = body.messages
  const [thinking, lookText, readA, readB] = look.content
  const [resultA, resultB] = results.content
  const [redacted, fixText, runTests] = fix.content
  const [image, receiptText] = receipt.content
  const failed = failure.content[0]
  return [
    { type: 'instructions', text: '', payload: json({ tools: body.tools }) },
    { type: 'instructions', text: body.system[0].text },
    { type: 'instructions', text: body.system[1].text },
    { type: 'user', text: ask.content },
    // A thinking block closes the turn so far: it is a reasoning message of its own.
    {
      type: 'reasoning',
      text: thinking.thinking,
      payload: json({ signature: thinking.signature }),
    },
    {
      type: 'bot',
      text: lookText.text,
      payload: json({ tool_calls: [toolCall(readA), toolCall(readB)] }),
    },
    { id: resultA.tool_use_id, type: 'activity', text: '', payload: resultA.content },
    { id: resultB.tool_use_id, type: 'activity', text: '', payload: resultB.content[0].text },
    { type: 'reasoning', text: '', payload: json({ data: redacted.data }) },
    { type: 'bot', text: fixText.text, payload: json({ tool_calls: [toolCall(runTests)] }) },
    // An error result is not only text: its payload keeps the flag.
    {
      id: failed.tool_use_id,
      type: 'activity',
      text: '',
      payload: json({ content: failed.content, is_error: true }),
    },
    { type: 'user', text: receiptText.text, payload: json({ attachments: [image] }) },
    { type: 'bot', text: done.content },
  ]
}

/**
 * claude-code-truncated.jsonl: lines 1, 2, 4 and 5 are whole events on one chain (t-0001 to
 * t-0004); line 3 is not JSON and line 6 is cut short.
 */
export function claudeCodeTruncatedMessages(): FixtureMessage[] {
  const lines = readFileSync(formatsFile('claude-code-truncated.jsonl'), 'utf8').split('\n')
  return [0, 1, 3, 4].map((i) => {
    const event = JSON.parse(lines[i])
    const content = event.message.content
    const text =
      typeof content === 'string' ? content : content.map((b: any) => b.text).join('\n\n')
    return { id: event.uuid, type: event.type === 'assistant' ? 'bot' : 'user', text }
  })
}
