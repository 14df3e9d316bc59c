import { isObject, pathString, type Json, type JsonPath } from './json-shape'
import type { NoteList } from './report'
import { lastModel } from './cline-session'
import type { Builder } from './continue-items'

/*
 * The log Continue keeps of each request on the history item that answered it (`promptLogs`,
 * PromptLog in core/index.d.ts of continuedev/continue): `modelTitle`, `modelProvider`, `prompt`
 * and `completion`, and from 4160ca6b (May 2024) to 00985d3a (August 2025) `completionOptions`,
 * whose `model` is the model id the request named. `modelTitle` is the title the user gave the
 * model in Continue's configuration (the id only where none was given), not an id.
 *
 * `prompt` is the request as core/llm/index.ts (BaseLLM.streamChat) rendered it: with a chat
 * template Continue applies itself (autodetectTemplateFunction in core/llm/autodetect.ts), the
 * template's text, sent as one text; otherwise Continue's own rendering of the messages it sent
 * (_formatChatMessages): each one `<role>\n`, its text, and a blank line. Only that one is read,
 * and only where its end can be told. See docs/formats/continue.md.
 */

/** What the prompt logs give the import. */
export interface PromptLogReading {
  /** The model id the latest request that named one named. */
  model?: string
  /**
   * The system message of the latest logged request, '' where it had none; undefined where it
   * could not be read.
   */
  system?: string
}

interface Logged {
  item: number
  index: number
  log: Json
}

const SYSTEM_OPENER = '<system>\n'
// constructMessages (gui/src/redux/util/constructMessages.ts) appends the summary in effect so.
const SUMMARY_LABEL = 'Previous conversation summary:\n\n '

/** Reads the model, and for the IDE the latest request's system message, from the prompt logs. */
export function readPromptLogs(
  history: readonly unknown[],
  builder: Builder,
  notes: NoteList,
): PromptLogReading {
  const logs: Logged[] = []
  history.forEach((item, k) => {
    if (!isObject(item) || !Array.isArray(item.promptLogs)) return
    item.promptLogs.forEach((log: unknown, i) => {
      if (isObject(log)) logs.push({ item: k, index: i, log })
    })
  })
  const latest = logs.at(-1)
  if (latest === undefined) return {}
  const model = modelOf(logs, notes)
  const system = builder === 'ide' ? systemOf(history, latest, notes) : undefined
  return {
    ...(model !== undefined ? { model } : {}),
    ...(system !== undefined ? { system } : {}),
  }
}

const placeOf = (l: Logged, ...steps: JsonPath) =>
  pathString(['history', l.item, 'promptLogs', l.index, ...steps])

function modelOf(logs: readonly Logged[], notes: NoteList): string | undefined {
  const named: (Logged & { model: string })[] = []
  for (const l of logs) {
    const options = l.log.completionOptions
    if (isObject(options) && typeof options.model === 'string' && options.model.trim() !== '')
      named.push({ ...l, model: options.model })
  }
  const last = named.at(-1)
  if (last === undefined) {
    const titled = logs.findLast((l) => typeof l.log.modelTitle === 'string')
    if (titled) {
      notes.info(
        placeOf(titled, 'modelTitle'),
        "the title the model has in the user's Continue configuration, not a model id: no model read",
      )
    }
    return undefined
  }
  notes.info(
    placeOf(last, 'completionOptions', 'model'),
    "the model the latest logged request named; read as the file's model",
  )
  return lastModel(
    named.map((n) => n.model),
    'session',
    notes,
  )
}

/**
 * The latest logged request's system message, where Continue rendered the request itself and the
 * message after the system message is the first the history sends: then where the system message
 * ends is certain. The summary in effect, which the import holds as a message of its own, is taken
 * off its end.
 */
function systemOf(
  history: readonly unknown[],
  latest: Logged,
  notes: NoteList,
): string | undefined {
  const prompt = latest.log.prompt
  if (typeof prompt !== 'string') return undefined
  const at = placeOf(latest, 'prompt')
  const first = firstSent(history, latest.item)
  const opener = first ? `<user>\n${first.text}` : undefined
  if (opener !== undefined && prompt.startsWith(opener)) {
    notes.info(
      at,
      'the latest request as Continue logged it: it opened with the first message, so it had no system message',
    )
    return ''
  }
  const end =
    opener !== undefined && prompt.startsWith(SYSTEM_OPENER)
      ? prompt.indexOf(`\n\n${opener}`, SYSTEM_OPENER.length)
      : -1
  if (end === -1) {
    notes.info(
      at,
      prompt.startsWith(SYSTEM_OPENER)
        ? "the latest request as Continue logged it, with its system message; not read: the first message after it is not the user's first message of the history (Continue cut it to fit, or the history opens with a reply), so where the system message ends cannot be told"
        : "the latest request as a model's chat template wrote it, sent as one text; its system message not read: where it ends depends on the template",
    )
    return undefined
  }
  let system = prompt.slice(SYSTEM_OPENER.length, end)
  if (first?.summary !== undefined) {
    const appended = `${SUMMARY_LABEL}${first.summary}`
    if (system === appended) system = ''
    else if (system.endsWith(`\n\n${appended}`)) system = system.slice(0, -`\n\n${appended}`.length)
  }
  notes.info(
    at,
    "the latest request as Continue logged it: its system message is read as the instructions (less the conversation summary in it, loaded as a message of its own); the messages after it are the history's, read from there",
  )
  return system
}

/**
 * The start of the first message the extension sent for the reply at `reply`: the latest summary
 * before it and the items after that, less system, tool and empty messages (constructMessages); a
 * user message's attached context first. Undefined unless that message is the user's.
 */
function firstSent(
  history: readonly unknown[],
  reply: number,
): { text: string; summary?: string } | undefined {
  let from = 0
  let summary: string | undefined
  for (let k = reply - 1; k >= 0; k--) {
    const item = history[k]
    if (
      isObject(item) &&
      typeof item.conversationSummary === 'string' &&
      item.conversationSummary
    ) {
      from = k + 1
      summary = item.conversationSummary
      break
    }
  }
  for (let k = from; k < reply; k++) {
    const item = history[k]
    if (!isObject(item) || !isObject(item.message)) return undefined
    const { role, content } = item.message
    if (role === 'system' || role === 'tool') continue
    if (
      typeof content === 'string' &&
      content.trim() === '' &&
      item.message.toolCalls === undefined
    )
      continue
    if (role !== 'user') return undefined
    const contexts = Array.isArray(item.contextItems) ? item.contextItems : []
    const context = contexts.find(
      (c: unknown) => isObject(c) && typeof c.content === 'string' && c.content.trim() !== '',
    ) as Json | undefined
    const text =
      context !== undefined
        ? `${context.content as string}\n`
        : typeof content === 'string'
          ? content
          : firstText(content)
    if (text === undefined || text.trim() === '') return undefined
    return { text, ...(summary !== undefined ? { summary } : {}) }
  }
  return undefined
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined
  const part = content.find((p: unknown) => isObject(p) && p.type === 'text')
  return isObject(part) && typeof part.text === 'string' ? part.text : undefined
}
