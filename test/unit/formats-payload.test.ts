import { describe, expect, it } from 'vitest'
import {
  decodePayload,
  encodePayload,
  exportConversation,
  formatNote,
  importConversation,
  type Message,
} from '../../src/index'

describe('payload rendering', () => {
  it('renders a tool result that is only text as the text itself', () => {
    expect(encodePayload({ content: 'exit code 0' })).toBe('exit code 0')
    expect(encodePayload({})).toBeUndefined()
  })

  it('renders parts as compact JSON in a fixed key order', () => {
    expect(encodePayload({ is_error: true, content: 'boom', name: 'sh' })).toBe(
      '{"name":"sh","content":"boom","is_error":true}',
    )
    expect(encodePayload({ tool_calls: [{ arguments: { a: 1 }, name: 'f', id: 'c1' }] })).toBe(
      '{"tool_calls":[{"id":"c1","name":"f","arguments":{"a":1}}]}',
    )
  })

  it('renders every part, given in any order, in the order docs/formats.md lists', () => {
    // Given last part first; the expected string is written out by hand in the documented order.
    const parts = {
      item: { type: 'x' },
      response_format: { type: 'json_object' },
      tools: [{ name: 't' }],
      output_tokens: 9,
      reasoning_tokens: 7,
      encrypted_content: 'enc',
      data: 'd',
      signature: 'sig',
      attachments: [{ type: 'image' }],
      is_error: true as const,
      content: 'out',
      tool_calls: [{ name: 'f', arguments: {} }],
      name: 'sh',
    }
    const payload =
      '{"name":"sh","tool_calls":[{"name":"f","arguments":{}}],"content":"out","is_error":true,' +
      '"attachments":[{"type":"image"}],"signature":"sig","data":"d","encrypted_content":"enc",' +
      '"reasoning_tokens":7,"output_tokens":9,"tools":[{"name":"t"}],"response_format":{"type":"json_object"},' +
      '"item":{"type":"x"}}'
    expect(encodePayload(parts)).toBe(payload)
    expect(decodePayload(payload)).toEqual(parts)
  })

  it('decodes only what it rendered', () => {
    expect(decodePayload('{"tool_calls":[{"id":"c1","name":"f","arguments":{"a":1}}]}')).toEqual({
      tool_calls: [{ id: 'c1', name: 'f', arguments: { a: 1 } }],
    })
    // A tool's own JSON output, a reordered rendering, and spaced JSON are not payload parts.
    expect(decodePayload('{"city":"Kyoto"}')).toBeUndefined()
    expect(decodePayload('{"content":"x","name":"sh"}')).toBeUndefined()
    expect(decodePayload('{"content": "x"}')).toBeUndefined()
    expect(decodePayload('plain text')).toBeUndefined()
  })

  it('wraps a tool result that would read as parts, so it comes back unchanged', () => {
    const tricky = '{"content":"looks like a payload"}'
    const payload = encodePayload({ content: tricky })
    expect(payload).toBe('{"content":"{\\"content\\":\\"looks like a payload\\"}"}')
    expect(decodePayload(payload)).toEqual({ content: tricky })
  })

  it('carries such a result through an OpenAI export unchanged', () => {
    const messages: Message[] = [
      {
        type: 'bot',
        text: '',
        payload: encodePayload({ tool_calls: [{ id: 'c1', name: 'echo', arguments: {} }] }),
      },
      {
        id: 'c1',
        type: 'activity',
        text: '',
        payload: encodePayload({ content: '{"content":"x"}' }),
      },
    ]
    const back = importConversation(exportConversation(messages, 'openai', { model: 'gpt-4o' }))
    expect(back.messages).toEqual(messages)
  })
})

describe('report lines', () => {
  it('formats a note with its path and count', () => {
    expect(
      formatNote({
        severity: 'info',
        path: 'messages[*].content[*].cache_control',
        problem: 'prompt-caching hint; not part of the conversation',
        count: 40,
      }),
    ).toBe(
      'info messages[*].content[*].cache_control (×40): prompt-caching hint; not part of the conversation',
    )
    expect(formatNote({ severity: 'warning', path: '', problem: 'something' })).toBe(
      'warning: something',
    )
  })
})
