import { describe, expect, it } from 'vitest'
import { buildSummaryPrompt, summaryPromptPieces, type Message } from '@core'

const messages: Message[] = [
  { id: 'sys', type: 'instructions', text: 'Be careful.' },
  { id: 'u1', type: 'user', text: 'Fix the invoice total.' },
  { type: 'activity', text: 'read_file', payload: '{"path":"a.ts"}' },
  { id: 'b1', type: 'bot', text: 'Done.', payload: 'diff --git a/a.ts' },
]

describe('summaryPromptPieces', () => {
  it('joins into the prompt, one piece per message that reaches it, between the frame', () => {
    const pieces = [...summaryPromptPieces(messages)]
    expect(pieces.join('')).toBe(buildSummaryPrompt(messages))
    // The preamble and opening tag, the user and bot messages (instructions and activity never
    // reach the prompt), then the closing tag.
    expect(pieces).toHaveLength(4)
    expect(pieces[1]).toBe('<message type="user" id="u1">\nFix the invoice total.\n</message>')
    expect(pieces[2]).toBe('\n\n<message type="bot" id="b1">\nDone.\ndiff --git a/a.ts\n</message>')
    expect(pieces[3]).toBe('\n</conversation>\n')
  })

  it('renders a message only when its piece is asked for', () => {
    // A message that cannot be rendered: reading its text throws.
    const unreadable = {
      type: 'user',
      get text(): string {
        throw new Error('rendered too early')
      },
    } as Message
    const pieces = summaryPromptPieces([messages[1], unreadable])
    expect(pieces.next().value).toMatch(/^You are condensing/)
    expect(pieces.next().value).toContain('Fix the invoice total.')
    expect(() => pieces.next()).toThrow('rendered too early')
  })
})
