import { readFile } from 'node:fs/promises'
import {
  ConversationParseError,
  DEFAULT_ENCODING,
  parseConversation,
  resolveModel,
  type Message,
  type ModelEncoding,
} from '../src/index'
import { stringValue, type ParsedArgs } from './args'
import { CliError, describeFsError } from './errors'
import type { Io } from './command'

/** A conversation read from disk, with the model its tokens are counted with. */
export interface LoadedConversation {
  /** The file as messages name it: the path as given, or `<stdin>`. */
  file: string
  messages: Message[]
  model: ModelEncoding
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** How a path is named in messages: `-` is standard input. */
export const displayName = (file: string): string => (file === '-' ? '<stdin>' : file)

async function readBytes(file: string): Promise<Uint8Array> {
  if (file !== '-') return readFile(file)
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Reads a whole file (`-` for stdin) as UTF-8 text; a CliError naming the file when it cannot. */
export async function readTextFile(file: string): Promise<string> {
  let bytes: Uint8Array
  try {
    bytes = await readBytes(file)
  } catch (error) {
    throw new CliError(`${displayName(file)}: cannot read: ${describeFsError(error)}`)
  }
  try {
    return utf8.decode(bytes)
  } catch {
    throw new CliError(`${displayName(file)}: not UTF-8 text`)
  }
}

/** One line for a parse error: `FILE:LINE:COLUMN: message 3, field text: problem`. */
export function describeParseError(file: string, error: ConversationParseError): string {
  const place =
    error.line !== undefined ? `${file}:${error.line}:${error.column ?? 1}:` : `${file}:`
  const message =
    error.index !== undefined
      ? ` message ${error.index}${error.field !== undefined ? `, field ${error.field}` : ''}:`
      : ''
  return `${place}${message} ${error.problem}`
}

/**
 * Reads and parses FILE (`-` for stdin), choosing the model: --model, else the file's own, else
 * the default encoding. Unknown fields and an unknown model are warnings on stderr, never silent.
 */
export async function loadConversation(
  path: string,
  args: ParsedArgs,
  io: Io,
): Promise<LoadedConversation> {
  const text = await readTextFile(path)
  const file = displayName(path)
  let parsed
  try {
    parsed = parseConversation(text)
  } catch (error) {
    if (error instanceof ConversationParseError) throw new CliError(describeParseError(file, error))
    throw error
  }
  for (const warning of parsed.warnings) {
    io.err(`${file}: warning: ${warning.path}: ${warning.problem}`)
  }
  const model = resolveModel(stringValue(args, 'model') ?? parsed.model ?? '')
  if (model.fellBack) {
    const name = JSON.stringify(model.model)
    io.err(`${file}: warning: unknown model ${name}; counting with ${DEFAULT_ENCODING}`)
  }
  return { file, messages: parsed.messages, model }
}
