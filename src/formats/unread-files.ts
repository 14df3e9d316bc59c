import { isObject } from './json-shape'
import type { ReadInput } from './reader'

/**
 * Files agents write beside their conversations that hold no conversation this tool reads, named
 * when one is opened, with where the conversation is instead. Every other file that no format
 * reads gets the reason of the format it looks most like (detect.ts).
 */
export function unreadFileProblem(input: ReadInput): string | undefined {
  const sniff = input.sniff()
  if (sniff.notJson) {
    // Aider's .aider.chat.history.md (aider/io.py, append_chat_history): it opens each run with
    // this heading, prompts as `####` lines, its own output quoted with `>`.
    // The file's first text, without copying a large file to trim it.
    const start = input.source.search(/\S/)
    if (start >= 0 && input.source.startsWith('# aider chat started at', start)) {
      return "Aider's chat history (.aider.chat.history.md), a Markdown log written for people, is not read: it does not hold the requests Aider sent"
    }
    return undefined
  }
  // Gemini CLI's and Qwen Code's logs.json (packages/core/src/core/logger.ts, LogEntry, at
  // google-gemini/gemini-cli 5411f113ca): one record per prompt typed, {sessionId, messageId,
  // timestamp, type, message}, and no reply.
  const list = sniff.json
  if (Array.isArray(list) && list.length > 0 && list.every(isPromptLogEntry)) {
    return "Gemini CLI's (or Qwen Code's) logs.json holds only the prompts typed, not the conversation: open the session in the chats folder beside it, or a checkpoint"
  }
  return undefined
}

const isPromptLogEntry = (e: unknown) =>
  isObject(e) &&
  typeof e.sessionId === 'string' &&
  typeof e.messageId === 'number' &&
  typeof e.message === 'string' &&
  typeof e.type === 'string'
