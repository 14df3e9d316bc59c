import { describe, expect, it } from 'vitest'
import type { OpenedFile } from '../../electron/contract'
import { importInWorker } from '../../renderer/workers/conversation-client'
import type { ConversationRequest } from '../../renderer/workers/protocol'

/**
 * A stand-in for the reading worker that only receives: each message is cloned as postMessage
 * clones it (structuredClone with the same transfer list), so a transferred buffer is detached on
 * the sending side exactly as in a browser.
 */
class ReceivingWorker {
  onmessage: unknown = null
  onerror: unknown = null
  received: ConversationRequest[] = []
  postMessage(message: ConversationRequest, transfer: Transferable[] = []): void {
    this.received.push(structuredClone(message, { transfer }))
  }
  terminate(): void {}
}

const NO_EVENTS = {
  onParsed: () => {},
  onProgress: () => {},
  onDone: () => {},
  onError: () => {},
}

function send(content: OpenedFile['content']) {
  const worker = new ReceivingWorker()
  const file: OpenedFile = { path: '/runs/big.json', name: 'big.json', content }
  importInWorker(() => worker as unknown as Worker, file, { format: 'auto' }, NO_EVENTS)
  const [request] = worker.received
  if (request?.kind !== 'import') throw new Error('no import request was sent')
  return request
}

const text = '{"messages":[{"type":"user","text":"Grüße aus Köln"}]}'

describe('a file handed to the reading worker', () => {
  it('goes as bytes by transfer: the worker has them all, the page keeps none', () => {
    const bytes = new TextEncoder().encode(text)
    const request = send(bytes)
    expect(new TextDecoder().decode(request.content as Uint8Array)).toBe(text)
    // Transferred, not copied: the page's array is left empty.
    expect(bytes.byteLength).toBe(0)
    expect(bytes.buffer.byteLength).toBe(0)
  })

  it('copies a view of part of a larger buffer, and leaves that buffer whole', () => {
    const buffer = new TextEncoder().encode(`xx${text}yy`).buffer
    const size = buffer.byteLength
    const view = new Uint8Array(buffer, 2, size - 4)
    const request = send(view)
    expect(new TextDecoder().decode(request.content as Uint8Array)).toBe(text)
    expect(buffer.byteLength).toBe(size)
    expect(new TextDecoder().decode(view)).toBe(text)
  })

  it('sends text and browser Files as they are', () => {
    expect(send(text).content).toBe(text)
    const file = new Blob([text])
    expect(send(file).content).toBeInstanceOf(Blob)
  })
})
