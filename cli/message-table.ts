import {
  formatNumber,
  plural,
  thinkingRuleNote,
  previewSource,
  type CountingMethod,
  type CountingSpec,
  type FormatId,
  type Message,
} from '../src/index'
import type { CountingModel } from './load'
import { renderTable, type Align } from './table'
import { cell } from './terminal-text'

/** The columns check and tokens share: index, id, type, tokens. */
const MESSAGE_COLUMNS: { header: string[]; align: Align[] } = {
  header: ['index', 'id', 'type', 'tokens'],
  align: ['right', 'left', 'left', 'right'],
}

// Wide enough to recognise a message, narrow enough to keep a row on one line.
const ID_WIDTH = 32
const PREVIEW_WIDTH = 48

/** Each message's shared cells, and a one-line preview of its text (or payload) for a last column. */
function messageRows(
  messages: readonly Message[],
  counts: readonly number[],
): { cells: string[]; preview: string }[] {
  return messages.map((m, i) => ({
    cells: [
      String(i),
      m.id ? cell(m.id, ID_WIDTH) : '-',
      cell(m.type, ID_WIDTH),
      formatNumber(counts[i]),
    ],
    preview: cell(previewSource(m), PREVIEW_WIDTH),
  }))
}

/**
 * The table of messages check and tokens print: the shared columns, then each message's bucket
 * where one is given, then its preview. A file with no message gets a line that says so instead.
 */
export function messageTable(
  format: FormatId,
  messages: readonly Message[],
  counts: readonly number[],
  buckets?: readonly string[],
): string {
  if (messages.length === 0) return noMessagesLine(format)
  const rows = messageRows(messages, counts).map((row, i) =>
    buckets ? [...row.cells, buckets[i], row.preview] : [...row.cells, row.preview],
  )
  const align: Align[] = [...MESSAGE_COLUMNS.align, ...(buckets ? ['left' as const] : []), 'left']
  const header = [...MESSAGE_COLUMNS.header, ...(buckets ? ['bucket'] : []), 'text']
  return renderTable(rows, align, header)
}

/**
 * What check and tokens print in place of a table with no rows: that the file holds no message, and
 * for a log, where to see what the import read instead (its session metadata, its notices).
 */
function noMessagesLine(format: FormatId): string {
  return format === 'native'
    ? '(no messages: the file holds an empty conversation)\n'
    : '(no messages: nothing in the file is a message of the conversation; --verbose lists what the import read instead)\n'
}

/** A report's first line: the file, how many messages it holds, and the model counts use. */
export function loadedLine(file: string, messageCount: number, model: CountingModel): string {
  return `${file}: ${plural(messageCount, 'message')}, ${describeModel(model)}`
}

/** The model and encoding counts use, as words for a report's first line. */
export function describeModel(model: CountingModel): string {
  if (model.model === '') return `no model named, encoding ${model.encoding}`
  if (model.fellBack) return `unknown model ${model.model}, default encoding ${model.encoding}`
  return `model ${model.model}, encoding ${model.encoding}`
}

/** How the counts were made, as the app says it: `counted with Anthropic Claude: approximate: …`. */
export function describeMethod(counting: CountingMethod, spec: CountingSpec): string {
  const rule = thinkingRuleNote({ wire: 'native', ...spec })
  return `counted with ${counting.familyLabel}: ${counting.method}` + (rule ? `\n${rule}` : '')
}
