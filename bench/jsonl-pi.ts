/**
 * A pi coding-agent session of a given size, as JSONL, for a streaming-import row of the bench:
 * a version 3 `session` header, then the generated conversation as `message` entries chained by
 * id and parentId (packages/coding-agent/src/core/session-manager.ts; testdata/formats/pi.jsonl
 * has each kind): user text, assistant text and thinking with the usage pi records, and each tool
 * call as an assistant toolCall entry answered by a toolResult entry.
 */
import { writeFileSync } from 'node:fs'
import type { Message } from '../src/index'
import { generateConversation, type GenerateOptions } from './generate'

const MODEL = 'claude-sonnet-4-5'
const T0 = Date.UTC(2026, 10, 1, 9)

const USAGE = {
  input: 2100,
  output: 140,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 2240,
  cost: { input: 0.0063, output: 0.0021, cacheRead: 0, cacheWrite: 0, total: 0.0084 },
}

function assistant(content: unknown[], stopReason: string, time: number) {
  return {
    role: 'assistant',
    content,
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: MODEL,
    usage: USAGE,
    stopReason,
    timestamp: time,
  }
}

/** The messages of pi's entries for one generated message. */
function messagesOf(m: Message, i: number, time: number): Record<string, unknown>[] {
  switch (m.type) {
    case 'bot':
      return [assistant([{ type: 'text', text: m.text }], 'stop', time)]
    case 'reasoning':
      return [
        assistant(
          [{ type: 'thinking', thinking: m.text, thinkingSignature: 'EqQBCkgIBxACGAIqQ' }],
          'stop',
          time,
        ),
      ]
    case 'activity': {
      const parsed = m.payload ? (JSON.parse(m.payload) as Record<string, unknown>) : {}
      const id = typeof parsed.call_id === 'string' ? parsed.call_id : `toolu_${i}`
      const name = typeof parsed.name === 'string' ? parsed.name : 'bash'
      const output = typeof parsed.output === 'string' ? parsed.output : (m.payload ?? m.text)
      return [
        assistant(
          [{ type: 'toolCall', id, name, arguments: parsed.arguments ?? {} }],
          'toolUse',
          time,
        ),
        {
          role: 'toolResult',
          toolCallId: id,
          toolName: name,
          content: [{ type: 'text', text: output }],
          isError: false,
          timestamp: time,
        },
      ]
    }
    default:
      return [{ role: 'user', content: [{ type: 'text', text: m.text }], timestamp: time }]
  }
}

/** Writes a session of about `targetBytes`; returns its size in bytes and its number of lines. */
export function writePiSession(
  path: string,
  options: GenerateOptions,
): { bytes: number; lines: number } {
  // Every entry carries its id, parent, timestamps and (an assistant's) usage: aim the content
  // lower, to land near targetBytes.
  const messages = generateConversation({ ...options, targetBytes: options.targetBytes * 0.62 })
  const lines: string[] = [
    JSON.stringify({
      type: 'session',
      version: 3,
      id: '0f6b2c1e-5d4a-4e3b-9c2d-1a0b9c8d7e6f',
      timestamp: new Date(T0).toISOString(),
      cwd: '/home/dev/project',
    }),
  ]
  let parentId: string | null = null
  let n = 0
  messages.forEach((m, i) => {
    const time = T0 + i * 1000
    for (const message of messagesOf(m, i, time)) {
      const id = (++n).toString(16).padStart(8, '0')
      lines.push(
        JSON.stringify({
          type: 'message',
          id,
          parentId,
          timestamp: new Date(time).toISOString(),
          message,
        }),
      )
      parentId = id
    }
  })
  const text = lines.join('\n') + '\n'
  writeFileSync(path, text)
  return { bytes: Buffer.byteLength(text), lines: lines.length }
}
