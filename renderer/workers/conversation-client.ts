import type { Message } from '@core'
import type { OpenedFile, Result } from '../../electron/contract'
import { unpackChunk } from './chunks'
import { unpackFinding } from './packed-findings'
import { latestOfEach } from './latest'
import type {
  ConversationAnswer,
  ConversationQuestion,
  ConversationReply,
  ConversationRequest,
  ImportHeader,
  PackedLiveTail,
} from './protocol'
import type {
  Conversation,
  CountEvents,
  ImportChoice,
  ImportEvents,
  Job,
  LiveParsed,
  LiveTail,
} from './types'

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
  // A parent the host read is transferred as the file is; one the user chose is a File.
  const parentBytes =
    file.companion && ArrayBuffer.isView(file.companion.content)
      ? ownBuffer(file.companion.content)
      : null
  const parent = file.companion && {
    name: file.companion.name,
    content: parentBytes ?? file.companion.content,
  }
  const request: ConversationRequest = {
    kind: 'import',
    name: file.name,
    content: bytes ?? content,
    format: choice.format,
    ...(choice.request !== undefined ? { request: choice.request } : {}),
    ...(choice.session !== undefined ? { session: choice.session } : {}),
    ...(choice.follow ? { follow: true } : {}),
    ...(parent ? { companion: parent } : {}),
  }
  const transfer = [bytes?.buffer, parentBytes?.buffer].filter((b) => b !== undefined)
  worker.postMessage(request, transfer)
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

/**
 * The conversation worker after its import, holding the messages. It counts them when asked, and
 * answers one question at a time; of those asked meanwhile only the newest of each kind waits
 * (latestOfEach), since the older ones are already stale.
 */
function conversationIn(worker: Worker): Conversation {
  let nextId = 1
  const questions = latestOfEach<ConversationQuestion['kind'], Result<ConversationAnswer>>(
    () => nextId++,
  )
  // Changes are never dropped or merged here: each one's tail is relative to the one before.
  const changes = new Map<number, (outcome: Result<LiveParsed>) => void>()
  let counting: { id: number; events: CountEvents } | null = null

  const ask = <T>(
    question: ConversationQuestion,
    take: (answer: ConversationAnswer) => T | undefined,
    done: (outcome: Result<T>) => void,
  ) =>
    questions.ask(question.kind, {
      send: (id) => post(worker, { kind: 'ask', id, question }),
      settle: (outcome) => {
        if (!outcome.ok) return done(outcome)
        const value = take(outcome.value)
        if (value === undefined) done({ ok: false, error: `not an answer to ${question.kind}` })
        else done({ ok: true, value })
      },
    })

  const onCount = (data: Extract<ConversationReply, { id: number }>, events: CountEvents) => {
    if (data.kind === 'counted') events.onSlice(data.result)
    else if (data.kind === 'count-done' || data.kind === 'count-failed') {
      counting = null
      if (data.kind === 'count-done') events.onDone()
      else events.onError(data.error)
    }
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
    } else if (
      data.kind === 'counted' ||
      data.kind === 'count-done' ||
      data.kind === 'count-failed'
    ) {
      // A slice of a count stopped or superseded never lands.
      if (counting?.id === data.id) onCount(data, counting.events)
    } else if (data.kind === 'answer') {
      questions.answer(data.id, { ok: true, value: data.answer })
    } else if (data.kind === 'answer-failed') {
      questions.answer(data.id, { ok: false, error: data.error })
    }
  }

  const stopCounting = () => {
    if (!counting) return
    post(worker, { kind: 'stop-count', id: counting.id })
    counting = null
  }

  return {
    count(spec, ranges, events, of = 'shown') {
      const id = nextId++
      counting = { id, events }
      post(worker, { kind: 'count', id, spec, ranges: ranges.slice(), of })
      return { cancel: () => counting?.id === id && stopCounting() }
    },
    diagnose(input, done) {
      const { counting: key, ...rest } = input
      const question = { kind: 'diagnose' as const, input: rest, counting: key }
      ask(question, (a) => (a.kind === 'diagnose' ? a.value.map(unpackFinding) : undefined), done)
    },
    countPrompt({ options, counting: key }, done) {
      const question = { kind: 'prompt-tokens' as const, options, counting: key }
      ask(question, (a) => (a.kind === 'prompt-tokens' ? a.value : undefined), done)
    },
    runEngines(input, done) {
      const { counting: key, ...rest } = input
      const question = { kind: 'engines' as const, input: rest, counting: key }
      ask(question, (a) => (a.kind === 'engines' ? a.value : undefined), done)
    },
    priceRequests(spec, asks, done) {
      ask(
        { kind: 'request-pricing', spec, asks },
        (a) => (a.kind === 'request-pricing' ? a.value : undefined),
        done,
      )
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
      questions.clearWaiting()
      post(worker, { kind: 'adopt' })
    },
    dispose() {
      worker.onmessage = null
      worker.terminate()
      questions.clear()
      changes.clear()
      counting = null
    },
  }
}
