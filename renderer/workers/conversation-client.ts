import type { Message } from '@core'
import type { OpenedFile, Result } from '../../electron/contract'
import { unpackChunk } from './chunks'
import { unpackFinding } from './packed-findings'
import type {
  ConversationAnswers,
  ConversationQuestion,
  ConversationReply,
  ConversationRequest,
  ImportHeader,
  PackedLiveTail,
} from './protocol'
import type { Conversation, ImportChoice, ImportEvents, Job, LiveParsed, LiveTail } from './types'

const post = (worker: Worker, request: ConversationRequest) => worker.postMessage(request)

/**
 * Reads a file in a conversation worker: its content goes in, the messages come back chunk by chunk
 * and are gathered here. Cancelling terminates the worker, and nothing more is reported.
 */
export function importInWorker(
  spawn: () => Worker,
  file: OpenedFile,
  choice: ImportChoice,
  events: ImportEvents,
): Job {
  const worker = spawn()
  const messages: Message[] = []
  const types = new Map<string, string>()
  let header: ImportHeader | null = null
  let bytesRead: number | undefined
  let live = true
  const finish = () => {
    live = false
    worker.onmessage = worker.onerror = null
  }
  worker.onmessage = ({ data }: MessageEvent<ConversationReply>) => {
    if (data.kind === 'parsing') {
      events.onParsing?.(data.done, data.total)
    } else if (data.kind === 'parsed') {
      header = data.header
      bytesRead = data.bytesRead
      events.onParsed(data.total)
    } else if (data.kind === 'messages') {
      for (const message of unpackChunk(data.chunk)) {
        // A cloned message brings its own copy of its type's string. One shared copy per type
        // makes the type comparisons every re-tune does (buckets, the prompt's filter) identity
        // checks rather than comparisons of characters.
        message.type =
          types.get(message.type) ?? types.set(message.type, message.type).get(message.type)!
        messages.push(message)
      }
      post(worker, { kind: 'more' })
      events.onProgress(messages.length)
    } else if (data.kind === 'done' && header) {
      finish()
      events.onDone({ ...header, messages }, conversationIn(worker), bytesRead)
    } else if (data.kind === 'failed') {
      finish()
      worker.terminate()
      events.onError(data.error)
    }
  }
  worker.onerror = (event) => {
    event.preventDefault()
    finish()
    worker.terminate()
    events.onError(
      `${file.name}: the reading worker failed: ${event.message || 'it could not start'}`,
    )
  }
  // Bytes are transferred, not copied: they change owner, and the page holds no copy of the file
  // while the worker reads it (the store reads a file with a path again from disk). A view of part
  // of a larger buffer is copied first, so that nothing else of that buffer is taken away.
  const { content } = file
  const bytes = ArrayBuffer.isView(content) ? ownBuffer(content) : null
  const request: ConversationRequest = {
    kind: 'import',
    name: file.name,
    content: bytes ?? content,
    format: choice.format,
    ...(choice.request !== undefined ? { request: choice.request } : {}),
    ...(choice.follow ? { follow: true } : {}),
  }
  worker.postMessage(request, bytes ? [bytes.buffer] : [])
  return {
    cancel: () => {
      if (!live) return
      finish()
      worker.terminate()
    },
  }
}

function unpackTail({ chunks, ...tail }: PackedLiveTail): LiveTail {
  return { ...tail, messages: chunks.flatMap(unpackChunk) }
}

/** The bytes in a buffer of their own: the same array when it spans its whole buffer. */
function ownBuffer(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  return whole ? bytes : bytes.slice()
}

type Pending = {
  question: ConversationQuestion
  done: (outcome: Result<ConversationAnswers[keyof ConversationAnswers]>) => void
}

/**
 * The conversation worker after its import, holding the messages. One question runs at a time; of
 * those asked meanwhile only the newest of each kind waits, since the older ones are already stale.
 */
function conversationIn(worker: Worker): Conversation {
  let nextId = 1
  let running: (Pending & { id: number }) | null = null
  const waiting = new Map<ConversationQuestion['kind'], Pending>()
  // Changes are never dropped or merged here: each one's tail is relative to the one before.
  const changes = new Map<number, (outcome: Result<LiveParsed>) => void>()

  const startNext = () => {
    const [next] = waiting.values()
    running = null
    if (!next) return
    waiting.delete(next.question.kind)
    running = { ...next, id: nextId++ }
    post(worker, { kind: 'ask', id: running.id, question: next.question })
  }
  const ask = (pending: Pending) => {
    waiting.delete(pending.question.kind)
    waiting.set(pending.question.kind, pending)
    if (!running) startNext()
  }

  worker.onmessage = ({ data }: MessageEvent<ConversationReply>) => {
    if (data.kind === 'changed' || data.kind === 'change-failed') {
      const done = changes.get(data.id)
      changes.delete(data.id)
      if (data.kind === 'change-failed') done?.({ ok: false, error: data.error })
      else {
        const tail = data.tail && unpackTail(data.tail)
        done?.({ ok: true, value: { tail, bytesRead: data.bytesRead } })
      }
      return
    }
    if (!running || !('id' in data) || data.id !== running.id) return
    const { done } = running
    startNext()
    if (data.kind === 'answer') done({ ok: true, value: data.answer })
    else if (data.kind === 'answer-failed') done({ ok: false, error: data.error })
  }

  return {
    diagnose({ counts, ...input }, done) {
      const question = {
        kind: 'diagnose' as const,
        input: { ...input, counts: Uint32Array.from(counts) },
      }
      const unpacked = (outcome: Result<ConversationAnswers['diagnose']>) =>
        done(outcome.ok ? { ok: true, value: outcome.value.map(unpackFinding) } : outcome)
      ask({ question, done: unpacked as Pending['done'] })
    },
    countPrompt({ options, counts }, done) {
      const question = { kind: 'prompt-tokens' as const, options, counts: Uint32Array.from(counts) }
      ask({ question, done: done as Pending['done'] })
    },
    runEngines({ counts, ...input }, done) {
      const question = {
        kind: 'engines' as const,
        input: { ...input, counts: Uint32Array.from(counts) },
      }
      ask({ question, done: done as Pending['done'] })
    },
    turnCosts(spec, done) {
      ask({ question: { kind: 'turn-costs', spec }, done: done as Pending['done'] })
    },
    change(change, done) {
      const id = nextId++
      changes.set(id, done)
      // The bytes change owner: the page keeps no copy of what the agent wrote.
      const request: ConversationRequest = { kind: 'change', id, change }
      worker.postMessage(request, [change.bytes.buffer])
    },
    adopt() {
      // Asked about the messages shown until now: stale, and asked again for the new ones.
      waiting.clear()
      post(worker, { kind: 'adopt' })
    },
    dispose() {
      worker.onmessage = null
      worker.terminate()
      running = null
      waiting.clear()
      changes.clear()
    },
  }
}
