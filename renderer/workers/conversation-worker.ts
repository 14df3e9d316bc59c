/**
 * The conversation worker: reads a file's text with the core's importConversation, sends the
 * messages back in chunks, and keeps them to count them and answer questions about the same
 * conversation (its findings, its summary prompt's tokens). Parsing tens of megabytes is a long
 * task by itself; here it never touches the main thread. It counts in a pool of counting workers
 * of its own (nested workers), so that the messages' text crosses no thread again: it keeps the
 * counts, and sends the page each slice's.
 */
import {
  countingKey,
  countingSpecOf,
  diagnose,
  importConversation,
  loadCountingVocabulary,
  runEngines,
  startLiveImport,
  turnCostsOf,
  type ImportedConversation,
  type LiveImport,
  type Message,
} from '@core'
import type { OpenedFile } from '../../electron/contract'
import { describeImportError } from './import-error'
import { promptSize } from './answers'
import { chunkMessages, packChunk, packedTransfer } from './chunks'
import { createCountPool } from './count-pool'
import {
  countedToTheEnd,
  heldAfterChange,
  heldCounts,
  holdMessages,
  placeSlice,
  tallyFor,
  type HeldMessages,
} from './held-counts'
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

let held: HeldMessages = holdMessages([])
// A followed file's live import, and the messages of its last change, until the page shows them.
let live: LiveImport | null = null
let changed: HeldMessages | null = null
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
  return content instanceof Blob ? new Uint8Array(await content.arrayBuffer()) : content
}

async function answer(question: ConversationQuestion): Promise<ConversationAnswer> {
  const { messages } = held
  // The model's vocabulary is loaded when first asked for: reading a file counts nothing here.
  if (question.kind === 'engines') {
    const { input } = question
    if (input.spec) await loadCountingVocabulary(input.spec)
    const counts = heldCounts(held, question.counting)
    return { kind: 'engines', value: runEngines({ ...input, messages, counts }) }
  }
  if (question.kind === 'turn-costs') {
    await loadCountingVocabulary(question.spec)
    return { kind: 'turn-costs', value: turnCostsOf(question.spec, messages) }
  }
  const options = question.kind === 'diagnose' ? question.input.options : question.options
  await loadCountingVocabulary(countingSpecOf(options))
  const counts = heldCounts(held, question.counting)
  if (question.kind === 'diagnose') {
    const findings = diagnose({ ...question.input, messages, counts })
    return { kind: 'diagnose', value: findings.map(packFinding) }
  }
  return { kind: 'prompt-tokens', value: promptSize(messages, question.options, counts) }
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
  const target = data.of === 'change' ? changed : held
  if (!target) return reply({ kind: 'count-failed', id, error: 'no change waits to be counted' })
  const key = countingKey(spec)
  const tally = tallyFor(target, key)
  const job = pool.count(spec, target.messages, ranges, {
    onSlice: (result) => {
      placeSlice(tally, result)
      // The counts change owner again: the page gets the buffer the counting worker sent.
      reply({ kind: 'counted', id, result }, [result.counts.buffer])
    },
    onDone: () => {
      counting = null
      countedToTheEnd(target, key)
      reply({ kind: 'count-done', id })
    },
    onError: (error) => {
      counting = null
      reply({ kind: 'count-failed', id, error })
    },
  })
  counting = { id, job }
}

function stopCount(id: number): void {
  stoppedUpTo = Math.max(stoppedUpTo, id)
  if (counting && counting.id <= id) {
    counting.job.cancel()
    counting = null
  }
}

// Reads the file to follow it: the core's live import keeps what it parsed, for the changes.
function importToFollow(
  content: string | Uint8Array,
  data: Extract<ConversationRequest, { kind: 'import' }>,
): { imported: ImportedConversation; bytesRead: number } {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  const started = startLiveImport(bytes, {
    format: data.format,
    ...(data.request !== undefined ? { request: data.request } : {}),
  })
  live = started.live
  return { imported: started.update.conversation, bytesRead: started.live.bytesRead }
}

function applyChange(id: number, change: LiveChange): void {
  if (!live) return reply({ kind: 'change-failed', id, error: 'this file is not followed' })
  let update
  try {
    update =
      change.kind === 'append'
        ? live.append(change.bytes)
        : live.replace(change.bytes, change.reason)
  } catch (error) {
    return reply({ kind: 'change-failed', id, error: messageOf(error) })
  }
  const { bytesRead } = live
  if (update === null) return reply({ kind: 'changed', id, tail: null, bytesRead })
  const { messages: all, ...header } = update.conversation
  // The first `unchanged` messages keep the counts they had: only the rest are counted again.
  changed = heldAfterChange(held, all, update.unchanged)
  const chunks = chunkMessages(all.slice(update.unchanged)).map(packChunk)
  const tail = {
    header,
    unchanged: update.unchanged,
    chunks,
    reread: update.reread,
    ...(update.note !== undefined ? { note: update.note } : {}),
  }
  reply({ kind: 'changed', id, tail, bytesRead }, chunks.flatMap(packedTransfer))
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
    if (changed) held = changed
    changed = null
  } else if (data.kind === 'count') {
    count(data)
  } else if (data.kind === 'stop-count') {
    stopCount(data.id)
  } else if (data.kind === 'import') {
    let content: string | Uint8Array
    try {
      content = await read(data.content)
    } catch (error) {
      reply({ kind: 'failed', error: `${data.name}: ${messageOf(error)}` })
      return
    }
    let imported
    let bytesRead: number | undefined
    try {
      if (data.follow) ({ imported, bytesRead } = importToFollow(content, data))
      else {
        imported = importConversation(content, data.format, {
          onProgress: (done, total) => reply({ kind: 'parsing', done, total }),
          ...(data.request !== undefined ? { request: data.request } : {}),
        })
      }
    } catch (error) {
      reply({ kind: 'failed', error: describeImportError(data.name, content, error) })
      return
    } finally {
      // A live import may keep the bytes (a whole document is compared with its next version).
      if (!data.follow) releaseBytes(content)
    }
    const { messages: all, ...header } = imported
    held = holdMessages(all)
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
