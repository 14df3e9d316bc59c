import { codePoints, escapeUnprintable, printable } from '../src/printable'
import type { Io } from './command'

// Cutting a cell short and making untrusted text printable are the core's rules, shared with the
// app (its row previews, and where a finding's messages are).
export { clip } from '../src/text-clip'
export { cell, codePoints, escapeUnprintable, printable } from '../src/printable'

/**
 * An Io that escapes what goes to a terminal (escapeUnprintable) and leaves what goes to a pipe or
 * a file byte for byte as the command wrote it.
 */
export function terminalSafe(io: Io): Io {
  const { out, err } = io
  return {
    ...io,
    out: io.isTTY?.out ? (text) => out(escapeUnprintable(text)) : out,
    err: io.isTTY?.err ? (line) => err(escapeUnprintable(line)) : err,
  }
}

/**
 * Prose wrapped at spaces into lines of at most `width` code points, each starting with `indent`.
 * A word longer than a line (a URL, an id) stays whole on a line of its own, so it can be copied.
 */
export function wrapText(text: string, width: number, indent: string): string[] {
  const room = Math.max(20, width - indent.length)
  const lines: string[] = []
  let line = ''
  let used = 0
  for (const word of printable(text).split(' ')) {
    const length = codePoints(word)
    if (line !== '' && used + 1 + length > room) {
      lines.push(indent + line)
      line = ''
      used = 0
    }
    line = line === '' ? word : `${line} ${word}`
    used += (used === 0 ? 0 : 1) + length
  }
  if (line !== '') lines.push(indent + line)
  return lines
}
