import { isObject, type Json } from './json-shape'
import type { UnwrittenWording } from './payload'

/**
 * A Claude Code reminder the log holds as its fields alone: the fields as Claude Code writes them
 * into the reminder (`text`), and the wording it puts around them, by its size (`unwritten`).
 */
export interface ReminderReading {
  text: string
  unwritten: UnwrittenWording
}

/**
 * The size of each reminder's wording, in o200k_base tokens: Claude Code 2.1.88's text (its
 * `normalizeAttachmentForAPI` and the plan- and auto-mode instructions in utils/messages.ts) inside
 * its `<system-reminder>` tags, with the attachment's own fields left out and tool names in. Measured
 * once, by us; the wording itself is Claude Code's and is not copied here. docs/formats/claude-code.md
 * ("Reminders written as their fields") gives the table and how later versions compare.
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
  dateChange: 34,
} as const

const wording = (what: string, tokens: number, text = ''): ReminderReading => ({
  text,
  unwritten: { what: `Claude Code's ${what}`, tokens },
})

/**
 * What the model was sent for a reminder the log holds as its fields alone, where its shape is the
 * one Claude Code words; undefined for any other attachment, or one whose fields are not as
 * expected (it is then read as its own text, as before).
 */
export function readReminder(attachment: Json): ReminderReading | undefined {
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
      return attachment.reminderType === 'sparse'
        ? wording('auto-mode reminder', WORDING.autoSparse)
        : wording('auto-mode instructions', WORDING.autoFull)
    case 'auto_mode_exit':
      return wording('auto-mode exit notice', WORDING.autoExit)
    case 'date_change':
      return isText(attachment.newDate)
        ? wording('date-change notice', WORDING.dateChange, attachment.newDate)
        : undefined
    default:
      return undefined
  }
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
