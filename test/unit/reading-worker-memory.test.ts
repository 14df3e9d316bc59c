import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/core'
import { packChunk, packedTransfer, unpackChunk } from '../../renderer/workers/chunks'
import { releaseBytes } from '../../renderer/workers/release-bytes'

// What the page receives: the chunk cloned as postMessage clones it, its offsets transferred.
const crossed = (messages: Message[]) => {
  const packed = packChunk(messages)
  return unpackChunk(structuredClone(packed, { transfer: packedTransfer(packed) }))
}

const MESSAGES: Message[] = [
  { id: 'u1', type: 'user', text: 'Fix the invoice total for ACME-4471' },
  {
    id: 'b1',
    type: 'bot',
    text: '',
    payload: '{"name":"read_file","arguments":{"path":"src/billing/total.ts"}}',
  },
  { type: 'context', text: 'Grüße aus Köln: one byte a character (Latin-1)' },
  { id: 'u2', type: 'user', text: '压缩会丢失早期对话中的标识符 👩🏽‍💻', payload: 'مرحبا' },
  {
    id: 's1',
    type: 'instructions',
    text: 'Summary so far',
    meta: { kind: 'summary', summarizedCount: 3 } as unknown as Message['meta'],
  },
  { type: 'user', text: '' },
]

describe('a chunk of messages packed for the page', () => {
  it('arrives as the same messages, fields and their order included', () => {
    const arrived = crossed(MESSAGES)
    expect(arrived).toEqual(MESSAGES)
    // The same keys in the same order: an export writes them as they are.
    expect(arrived.map((m) => Object.keys(m))).toEqual(MESSAGES.map((m) => Object.keys(m)))
    // A message without a payload still has none (not an empty one).
    expect('payload' in arrived[0]).toBe(false)
  })

  it('carries the texts as two strings, one byte a character and two, beside the messages', () => {
    const packed = packChunk(MESSAGES)
    expect(packed.shells.every((m) => m.text === '' && (m.payload ?? '') === '')).toBe(true)
    // Latin-1 texts (ü, ö) fit in one byte a character; CJK, emoji and Arabic do not.
    expect(packed.narrow).toBe(
      [MESSAGES[0].text, MESSAGES[1].payload, MESSAGES[2].text, MESSAGES[4].text].join(''),
    )
    expect(packed.wide).toBe(`${MESSAGES[3].text}${MESSAGES[3].payload}`)
  })

  it('leaves the worker its own messages untouched', () => {
    const mine = structuredClone(MESSAGES)
    packChunk(mine)
    expect(mine).toEqual(MESSAGES)
  })
})

describe("the file's bytes, once the worker has read them", () => {
  it('are given back at once: the buffer is detached, not left for a collection', () => {
    const bytes = new TextEncoder().encode('{"messages":[]}')
    releaseBytes(bytes)
    expect(bytes.buffer.byteLength).toBe(0)
    expect(bytes.byteLength).toBe(0)
    // Text is a string of its own: nothing to give back.
    expect(() => releaseBytes('{"messages":[]}')).not.toThrow()
  })
})
