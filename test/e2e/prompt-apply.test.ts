import { describe, expect, it } from 'vitest'
import {
  allRows,
  byTestId,
  openConversation,
  readClipboard,
  readNumber,
  screenshot,
  setControl,
  showTab,
} from './harness/app'
import { useAppSession } from './harness/browser'
import { encodingFor, expectedBuckets, readFixture, sum, tiktokenCounts } from './harness/expected'
import { conversation } from './harness/paths'

const sample = readFixture(conversation('sample.json'))
const encoding = encodingFor(sample.model)
const counts = tiktokenCounts(sample.messages, encoding)
const buckets = expectedBuckets(sample.messages.map((m) => m.type))
const indicesIn = (bucket: string) => buckets.flatMap((b, i) => (b === bucket ? [i] : []))

const SUMMARY = [
  'Summary of the due-date fix so far.',
  '## Discussed',
  'Invoice INV-2024-00917 (issue #482) fell due one day early for Berlin customers.',
  '## Accomplished',
  'dueDate now takes a timeZone; commit 3f9c2a1e8b7d4c60a5e2f1b09d8c7e6a5b4c3d21 on fix/482-due-date-timezone — 7 tests pass ✓',
].join('\n')

describe('the summary prompt and applying a summary', () => {
  const app = useAppSession()

  it('copies the exact prompt, then applies a pasted summary: instructions, summary, tail', async () => {
    const { page, pageErrors } = app()
    await openConversation(page, conversation('sample.json'))
    await setControl(page, 'max-tokens-input', 1000)
    await expect
      .poll(() => page.locator(byTestId('decision')).getAttribute('data-should-compact'))
      .toBe('true')
    expect((await allRows(page, counts.length)).map((row) => row.bucket)).toEqual(buckets)

    // Copy: the clipboard holds exactly what the preview shows.
    await showTab(page, 'prompt')
    const preview = page.locator(byTestId('summary-prompt'))
    await page.locator(byTestId('copy-prompt')).click()
    await expect.poll(() => readClipboard(page)).toBe(await preview.textContent())
    const prompt = await readClipboard(page)

    // Only the head's conversational messages reach the prompt; instructions, reasoning, tool
    // activity and the kept tail never do.
    sample.messages.forEach((m, i) => {
      const reaches = buckets[i] === 'summarize' && ['user', 'bot', 'context'].includes(m.type)
      if (reaches) expect(prompt, `message ${i} (${m.id})`).toContain(m.text)
      else expect(prompt, `message ${i} (${m.id})`).not.toContain(m.text)
    })
    // Scroll the preview past the fixed preamble, to where the head's messages begin.
    await preview.evaluate((element) => {
      const text = element.firstChild
      const at = element.textContent?.indexOf('<conversation>') ?? -1
      if (!text || at < 0) return
      const range = document.createRange()
      range.setStart(text, at)
      element.scrollTop += range.getBoundingClientRect().top - element.getBoundingClientRect().top
    })
    // The prompt's size comes from the reading worker, which loads the model's vocabulary when it
    // is first asked: the picture shows it once it is in.
    await expect
      .poll(() => page.locator(byTestId('prompt-tokens')).textContent())
      .toMatch(/^[\d,]+ tokens with o200k_base/)
    await screenshot(page, 'summary-prompt')

    // Paste a summary and apply it.
    await showTab(page, 'summary')
    await page.locator(byTestId('summary-input')).fill(SUMMARY)
    await page.locator(byTestId('apply-summary')).click()
    const hoisted = indicesIn('hoisted')
    const tail = indicesIn('keep')
    const applied = page.locator(byTestId('applied-row'))
    await expect.poll(() => applied.count()).toBe(hoisted.length + 1 + tail.length)

    // Instructions first, in their order, then the summary, then the tail.
    const texts = await applied.allTextContents()
    const order = [...hoisted, 'summary' as const, ...tail]
    order.forEach((source, position) => {
      const shown = texts[position]
      if (source === 'summary') expect(shown).toContain('Summary of the due-date fix so far.')
      else expect(shown, `applied row ${position}`).toContain(sample.messages[source].id)
    })

    const summaryCost = tiktokenCounts([{ type: 'context', text: SUMMARY }], encoding)[0]
    const appliedTotal =
      sum(hoisted.map((i) => counts[i])) + summaryCost + sum(tail.map((i) => counts[i]))
    expect(await readNumber(page.locator(byTestId('applied-total-tokens')))).toBe(appliedTotal)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'applied', applied.last())
  })
})
