/**
 * A Codex CLI rollout of a given size, as JSONL, for a streaming-import row of the bench: the
 * generated conversation as the current schema's `{timestamp, type, payload}` lines
 * (codex-rs/protocol/src/protocol.rs, RolloutItem; testdata/formats/codex.jsonl has each kind):
 * a session_meta with base instructions, then response items, with the event_msg copies Codex
 * writes for the UI (user_message, agent_message, agent_reasoning), a turn_context at each user
 * turn and a token_count after each reply.
 */
import { writeFileSync } from 'node:fs'
import type { Message } from '../src/index'
import { generateConversation, type GenerateOptions } from './generate'

const SESSION = '019c9e10-4a2b-7c31-9d55-0f1e2a3b4c5d'
const MODEL = 'gpt-5.3-codex'

const stamp = (i: number) => new Date(Date.UTC(2026, 10, 1, 9) + i * 1000).toISOString()

/** The tool call and output a generated activity's payload describes. */
function toolCall(m: Message, i: number): { name: string; args: string; id: string; out: string } {
  const parsed = m.payload ? (JSON.parse(m.payload) as Record<string, unknown>) : {}
  return {
    name: typeof parsed.name === 'string' ? parsed.name : 'exec_command',
    args: JSON.stringify(parsed.arguments ?? { cmd: m.text }),
    id: typeof parsed.call_id === 'string' ? parsed.call_id : `call_${i}`,
    out: typeof parsed.output === 'string' ? parsed.output : (m.payload ?? m.text),
  }
}

/** The rollout lines of one generated message. */
function linesOf(m: Message, i: number): Record<string, unknown>[] {
  const at = (type: string, payload: Record<string, unknown>) => ({
    timestamp: stamp(i),
    type,
    payload,
  })
  const item = (payload: Record<string, unknown>) => at('response_item', payload)
  switch (m.type) {
    case 'user':
      return [
        at('turn_context', {
          turn_id: `t${i}`,
          cwd: '/home/dev/project',
          approval_policy: 'on-request',
          sandbox_policy: { type: 'workspace-write' },
          model: MODEL,
          effort: 'medium',
          summary: 'auto',
        }),
        item({ type: 'message', role: 'user', content: [{ type: 'input_text', text: m.text }] }),
        at('event_msg', { type: 'user_message', message: m.text, images: [] }),
      ]
    case 'bot':
      return [
        item({
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: m.text }],
        }),
        at('event_msg', { type: 'agent_message', message: m.text }),
        at('event_msg', {
          type: 'token_count',
          info: {
            total_token_usage: { input_tokens: 5210, output_tokens: 188, total_tokens: 5398 },
            last_token_usage: { input_tokens: 5210, output_tokens: 188, total_tokens: 5398 },
            model_context_window: 258400,
          },
        }),
      ]
    case 'reasoning':
      return [
        item({
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: m.text }],
          content: null,
          encrypted_content: `gAAAAB-${i.toString(16)}`,
        }),
        at('event_msg', { type: 'agent_reasoning', text: m.text }),
      ]
    case 'activity': {
      const call = toolCall(m, i)
      return [
        item({ type: 'function_call', name: call.name, arguments: call.args, call_id: call.id }),
        item({ type: 'function_call_output', call_id: call.id, output: call.out }),
      ]
    }
    default:
      return [
        item({
          type: 'message',
          role: 'developer',
          content: [{ type: 'input_text', text: m.text }],
        }),
      ]
  }
}

/** Writes a rollout of about `targetBytes`; returns its size in bytes and its number of lines. */
export function writeCodexRollout(
  path: string,
  options: GenerateOptions,
): { bytes: number; lines: number } {
  // The UI's copies repeat each prompt, reply and reasoning summary, and every line carries its
  // timestamp and type: aim the content lower, to land near targetBytes.
  const messages = generateConversation({ ...options, targetBytes: options.targetBytes * 0.55 })
  const lines: string[] = [
    JSON.stringify({
      timestamp: stamp(0),
      type: 'session_meta',
      payload: {
        id: SESSION,
        timestamp: stamp(0),
        cwd: '/home/dev/project',
        originator: 'codex_cli_rs',
        cli_version: '0.108.0',
        source: 'cli',
        model_provider: 'openai',
        base_instructions: { text: 'You are Codex, a coding agent. Keep edits small.' },
      },
    }),
  ]
  messages.forEach((m, i) => {
    for (const line of linesOf(m, i)) lines.push(JSON.stringify(line))
  })
  const text = lines.join('\n') + '\n'
  writeFileSync(path, text)
  return { bytes: Buffer.byteLength(text), lines: lines.length }
}
