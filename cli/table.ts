/** How a column lines up: text to the left, numbers to the right. */
export type Align = 'left' | 'right'

// Conversation text is untrusted: control characters (ANSI escapes) and bidi overrides could
// rewrite the terminal or disguise what a message says, so they are shown as escapes.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** Text made safe for one table cell: whitespace runs as one space, controls as \u escapes. */
export function printable(text: string): string {
  return text
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** The first `max` characters of a cell, with an ellipsis when something was cut. */
export function clip(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** Renders rows as aligned columns two spaces apart, under an optional header row. */
export function renderTable(rows: string[][], align: Align[], header?: string[]): string {
  const all = header ? [header, ...rows] : rows
  const width = align.map((_, c) => Math.max(0, ...all.map((r) => length(r[c]))))
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => {
        const pad = ' '.repeat(width[c] - length(cell))
        return align[c] === 'right' ? pad + cell : cell + pad
      })
      .join('  ')
      .trimEnd()
  return all.map(line).join('\n') + '\n'
}

const length = (text: string) => [...text].length
