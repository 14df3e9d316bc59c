import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMAT_INFO } from '../../src/index'

/** The rows of the first table in docs/formats.md: `| \`id\` | label | writes |`. */
function docsTable(): string[][] {
  const text = readFileSync(resolve(import.meta.dirname, '../../docs/formats.md'), 'utf8')
  const start = text.indexOf('| id ')
  const rows: string[][] = []
  for (const line of text.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    )
  }
  return rows
}

describe('docs/formats.md', () => {
  it('lists the registry: every format, in its order, with its label and whether it writes', () => {
    expect(docsTable()).toEqual(FORMAT_INFO.map((f) => [f.id, f.label, f.canExport ? 'yes' : 'no']))
  })
})
