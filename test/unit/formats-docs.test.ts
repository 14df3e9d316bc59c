import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FORMAT_INFO } from '../../src/index'

/** The rows of the first table in docs/formats.md: `| \`id\` | label | writes | mapping |`. */
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
    expect(docsTable().map((row) => row.slice(0, 3))).toEqual(
      FORMAT_INFO.map((f) => [f.id, f.label, f.canExport ? 'yes' : 'no']),
    )
  })

  it('links each format to its mapping, on this page or a page of its own that exists', () => {
    const docs = resolve(import.meta.dirname, '../../docs')
    for (const row of docsTable()) {
      const target = /\]\(([^)#]*)(#[^)]*)?\)/.exec(row[3] ?? '')
      expect(target, row[0]).not.toBeNull()
      if (target![1] !== '') expect(existsSync(resolve(docs, target![1])), row[3]).toBe(true)
    }
  })
})
