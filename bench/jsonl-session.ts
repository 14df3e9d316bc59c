/**
 * A Claude Code session of a given size, as JSONL, for the streaming-import row of the bench: the
 * generated conversation's messages as session events chained by uuid, with the metadata every
 * real event carries (session id, cwd, version, timestamps) and usage on assistant events.
 */
import { writeFileSync } from 'node:fs'
import type { Message } from '../src/index'
import { generateConversation, type GenerateOptions } from './generate'

const SESSION = '5b0c8a6e-2f3d-4c1a-9e7b-1d2c3b4a5f60'

function uuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0')
  return `00000000-0000-4000-8000-${hex}`
}

/** One event per message: user text, assistant text or tool_use, user tool_result. */
function eventOf(m: Message, i: number, previous: string | null): Record<string, unknown> {
  const base = {
    parentUuid: previous,
    isSidechain: false,
    userType: 'external',
    cwd: '/home/dev/project',
    sessionId: SESSION,
    version: '2.1.3',
    gitBranch: 'main',
    uuid: uuid(i + 1),
    timestamp: new Date(Date.UTC(2026, 10, 1, 9) + i * 1000).toISOString(),
  }
  if (m.type === 'bot' || m.type === 'reasoning') {
    const content =
      m.type === 'reasoning'
        ? [{ type: 'thinking', thinking: m.text, signature: 'c2ln' }]
        : [{ type: 'text', text: m.text }]
    return {
      ...base,
      type: 'assistant',
      message: {
        id: `msg_${i}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content,
        stop_reason: 'end_turn',
        usage: { input_tokens: 12, output_tokens: 40 },
      },
    }
  }
  if (m.type === 'activity') {
    return {
      ...base,
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: m.payload ?? m.text }],
      },
    }
  }
  return { ...base, type: 'user', message: { role: 'user', content: m.text } }
}

/** Writes a session of about `targetBytes`; returns its size in bytes and its number of lines. */
export function writeClaudeCodeSession(
  path: string,
  options: GenerateOptions,
): { bytes: number; lines: number } {
  // Each event carries about 400 bytes of session metadata around its content, which the wire
  // shape does not: aim the content lower, to land near targetBytes (at 1,000 bytes a line).
  const messages = generateConversation({ ...options, targetBytes: options.targetBytes * 0.62 })
  const lines: string[] = []
  let previous: string | null = null
  messages.forEach((m, i) => {
    const event = eventOf(m, i, previous)
    previous = event.uuid as string
    lines.push(JSON.stringify(event))
  })
  const text = lines.join('\n') + '\n'
  writeFileSync(path, text)
  return { bytes: Buffer.byteLength(text), lines: lines.length }
}
