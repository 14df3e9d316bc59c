import { codePoints } from './terminal-text'

/** How a column lines up: text to the left, numbers to the right. */
export type Align = 'left' | 'right'

/** Renders rows as aligned columns two spaces apart, under an optional header row. */
export function renderTable(rows: string[][], align: Align[], header?: string[]): string {
  const all = header ? [header, ...rows] : rows
  // A loop, not Math.max(...cells): spread into arguments, a million rows overflow the stack.
  const width = align.map(() => 0)
  for (const row of all) {
    for (const [c, text] of row.entries()) width[c] = Math.max(width[c], codePoints(text))
  }
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => {
        const pad = ' '.repeat(width[c] - codePoints(cell))
        return align[c] === 'right' ? pad + cell : cell + pad
      })
      .join('  ')
      .trimEnd()
  return all.map(line).join('\n') + '\n'
}
