/**
 * The conversation worker: reads a file's text with the core's importConversation, sends the
 * messages back in chunks, and keeps them to count them and answer questions about the same
 * conversation (its findings, its summary prompt's tokens). Parsing tens of megabytes is a long
 * task by itself; here it never touches the main thread. It counts in a pool of counting workers
 * of its own (nested workers), so that the messages' text crosses no thread again: it keeps the
 * counts, and sends the page each slice's.
 */
import { loadCountingVocabulary, type Companion, type Message } from '@core'
import type { OpenedFile } from '../../electron/contract'
import { readBlobBytes } from './blob-bytes'
import { describeImportError } from './import-error'
import { chunkMessages, packChunk, packedTransfer } from './chunks'
import { createCountPool } from './count-pool'
import { holdConversation, NO_CHANGE_TO_COUNT, vocabulariesOf } from './held-conversation'
import { packFinding } from './packed-findings'
import { releaseBytes } from './release-bytes'
import type {
  ConversationAnswer,
  ConversationQuestion,
  ConversationReply,
  ConversationRequest,
} from './protocol'
import type { Job, LiveChange } from './types'

const reply = (message: ConversationReply, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer })
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

const conversation = holdConversation()
// The chunks not yet sent. Only CHUNKS_IN_FLIGHT are posted ahead of the page's `more`: posted all
// at once, every chunk's serialised copy of the messages waited in the page's queue together.
let unsent: Message[][] = []
let sentAll = true
const CHUNKS_IN_FLIGHT = 2

/** Sends the next chunk, or `done` once after the last. */
function sendNext(): void {
  if (sentAll) return
  const chunk = unsent.shift()
  if (chunk) {
    const packed = packChunk(chunk)
    return reply({ kind: 'messages', chunk: packed }, packedTransfer(packed))
  }
  sentAll = true
  reply({ kind: 'done' })
}

// A Blob is read as bytes, not text: importConversation parses bytes message by message, and never
// holds the whole file as one string.
async function read(content: OpenedFile['content']): Promise<string | Uint8Array> {
  return content instanceof Blob ? readBlobBytes(content) : content
}

/** A companion that could not be read (a parent transcript, a meta.json, a log) fails the open, naming it. */
const failedCompanion = (name: string) => (error: unknown) => {
  throw new Error(`${name}, read with it: ${messageOf(error)}`)
}

async function answer(question: ConversationQuestion): Promise<ConversationAnswer> {
  // The model's vocabulary is loaded when first asked for: reading a file counts nothing here.
  await Promise.all(vocabulariesOf(question).map(loadCountingVocabulary))
  const answered = conversation.answer(question)
  return answered.kind === 'diagnose'
    ? { kind: 'diagnose', value: answered.value.map(packFinding) }
    : answered
}

// Nested workers: the worker's own URL, as Vite finds workers, bundled with the conversation worker.
const pool = createCountPool(
  () => new Worker(new URL('./count-worker.ts', import.meta.url), { type: 'module' }),
)
let counting: { id: number; job: Job } | null = null
// Counts at or below this id were stopped by the page, perhaps before they started here.
let stoppedUpTo = 0

function count(data: Extract<ConversationRequest, { kind: 'count' }>): void {
  const { id, spec, ranges } = data
  if (id <= stoppedUpTo) return
  const counted = conversation.countOf(spec, data.of, {
    onSlice: (result) => {
      // The counts change owner again: the page gets the buffer the counting worker sent.
      reply({ kind: 'counted', id, result }, [result.counts.buffer])
    },
    onDone: () => {
      counting = null
      reply({ kind: 'count-done', id })
    },
    onError: (error) => {
      counting = null
      reply({ kind: 'count-failed', id, error })
    },
  })
  if (!counted) return reply({ kind: 'count-failed', id, error: NO_CHANGE_TO_COUNT })
  const job = pool.count(spec, counted.messages, ranges, counted.events)
  counting = { id, job }
}

function stopCount(id: number): void {
  stoppedUpTo = Math.max(stoppedUpTo, id)
  if (counting && counting.id <= id) {
    counting.job.cancel()
    counting = null
  }
}

function applyChange(id: number, change: LiveChange): void {
  let parsed
  try {
    parsed = conversation.change(change)
  } catch (error) {
    return reply({ kind: 'change-failed', id, error: messageOf(error) })
  }
  const { tail, bytesRead } = parsed
  if (tail === null) return reply({ kind: 'changed', id, tail: null, bytesRead })
  const { messages, ...rest } = tail
  const chunks = chunkMessages(messages).map(packChunk)
  reply(
    { kind: 'changed', id, tail: { ...rest, chunks }, bytesRead },
    chunks.flatMap(packedTransfer),
  )
}

// One request at a time, in order: a change arriving while a question waits for its vocabulary
// must not swap the messages under it.
let queue: Promise<void> = Promise.resolve()
self.onmessage = ({ data }: MessageEvent<ConversationRequest>) => {
  // A stop is never kept waiting: a count already stopped on the page must not run on here.
  if (data.kind === 'stop-count') return stopCount(data.id)
  queue = queue.then(() => handle(data)).catch((error: unknown) => console.error(error))
}

async function handle(data: ConversationRequest): Promise<void> {
  if (data.kind === 'change') {
    applyChange(data.id, data.change)
  } else if (data.kind === 'adopt') {
    conversation.adopt()
  } else if (data.kind === 'count') {
    count(data)
  } else if (data.kind === 'stop-count') {
    stopCount(data.id)
  } else if (data.kind === 'import') {
    let content: string | Uint8Array
    let companion: Companion | undefined
    try {
      content = await read(data.content)
      if (data.companion) {
        const { name, content: parent } = data.companion
        companion = { name, content: await read(parent).catch(failedCompanion(name)) }
      }
    } catch (error) {
      reply({ kind: 'failed', error: `${data.name}: ${messageOf(error)}` })
      return
    }
    let parsed
    try {
      parsed = conversation.read(content, { ...data, companion }, (done, total) =>
        reply({ kind: 'parsing', done, total }),
      )
    } catch (error) {
      reply({ kind: 'failed', error: describeImportError(data.name, content, error) })
      return
    } finally {
      // A live import may keep the bytes (a whole document is compared with its next version).
      if (!data.follow) releaseBytes(content)
    }
    const { imported, bytesRead } = parsed
    const { messages: all, ...header } = imported
    reply({
      kind: 'parsed',
      header,
      total: all.length,
      ...(bytesRead !== undefined ? { bytesRead } : {}),
    })
    unsent = chunkMessages(all)
    sentAll = false
    for (let i = 0; i < CHUNKS_IN_FLIGHT; i++) sendNext()
  } else if (data.kind === 'more') {
    sendNext()
  } else {
    const { id, question } = data
    try {
      reply({ kind: 'answer', id, answer: await answer(question) })
    } catch (error) {
      reply({ kind: 'answer-failed', id, error: messageOf(error) })
    }
  }
}
