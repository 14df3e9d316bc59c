import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FINDINGS, FINDING_CODES } from '../../src/diagnose'

// The reference is the doc, written for people: each code has a row in the findings table (its
// severities in words) and a section whose heading is the code.
const doc = readFileSync(join(import.meta.dirname, '../../docs/diagnostics.md'), 'utf8')
const section = doc.slice(doc.indexOf('## The findings'), doc.indexOf('## Rules in detail'))

// GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces as hyphens.
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
const anchors = new Set([...doc.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) => slug(heading)))

// Row cells of the findings table: `| \`code\` | severity words | detail |`.
const rows = new Map(
  [...section.matchAll(/^\| `([a-z-]+)` +\| ([^|]+)\|/gm)].map(([, code, severity]) => [
    code,
    severity,
  ]),
)

describe('finding descriptors and docs/diagnostics.md', () => {
  it('every descriptor names an anchor the doc has', () => {
    const missing = FINDINGS.filter((d) => !anchors.has(d.anchor)).map((d) => d.anchor)
    expect(missing).toEqual([])
  })

  it('every code the doc lists has a descriptor, in the same order', () => {
    expect([...rows.keys()]).toEqual([...FINDING_CODES])
    const headed = [...section.matchAll(/^### `([a-z-]+)`$/gm)].map(([, code]) => code)
    expect(headed).toEqual([...FINDING_CODES])
  })

  it("each descriptor's severities are the ones its row names", () => {
    for (const d of FINDINGS) {
      const named = new Set(rows.get(d.code)?.match(/\b(error|warning|info)\b/g))
      expect([...named].sort(), d.code).toEqual([...d.severities].sort())
    }
  })

  it("each descriptor's family is the file that builds its findings", () => {
    for (const d of FINDINGS) {
      const family = readFileSync(
        join(import.meta.dirname, `../../src/diagnose/${d.family}.ts`),
        'utf8',
      )
      expect(family, d.code).toContain(`'${d.code}'`)
    }
  })
})
