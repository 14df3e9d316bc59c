import { hasByteOrderMark } from '../json-bytes'
import type { ImportNote } from './report'

/*
 * opencode's `export` once wrote its status line, `Exporting session: <id>`, to standard output
 * rather than to standard error, so `opencode export <id> > session.json` put it in the file, right
 * before the JSON (reported on Windows with opencode 1.1.48: anomalyco/opencode#12130, closed).
 * Such a file is read as the export it holds, with a note.
 */

const STATUS = 'Exporting session: '

/** The session ids opencode writes (`ses_` and letters or digits). */
const SESSION_ID = /^ses_[A-Za-z0-9]+\s*$/

/** How far into the file the JSON may start, at most: the status line is short. */
const MAX_STATUS_LENGTH = 200

/** A file's content with its export status line blanked out, and what the import says of it. */
export interface StatusLineBlanked {
  content: string | Uint8Array
  note?: ImportNote
}

/**
 * The content with a leading `Exporting session: <id>` blanked: each of its characters replaced by
 * a space, and any line break kept, so that every place in the JSON keeps its line and column. Any
 * other content is returned as it is, not copied.
 */
export function blankExportStatusLine(content: string | Uint8Array): StatusLineBlanked {
  const start = startOfText(content)
  if (!startsWithStatus(content, start)) return { content }
  const head =
    typeof content === 'string'
      ? content.slice(start, start + MAX_STATUS_LENGTH)
      : String.fromCharCode(...content.subarray(start, start + MAX_STATUS_LENGTH))
  const brace = head.indexOf('{')
  if (brace < 0 || !SESSION_ID.test(head.slice(STATUS.length, brace))) return { content }
  const id = head.slice(STATUS.length, brace).trim()
  const end = start + brace
  let blanked: string | Uint8Array
  if (typeof content === 'string') {
    blanked = content.slice(0, start) + spaces(content.slice(start, end)) + content.slice(end)
  } else {
    blanked = content.slice()
    for (let i = start; i < end; i++)
      if (blanked[i] !== 0x0a && blanked[i] !== 0x0d) blanked[i] = 0x20
  }
  return {
    content: blanked,
    note: {
      severity: 'info',
      path: 'line 1',
      problem: `opencode's status line "${STATUS}${id}" stands before the JSON (its export wrote it to standard output); left out, and the export after it read`,
    },
  }
}

/** Where the text starts: after a UTF-8 byte-order mark, if any. */
function startOfText(content: string | Uint8Array): number {
  if (typeof content === 'string') return content.charCodeAt(0) === 0xfeff ? 1 : 0
  return hasByteOrderMark(content) ? 3 : 0
}

function startsWithStatus(content: string | Uint8Array, start: number): boolean {
  if (typeof content === 'string') return content.startsWith(STATUS, start)
  if (content.length < start + STATUS.length) return false
  for (let i = 0; i < STATUS.length; i++) {
    if (content[start + i] !== STATUS.charCodeAt(i)) return false
  }
  return true
}

const spaces = (text: string) => text.replace(/[^\r\n]/g, ' ')
