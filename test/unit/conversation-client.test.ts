import { describe, expect, it } from 'vitest'
import type { OpenedFile } from '../../electron/contract'
import { importInWorker } from '../../renderer/workers/conversation-client'
import type { ConversationRequest } from '../../renderer/workers/protocol'
import type { Conversation } from '../../renderer/workers/types'

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

describe('a followed file in its reading worker', () => {
  const header = {
    format: 'native' as const,
    wire: 'native' as const,
    report: [],
  }
  const reply = (worker: ReceivingWorker, data: unknown) =>
    (worker.onmessage as (event: { data: unknown }) => void)({ data })

  function follow() {
    const worker = new ReceivingWorker()
    const file: OpenedFile = {
      token: 't',
      path: '/runs/live.jsonl',
      name: 'live.jsonl',
      content: text,
    }
    const got: { conversation?: Conversation; bytesRead?: number } = {}
    importInWorker(
      () => worker as unknown as Worker,
      file,
      { format: 'auto', follow: true },
      {
        ...NO_EVENTS,
        onDone: (_imported, conversation, bytesRead) =>
          Object.assign(got, { conversation, bytesRead }),
      },
    )
    reply(worker, { kind: 'parsed', header, total: 0, bytesRead: 57 })
    reply(worker, { kind: 'done' })
    const { conversation, bytesRead } = got
    if (!conversation) throw new Error('the import did not finish')
    return { worker, conversation, bytesRead }
  }

  it('asks the worker to keep its live import, and says how many bytes it read', () => {
    const { worker, bytesRead } = follow()
    expect(worker.received[0]).toMatchObject({ kind: 'import', follow: true })
    expect(bytesRead).toBe(57)
  })

  it('sends a change at once, by transfer, and drops the questions about the messages before', () => {
    const { worker, conversation } = follow()
    const counting = 'o200k_base'
    const options = { maxTokens: 100, triggerRatio: 0.9 }
    conversation.diagnose({ options, counting, summaryText: '' }, () => {})
    // Waits behind the diagnose: about the messages before the change.
    let promptAnswered = false
    conversation.countPrompt({ options, counting }, () => (promptAnswered = true))
    const bytes = new TextEncoder().encode('{"more":1}\n')
    let parsed: unknown = null
    conversation.change({ kind: 'append', bytes }, (outcome) => (parsed = outcome))
    expect(bytes.byteLength).toBe(0)
    conversation.adopt()
    const ask = worker.received.find((r) => r.kind === 'ask') as { id: number }
    reply(worker, { kind: 'answer', id: ask.id, answer: { kind: 'diagnose', value: [] } })
    reply(worker, { kind: 'changed', id: ask.id + 1, tail: null, bytesRead: 68 })
    expect(worker.received.map((r) => r.kind)).toEqual(['import', 'ask', 'change', 'adopt'])
    expect(promptAnswered).toBe(false)
    expect(parsed).toEqual({ ok: true, value: { tail: null, bytesRead: 68 } })
  })
})

describe('counting in the conversation worker', () => {
  const spec = { model: 'gpt-4o', wire: 'native', thinking: 'model' } as const
  const reply = (worker: ReceivingWorker, data: unknown) =>
    (worker.onmessage as (event: { data: unknown }) => void)({ data })

  function opened() {
    const worker = new ReceivingWorker()
    const file: OpenedFile = { path: '/runs/a.json', name: 'a.json', content: text }
    let conversation: Conversation | undefined
    importInWorker(
      () => worker as unknown as Worker,
      file,
      { format: 'auto' },
      { ...NO_EVENTS, onDone: (_imported, c) => (conversation = c) },
    )
    reply(worker, {
      kind: 'parsed',
      header: { format: 'native', wire: 'native', report: [] },
      total: 0,
    })
    reply(worker, { kind: 'done' })
    if (!conversation) throw new Error('the import did not finish')
    return { worker, conversation }
  }

  function events() {
    const got: string[] = []
    return {
      got,
      events: {
        onSlice: ({ start, counts }: { start: number; counts: Uint32Array }) =>
          got.push(`${start}:${[...counts].join(',')}`),
        onDone: () => got.push('done'),
        onError: (error: string) => got.push(`error ${error}`),
      },
    }
  }

  it('asks with the spec and the ranges only: no message text goes back to the worker', () => {
    const { worker, conversation } = opened()
    conversation.count(spec, [{ start: 0, end: 1 }], events().events)
    const request = worker.received.at(-1)
    expect(request).toEqual({
      kind: 'count',
      id: 1,
      spec,
      ranges: [{ start: 0, end: 1 }],
      of: 'shown',
    })
  })

  it('passes on each slice of the count in force, then done; a superseded one never lands', () => {
    const { worker, conversation } = opened()
    const first = events()
    const second = events()
    conversation.count(spec, [{ start: 0, end: 2 }], first.events)
    reply(worker, { kind: 'counted', id: 1, result: { start: 0, counts: Uint32Array.of(4) } })
    conversation.count(spec, [{ start: 0, end: 2 }], second.events, 'change')
    reply(worker, { kind: 'counted', id: 1, result: { start: 1, counts: Uint32Array.of(9) } })
    reply(worker, { kind: 'counted', id: 2, result: { start: 0, counts: Uint32Array.of(4, 9) } })
    reply(worker, { kind: 'count-done', id: 2 })
    expect(first.got).toEqual(['0:4'])
    expect(second.got).toEqual(['0:4,9', 'done'])
    expect(worker.received.at(-1)).toMatchObject({ kind: 'count', id: 2, of: 'change' })
  })

  it('a cancel tells the worker to stop, and nothing more of it is reported', () => {
    const { worker, conversation } = opened()
    const { got, events: counting } = events()
    const job = conversation.count(spec, [{ start: 0, end: 2 }], counting)
    job.cancel()
    reply(worker, { kind: 'counted', id: 1, result: { start: 0, counts: Uint32Array.of(4) } })
    expect(worker.received.at(-1)).toEqual({ kind: 'stop-count', id: 1 })
    expect(got).toEqual([])
  })

  it('asks its questions with the counting key, not the counts', () => {
    const { worker, conversation } = opened()
    const options = { maxTokens: 100, triggerRatio: 0.9 }
    let answered: unknown = null
    conversation.countPrompt({ options, counting: 'o200k_base' }, (outcome) => (answered = outcome))
    const ask = worker.received.at(-1)
    expect(ask).toEqual({
      kind: 'ask',
      id: 1,
      question: { kind: 'prompt-tokens', options, counting: 'o200k_base' },
    })
    const size = { tokens: 3, asMessage: 7, chars: 12, boundary: 'b' }
    reply(worker, { kind: 'answer', id: 1, answer: { kind: 'prompt-tokens', value: size } })
    expect(answered).toEqual({ ok: true, value: size })
  })
})
