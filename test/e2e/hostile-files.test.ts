import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { byTestId, openConversation, openFile, readNumber, screenshot } from './harness/app'
import { useAppSession } from './harness/browser'
import { conversation } from './harness/paths'

/** Writes a hostile file of our own into a fresh directory, removed when the test ends. */
async function hostile(name: string, content: string | Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hostile-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

describe('hostile files in the app', () => {
  const app = useAppSession()

  it('refuses JSON nested 200,000 deep with its place, and keeps the conversation', async () => {
    const { page, pageErrors } = app()
    const { total } = await openConversation(page, conversation('sample.json'))
    // A message whose tool payload nests past any parser's stack: 200,000 arrays inside its text.
    const deep = `[{"type":"user","text":"hi","payload":${'['.repeat(200_000)}${']'.repeat(200_000)}}]`
    await openFile(page, await hostile('deep.json', deep))
    const error = page.locator(byTestId('error'))
    await error.waitFor()
    // `[{"type":"user","text":"hi","payload":` is 38 characters and opens 2 levels; the payload's
    // 999th `[`, at column 38 + 999, opens level 1,001. 200,000 + 2 levels in all.
    expect(await error.textContent()).toContain(
      'deep.json: line 1, column 1037: nested 200,002 levels deep; the limit is 1,000',
    )
    expect(await error.textContent()).not.toMatch(/Maximum call stack|RangeError|internal/)
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(total)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'error-deep-nesting')
  })

  it('refuses bytes that are not UTF-8 with the byte offset, line and column', async () => {
    const { page } = app()
    await openConversation(page, conversation('sample.json'))
    const text = '[\n  {"type": "user", "text": "caf'
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(text),
      0xe9,
      ...new TextEncoder().encode('"}\n]\n'),
    ])
    await openFile(page, await hostile('latin1.json', bytes))
    const error = page.locator(byTestId('error'))
    await error.waitFor()
    // Line 2 is two spaces and `{"type": "user", "text": "caf` (29 characters): 0xE9 (é in
    // Latin-1) is column 32, and byte 2 + 31 = 33 of the file (line 1 is `[` and a line feed).
    expect(await error.textContent()).toMatch(
      /latin1\.json: line 2, column 32 \(byte 33\): not UTF-8 text/,
    )
  })
})
