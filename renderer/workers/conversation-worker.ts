/**
 * The conversation worker: reads a file's text with the core's importConversation, sends the
 * messages back in chunks, and keeps them to answer questions about the same conversation (its
 * findings, its summary prompt's tokens). Parsing tens of megabytes is a long task by itself;
 * here it never touches the main thread.
 */
import {
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
import { describeImportError } from '../store/import-error'
import { promptSize } from './answers'
import { chunkMessages, packChunk, packedTransfer } from './chunks'
import { packFinding } from './packed-findings'
import { releaseBytes } from './release-bytes'
import type {
  ConversationAnswers,
  ConversationQuestion,
  ConversationReply,
  ConversationRequest,
} from './protocol'
import type { LiveChange } from './types'

const reply = (message: ConversationReply, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer })
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

let messages: readonly Message[] = []
// A followed file's live import, and the messages of its last change, until the page shows them.
let live: LiveImport | null = null
let changed: readonly Message[] | null = null
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

async function answer(
  question: ConversationQuestion,
): Promise<ConversationAnswers[keyof ConversationAnswers]> {
  // The model's vocabulary is loaded when first asked for: reading a file counts nothing here.
  if (question.kind === 'engines') {
    const { counts, ...input } = question.input
    if (input.spec) await loadCountingVocabulary(input.spec)
    return runEngines({ ...input, messages, counts: Array.from(counts) })
  }
  if (question.kind === 'turn-costs') {
    await loadCountingVocabulary(question.spec)
    return turnCostsOf(question.spec, messages)
  }
  const options = question.kind === 'diagnose' ? question.input.options : question.options
  await loadCountingVocabulary(countingSpecOf(options))
  if (question.kind === 'diagnose') {
    const { counts, ...input } = question.input
    return diagnose({ ...input, messages, counts: Array.from(counts) }).map(packFinding)
  }
  return promptSize(messages, question.options, Array.from(question.counts))
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
  changed = all
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
  queue = queue.then(() => handle(data)).catch((error: unknown) => console.error(error))
}

async function handle(data: ConversationRequest): Promise<void> {
  if (data.kind === 'change') {
    applyChange(data.id, data.change)
  } else if (data.kind === 'adopt') {
    if (changed) messages = changed
    changed = null
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
    messages = all
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
