import { isObject, type Json } from './json-shape'
import type { UnwrittenWording } from './payload'

/**
 * A Claude Code attachment the log holds as its fields alone: the fields as Claude Code writes them
 * into what it sends (`text`), and the wording it puts around them, by its size (`unwritten`).
 */
export interface WordedReading {
  text: string
  unwritten: UnwrittenWording
}

/**
 * The size of each attachment's wording, in o200k_base tokens: Claude Code 2.1.88's text (its
 * `normalizeAttachmentForAPI` and the plan- and auto-mode instructions in utils/messages.ts) inside
 * its `<system-reminder>` tags (10 tokens), with the attachment's own fields left out and tool names
 * in. Measured once, by us; the wording itself is Claude Code's and is not copied here.
 * docs/formats/claude-code.md ("Attachments written as their fields") gives the table and how
 * later versions compare.
 */
const WORDING = {
  task: 104,
  /** The heading before a non-empty task list. */
  taskList: 7,
  todo: 97,
  /** The heading and brackets around a non-empty todo list. */
  todoList: 12,
  planFull: 978,
  planSparse: 67,
  planSubAgent: 201,
  planReentry: 203,
  planExit: 35,
  /** The sentence naming the plan file on leaving plan mode, when it exists. */
  planExitFile: 14,
  autoFull: 239,
  autoSparse: 34,
  autoExit: 48,
  /**
   * The auto-mode attachment of 2.1.2xx (read in the compiled 2.1.251, its attachment switch),
   * which says by flags what it sends in place of a `reminderType`: the instructions (218), and
   * the consent paragraph with `autoModeConsentFlow` (299) and the work-through-Bash paragraph
   * with `bashFirst` (75) after them; with `steerOnly` or `bypass`, that paragraph alone under a
   * line naming the mode (90, 91).
   */
  autoFlagged: 218,
  autoConsent: 299,
  autoBashFirst: 75,
  autoSteerOnly: 90,
  autoBypass: 91,
  dateChange: 34,
  skillListing: 22,
  /** A delta's heading for what it adds, and for what it takes away after it (no tags). */
  deferredAdded: 21,
  deferredRemoved: 28,
  mcpAdded: 31,
  mcpRemoved: 15,
  agentsInitial: 18,
  agentsAdded: 21,
  agentsRemoved: 10,
  agentsConcurrency: 25,
  /** Around just the tags, for a delta that only takes away. */
  tags: 10,
  editedFile: 78,
  compactFileReference: 41,
  /** The synthetic Read call and its result's heading, each in its own tags. */
  fileRead: 42,
  fileTruncated: 51,
  nestedMemory: 14,
} as const

const wording = (what: string, tokens: number, text = ''): WordedReading => ({
  text,
  unwritten: { what: `Claude Code's ${what}`, tokens },
})

/**
 * What the model was sent for an attachment the log holds as its fields alone, where its shape is
 * the one Claude Code words; undefined for any other attachment, or one whose fields are not as
 * expected (it is then read as its own text, as before).
 */
export function readWorded(attachment: Json): WordedReading | undefined {
  const path = typeof attachment.planFilePath === 'string' ? attachment.planFilePath : undefined
  switch (attachment.type) {
    case 'task_reminder': {
      const items = listOf(attachment.content, (t) =>
        isText(t.id) && isText(t.status) && isText(t.subject)
          ? `#${t.id}. [${t.status}] ${t.subject}`
          : undefined,
      )
      if (items === undefined) return undefined
      const list = items.length > 0 ? WORDING.taskList : 0
      return wording('task reminder', WORDING.task + list, items.join('\n'))
    }
    case 'todo_reminder': {
      let n = 0
      const items = listOf(attachment.content, (t) =>
        isText(t.status) && isText(t.content) ? `${++n}. [${t.status}] ${t.content}` : undefined,
      )
      if (items === undefined) return undefined
      const list = items.length > 0 ? WORDING.todoList : 0
      return wording('todo reminder', WORDING.todo + list, items.join('\n'))
    }
    case 'plan_mode':
      if (path === undefined) return undefined
      if (attachment.isSubAgent === true) {
        return wording('plan-mode instructions for a subagent', WORDING.planSubAgent, path)
      }
      return attachment.reminderType === 'sparse'
        ? wording('plan-mode reminder', WORDING.planSparse, path)
        : wording('plan-mode instructions', WORDING.planFull, path)
    case 'plan_mode_reentry':
      return path === undefined
        ? undefined
        : wording('plan-mode re-entry instructions', WORDING.planReentry, path)
    case 'plan_mode_exit':
      if (attachment.planExists === true && path !== undefined) {
        return wording('plan-mode exit notice', WORDING.planExit + WORDING.planExitFile, path)
      }
      return wording('plan-mode exit notice', WORDING.planExit)
    case 'auto_mode':
      if (AUTO_FLAGS.some((flag) => typeof attachment[flag] === 'boolean'))
        return autoFlagged(attachment)
      return attachment.reminderType === 'sparse'
        ? wording('auto-mode reminder', WORDING.autoSparse)
        : wording('auto-mode instructions', WORDING.autoFull)
    case 'auto_mode_exit':
      return wording('auto-mode exit notice', WORDING.autoExit)
    case 'date_change':
      return isText(attachment.newDate)
        ? wording('date-change notice', WORDING.dateChange, attachment.newDate)
        : undefined
    case 'skill_listing':
      return isText(attachment.content) && attachment.content !== ''
        ? wording('skill listing', WORDING.skillListing, attachment.content)
        : undefined
    case 'deferred_tools_delta':
      return delta(
        'deferred tools',
        [attachment.addedLines, WORDING.deferredAdded],
        [attachment.removedNames, WORDING.deferredRemoved],
      )
    case 'mcp_instructions_delta':
      return delta(
        'MCP servers’ instructions',
        [attachment.addedBlocks, WORDING.mcpAdded, '\n\n'],
        [attachment.removedNames, WORDING.mcpRemoved],
      )
    case 'agent_listing_delta': {
      const removed = Array.isArray(attachment.removedTypes)
        ? attachment.removedTypes.map((t) => (isText(t) ? `- ${t}` : t))
        : attachment.removedTypes
      const initial = attachment.isInitial === true
      const read = delta(
        'agent listing',
        [attachment.addedLines, initial ? WORDING.agentsInitial : WORDING.agentsAdded],
        [removed, WORDING.agentsRemoved],
      )
      if (read && initial && attachment.showConcurrencyNote === true) {
        read.unwritten.tokens += WORDING.agentsConcurrency
      }
      return read
    }
    case 'edited_text_file':
      return isText(attachment.filename) && isText(attachment.snippet)
        ? wording(
            'note of a file changed outside it',
            WORDING.editedFile,
            `${attachment.filename}\n${attachment.snippet}`,
          )
        : undefined
    case 'compact_file_reference':
      return isText(attachment.filename)
        ? wording(
            'note of a file too large to restore',
            WORDING.compactFileReference,
            attachment.filename,
          )
        : undefined
    case 'file':
      return fileRead(attachment)
    case 'nested_memory': {
      const memory = attachment.content
      return isObject(memory) && isText(memory.path) && isText(memory.content)
        ? wording('memory file', WORDING.nestedMemory, `${memory.path}\n\n${memory.content}`)
        : undefined
    }
    default:
      return undefined
  }
}

/**
 * A delta of a list (tools, servers' instructions, agents): what it adds under one heading, what
 * it takes away under another, the two a blank line apart. Each part is `[list, heading tokens,
 * joiner]`; undefined when a list is not a list of texts.
 */
function delta(
  what: string,
  added: [unknown, number, string?],
  removed: [unknown, number],
): WordedReading | undefined {
  const parts: string[] = []
  let tokens = 0
  let tagged = false
  for (const [list, heading, joiner] of [added, removed]) {
    if (list === undefined) continue
    if (!Array.isArray(list) || !list.every(isText)) return undefined
    if (list.length === 0) continue
    parts.push(list.join(joiner ?? '\n'))
    tokens += heading
    // The added part's heading was measured with the tags; the removed part's without.
    tagged ||= list === added[0]
  }
  if (parts.length === 0) return undefined
  if (!tagged) tokens += WORDING.tags
  return wording(`${what} changed`, tokens, parts.join('\n\n'))
}

/**
 * A file Claude Code attached (an @-mention, a file restored after a compaction): sent as a
 * synthetic Read call and its result, the file's lines numbered as the Read tool numbers them
 * (`addLineNumbers`, utils/file.ts: the line's number, a tab, the line, as from 2.1.87; the files
 * that hold attachments are 2.1.97 and later). The path and the numbered lines are the text.
 */
function fileRead(attachment: Json): WordedReading | undefined {
  const content = attachment.content
  const file = isObject(content) && content.type === 'text' ? content.file : undefined
  if (!isObject(file) || !isText(file.content) || file.content === '') return undefined
  if (!isText(attachment.filename)) return undefined
  const start = typeof file.startLine === 'number' && file.startLine >= 1 ? file.startLine : 1
  const numbered = file.content
    .split(/\r?\n/)
    .map((line, i) => `${start + i}\t${line}`)
    .join('\n')
  const tokens = WORDING.fileRead + (attachment.truncated === true ? WORDING.fileTruncated : 0)
  return wording('Read of a file it attached', tokens, `${attachment.filename}\n${numbered}`)
}

const isText = (v: unknown): v is string => typeof v === 'string'

/** Each item of a list as `line` renders it; undefined when it is not a list of such items. */
function listOf(value: unknown, line: (item: Json) => string | undefined): string[] | undefined {
  if (!Array.isArray(value)) return undefined
  const out: string[] = []
  for (const item of value) {
    const text = isObject(item) ? line(item) : undefined
    if (text === undefined) return undefined
    out.push(text)
  }
  return out
}

/** The flags of 2.1.2xx's auto-mode attachment, which replace its `reminderType`. */
const AUTO_FLAGS = ['steerOnly', 'bypass', 'bashFirst', 'autoModeConsentFlow'] as const

/** 2.1.2xx's auto-mode attachment, by its flags (WORDING.autoFlagged and the four after it). */
function autoFlagged(attachment: Json): WordedReading {
  if (attachment.bypass === true) return wording('bypass-mode note', WORDING.autoBypass)
  if (attachment.steerOnly === true) return wording('auto-mode note', WORDING.autoSteerOnly)
  const tokens =
    WORDING.autoFlagged +
    (attachment.autoModeConsentFlow === true ? WORDING.autoConsent : 0) +
    (attachment.bashFirst === true ? WORDING.autoBashFirst : 0)
  return wording('auto-mode instructions', tokens)
}
