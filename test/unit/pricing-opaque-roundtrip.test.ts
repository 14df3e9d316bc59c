import { describe, expect, it } from 'vitest'
import { exportConversation, importConversation } from '../../src/index'
import { pngBase64, jpegBase64 } from './helpers/image-headers'

// Opaque parts are priced by rule but kept as they were: a trip back to the provider carries them
// byte for byte. The conversations are written here, in each API's documented shape.

const SIGNATURE = 'ErUBCkYIBxgCIkD' + 'a1B2c3D4e5F6g7H8'.repeat(40) + '=='
const REDACTED =
  'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' + 'x9Y+'.repeat(200)
const SCREENSHOT = pngBase64(1280, 800)
const PHOTO = jpegBase64(640, 480)

const anthropicRequest = {
  model: 'claude-opus-4-5-20251101',
  max_tokens: 4096,
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this screenshot?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: SCREENSHOT } },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'The user wants a description.', signature: SIGNATURE },
        { type: 'redacted_thinking', data: REDACTED },
        { type: 'text', text: 'Let me look closer.' },
        { type: 'tool_use', id: 'toolu_01', name: 'zoom', input: { x: 10, y: 20 } },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01',
          content: [
            { type: 'text', text: 'zoomed' },
            { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: PHOTO } },
          ],
        },
      ],
    },
  ],
}

describe('opaque parts survive an export to their provider', () => {
  it('Anthropic: thinking with its signature, redacted thinking and base64 images, byte for byte', () => {
    const imported = importConversation(JSON.stringify(anthropicRequest), 'anthropic')
    const text = exportConversation(imported.messages, 'anthropic', { model: imported.model })
    const written = JSON.parse(text) as typeof anthropicRequest
    expect(written.messages).toEqual(anthropicRequest.messages)
    // Byte for byte: the strings are the very same, not re-encoded.
    expect(text).toContain(JSON.stringify(SIGNATURE))
    expect(text).toContain(JSON.stringify(REDACTED))
    expect(text).toContain(JSON.stringify(SCREENSHOT))
    expect(text).toContain(JSON.stringify(PHOTO))
  })

  it('OpenAI Responses: encrypted reasoning, through the native format and back', () => {
    // There is no Responses writer: the native format is the export that carries every item.
    const encrypted = 'gAAAAABo' + 'Zk1xR3ZtN2Z'.repeat(120) + '=='
    const input = [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files' }] },
      { type: 'reasoning', id: 'rs_01', summary: [], encrypted_content: encrypted },
      { type: 'function_call', call_id: 'call_1', name: 'ls', arguments: '{"path":"."}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'a.ts\nb.ts' },
    ]
    const imported = importConversation(
      JSON.stringify({ model: 'gpt-5.1-codex', input }),
      'openai-responses',
    )
    const native = exportConversation(imported.messages, 'native')
    const back = importConversation(native, 'native')
    expect(back.messages).toEqual(imported.messages)
    const reasoning = back.messages.find((m) => m.type === 'reasoning')
    expect(reasoning?.payload).toBe(JSON.stringify({ encrypted_content: encrypted }))
  })
})
