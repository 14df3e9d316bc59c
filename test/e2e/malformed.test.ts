import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  allRows,
  byTestId,
  openConversation,
  openFile,
  readNumber,
  screenshot,
  setControl,
} from './harness/app'
import { useAppSession } from './harness/browser'
import { conversation } from './harness/paths'

describe('opening a file that fails to parse', () => {
  const app = useAppSession()

  it('shows where the JSON breaks and leaves the open conversation as it was', async () => {
    const { page, pageErrors } = app()
    const { fixture, total } = await openConversation(page, conversation('sample.json'))
    // Tune it first, so "untouched" covers the options and the split, not only the messages.
    await setControl(page, 'max-tokens-input', 1000)
    await setControl(page, 'keep-recent-input', 8)
    const decision = page.locator(byTestId('decision'))
    await expect.poll(() => decision.getAttribute('data-should-compact')).toBe('true')
    const before = await allRows(page, fixture.messages.length)
    expect(new Set(before.map((row) => row.bucket))).toEqual(
      new Set(['hoisted', 'summarize', 'keep']),
    )

    await openFile(page, conversation('malformed.json'))
    const error = page.locator(byTestId('error'))
    await error.waitFor()
    // malformed.json misses the comma after `"type": "bot"` on line 11; the parser stops at the
    // next token, `"text"`, which starts line 12 after six spaces: column 7.
    expect(await error.textContent()).toMatch(/line 12, column 7/)

    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(total)
    expect(await allRows(page, fixture.messages.length)).toEqual(before)
    expect(await decision.getAttribute('data-should-compact')).toBe('true')
    expect(await page.locator(byTestId('max-tokens-input')).inputValue()).toBe('1000')
    expect(await page.locator(byTestId('keep-recent-input')).inputValue()).toBe('8')
    expect(pageErrors).toEqual([])
    await screenshot(page, 'error')
  })

  it('says a Git LFS pointer is not the file, and how to fetch it, keeping the view', async () => {
    const { page, pageErrors } = app()
    const { total } = await openConversation(page, conversation('sample.json'))
    // What a clone made without Git LFS holds in place of a session (Git LFS's pointer format).
    const dir = await mkdtemp(join(tmpdir(), 'ci-lfs-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    const pointer = join(dir, 'session-2025-11-01.json')
    await writeFile(
      pointer,
      `version https://git-lfs.github.com/spec/v1\noid sha256:${'4d7a2146'.repeat(8)}\nsize 374464\n`,
    )
    await openFile(page, pointer)
    const error = page.locator(byTestId('error'))
    await error.waitFor()
    const text = await error.textContent()
    expect(text).toMatch(/a Git LFS pointer, not the file/)
    expect(text).toMatch(/374,464 bytes/)
    expect(text).toMatch(/git lfs pull/)
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(total)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'error-lfs-pointer')
  })

  it('names the message and the field when the JSON is valid but the shape is not', async () => {
    const { page } = app()
    const { total } = await openConversation(page, conversation('sample.json'))

    await openFile(page, conversation('bad-shape.json'))
    const error = page.locator(byTestId('error'))
    await error.waitFor()
    // bad-shape.json's second message (index 1) has no "type"; its object opens on line 7, column 3.
    const text = await error.textContent()
    expect(text).toMatch(/line 7, column 3/)
    expect(text).toMatch(/message 1\b/)
    expect(text).toMatch(/type/)
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(total)
  })
})
