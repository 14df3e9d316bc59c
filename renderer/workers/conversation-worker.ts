/**
 * The conversation worker: reads a file's text with the core's importConversation, sends the
 * messages back in chunks, and keeps them to answer questions about the same conversation (its
 * findings, its summary prompt's tokens). Parsing tens of megabytes is a long task by itself;
 * here it never touches the main thread.
 */
import {
  diagnose,
  importConversation,
  loadCountingVocabulary,
  runEngines,
  turnCostsOf,
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

const reply = (message: ConversationReply, transfer: Transferable[] = []) =>
  self.postMessage(message, { transfer })
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

let messages: readonly Message[] = []
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
  const model = options.model ?? (question.kind === 'diagnose' ? question.input.model : '')
  await loadCountingVocabulary({ model: model ?? '', wire: options.wire })
  if (question.kind === 'diagnose') {
    const { counts, ...input } = question.input
    return diagnose({ ...input, messages, counts: Array.from(counts) }).map(packFinding)
  }
  return promptSize(messages, question.options, Array.from(question.counts))
}

self.onmessage = async ({ data }: MessageEvent<ConversationRequest>) => {
  if (data.kind === 'import') {
    let content: string | Uint8Array
    try {
      content = await read(data.content)
    } catch (error) {
      reply({ kind: 'failed', error: `${data.name}: ${messageOf(error)}` })
      return
    }
    let imported
    try {
      imported = importConversation(content, data.format, {
        onProgress: (done, total) => reply({ kind: 'parsing', done, total }),
        ...(data.request !== undefined ? { request: data.request } : {}),
      })
    } catch (error) {
      reply({ kind: 'failed', error: describeImportError(data.name, content, error) })
      return
    } finally {
      releaseBytes(content)
    }
    const { messages: all, ...header } = imported
    messages = all
    reply({ kind: 'parsed', header, total: all.length })
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
