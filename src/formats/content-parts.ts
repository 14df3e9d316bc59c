import { ShapeError, isObject, kind, requireString, type Json, type JsonPath } from './json-shape'
import type { NoteList } from './report'
import { noteAttachment, rejectForeignType, type ContentFamily } from './vocabulary'

/** How a format reads the parts of a content list: which parts are text, and their other fields. */
export interface PartRules {
  /** Whose parts these are: another provider's part type is refused. */
  family: ContentFamily
  /** The key holding a text part's text (`text`, `refusal`); undefined for any other part. */
  textKeyOf(type: string, here: JsonPath): string | undefined
  /** Notes a text part's field other than `type` and its text key. */
  noteField(key: string, here: JsonPath): void
  /** Turns steps into the path a note shows. */
  where(steps: JsonPath): string
}

/**
 * A content string, or a list of parts as text (the text parts joined by a blank line) and the
 * other parts verbatim, each with a warning: the walk Chat Completions and Responses share.
 */
export function readTextParts(
  content: unknown,
  at: JsonPath,
  notes: NoteList,
  rules: PartRules,
): { text: string; attachments: unknown[] } {
  if (typeof content === 'string') return { text: content, attachments: [] }
  if (!Array.isArray(content)) {
    throw new ShapeError(`"content" is ${kind(content)}, not a string or a list of parts`, at)
  }
  const texts: string[] = []
  const attachments: unknown[] = []
  content.forEach((part: unknown, k) => {
    const here = [...at, k]
    if (!isObject(part)) throw new ShapeError(`part is ${kind(part)}, not an object`, here)
    const type = requireString(part, 'type', here)
    rejectForeignType(type, rules.family, here)
    const textKey = rules.textKeyOf(type, here)
    if (textKey === undefined) {
      attachments.push(part)
      noteAttachment(notes, rules.where(here), type, part)
      return
    }
    texts.push(requireString(part, textKey, here))
    for (const key of Object.keys(part as Json)) {
      if (key !== 'type' && key !== textKey) rules.noteField(key, here)
    }
  })
  return { text: texts.join('\n\n'), attachments }
}
