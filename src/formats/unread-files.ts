import { formatNumber } from '../numbers'
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
  // timestamp, type, message}, and no reply. Both engines create it holding `[]`
  // (Logger.initialize; QwenLM/qwen-code 2e51eac7 the same), which only its name tells from an
  // empty conversation.
  const list = sniff.json
  if (Array.isArray(list)) {
    if (list.length > 0 ? list.every(isPromptLogEntry) : isPromptLogName(input.choice.name)) {
      const none = list.length === 0 ? ' (this one none yet)' : ''
      return `Gemini CLI's (or Qwen Code's) logs.json holds only the prompts typed${none}, not the conversation: open the session in the chats folder beside it, or a checkpoint`
    }
  }
  return opencodeStorageProblem(sniff.json)
}

/**
 * One of the files opencode kept its sessions in before its database (anomalyco/opencode
 * 062aa8c0, packages/opencode/src/storage/json-migration.ts, `run`): under `storage/`, a
 * session's record in `session/<project>/<session>.json`, each message's in
 * `message/<session>/<message>.json`, each part's in `part/<message>/<part>.json`. Told by their
 * ids, whose prefixes opencode's Identifier gives (`ses_`, `msg_`, `prt_`).
 */
function opencodeStorageProblem(json: unknown): string | undefined {
  if (!isObject(json) || typeof json.id !== 'string') return undefined
  const { id, sessionID } = json
  let what: string
  let session: string
  if (id.startsWith('ses_') && typeof json.title === 'string' && isObject(json.time)) {
    what = 'the record of a session (its title and times)'
    session = id
  } else if (typeof sessionID !== 'string' || !sessionID.startsWith('ses_')) {
    return undefined
  } else if (id.startsWith('msg_') && (json.role === 'user' || json.role === 'assistant')) {
    what = `the record of one ${json.role === 'user' ? 'prompt' : 'reply'} of a session, without its text (kept in files of its own)`
    session = sessionID
  } else if (
    id.startsWith('prt_') &&
    typeof json.messageID === 'string' &&
    typeof json.type === 'string'
  ) {
    what = "one part of a message of a session (a text, a tool's call, a step)"
    session = sessionID
  } else {
    return undefined
  }
  // Any opencode run (export too) first moves the folder into opencode.db when there is none yet
  // (packages/opencode/src/index.ts, at 037d5081).
  return `one of opencode's storage files from before its database: ${what}. Run "opencode export ${session} > session.json" for the whole session as one file, and open that; or open opencode.db, where opencode moves this storage folder the first time a version with a database runs`
}

/** Whether a file's name is that of the engines' log of prompts: logs.json, in any folder. */
const isPromptLogName = (name: string | undefined) =>
  name !== undefined && /(^|[\\/])logs\.json$/i.test(name)

const isPromptLogEntry = (e: unknown) =>
  isObject(e) &&
  typeof e.sessionId === 'string' &&
  typeof e.messageId === 'number' &&
  typeof e.message === 'string' &&
  typeof e.type === 'string'

// A Git LFS pointer (git-lfs/git-lfs, docs/spec.md, "The pointer"): a small text file that stands
// in the checkout for a large file kept on the LFS server, with
// `version https://git-lfs.github.com/spec/v1` on its first line, then `oid sha256:…` and
// `size N`. Repositories that commit agents' sessions through LFS leave this in a clone made
// without LFS.
const LFS_POINTER =
  /^version https:\/\/git-lfs\.github\.com\/spec\/v1\r?\n(?:[^\n]*\n)*?size (\d+)\s*$/

/**
 * What is wrong with a Git LFS pointer opened in place of its file, or undefined for any other
 * file. Asked only once a read has failed, whatever format was asked for: the pointer holds none.
 * Only a small file is decoded.
 */
export function gitLfsPointerProblem(input: ReadInput): string | undefined {
  const bytes = input.bytes
  let text: string
  if (bytes !== undefined) {
    if (bytes.length > 1024) return undefined
    text = new TextDecoder().decode(bytes)
  } else {
    // A live import's lines are JSON already; only text that is not JSON is looked at.
    if (!input.sniff().notJson || input.source.length > 1024) return undefined
    text = input.source
  }
  if (!text.startsWith('version https://git-lfs.github.com/spec/')) return undefined
  const size = LFS_POINTER.exec(text)?.[1]
  const kept = size === undefined ? '' : ` (${formatNumber(Number(size))} bytes)`
  return `a Git LFS pointer, not the file: its content${kept} is kept on the repository's LFS server; run "git lfs pull" in the repository, then open the file again`
}
