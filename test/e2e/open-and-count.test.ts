import { describe, expect, it } from 'vitest'
import {
  allRows,
  byTestId,
  openConversation,
  openFile,
  readNumber,
  screenshot,
} from './harness/app'
import { useAppSession } from './harness/browser'
import { encodingFor, expectedBuckets, readFixture, sum, tiktokenCounts } from './harness/expected'
import { conversation } from './harness/paths'

const sample = readFixture(conversation('sample.json'))
const sampleCounts = tiktokenCounts(sample.messages, encodingFor(sample.model))

describe('opening a conversation', () => {
  const app = useAppSession()

  it('starts on the bundled sample: counted, over its threshold, with hoisted instructions and tool calls', async () => {
    const { page, pageErrors } = app()
    // Nothing is opened: the app shows its bundled sample, which is testdata's sample.json.
    await expect
      .poll(() => readNumber(page.locator(byTestId('total-tokens'))))
      .toBe(sum(sampleCounts))
    const rows = await allRows(page, sample.messages.length)
    expect(rows.map((row) => row.tokens)).toEqual(sampleCounts)
    expect(await page.locator(byTestId('decision')).getAttribute('data-should-compact')).toBe(
      'true',
    )
    const types = sample.messages.map((m) => m.type)
    expect(rows.map((row) => row.bucket)).toEqual(expectedBuckets(types))
    expect(rows.filter((row) => row.bucket === 'hoisted').length).toBeGreaterThan(0)
    expect(types).toContain('activity')
    expect(pageErrors).toEqual([])
    await screenshot(page, 'sample-on-open')
  })

  it('shows every message of an opened file with the token cost tiktoken gives it, and their sum', async () => {
    const { page, pageErrors } = app()
    const short = readFixture(conversation('short.json'))
    const shortCounts = tiktokenCounts(short.messages, encodingFor(short.model))
    const total = page.locator(byTestId('total-tokens'))

    // Open two files in turn, so the second is seen replacing the first.
    await openFile(page, conversation('short.json'))
    await expect.poll(() => readNumber(total)).toBe(sum(shortCounts))
    const shortRows = await allRows(page, short.messages.length)
    expect(shortRows.map((row) => row.tokens)).toEqual(shortCounts)

    await openFile(page, conversation('sample.json'))
    await expect.poll(() => readNumber(total)).toBe(sum(sampleCounts))
    const rows = await allRows(page, sample.messages.length)
    expect(rows.map((row) => row.index)).toEqual(sample.messages.map((_, i) => i))
    expect(rows.map((row) => row.tokens)).toEqual(sampleCounts)
    rows.forEach((row, i) => {
      // Each row names its message and type, so a reader can tell them apart.
      expect(row.text).toContain(sample.messages[i].id)
      expect(row.text.toLowerCase()).toContain(sample.messages[i].type)
    })
    expect(pageErrors).toEqual([])
  })
  it('re-counts every message with the encoding of the model chosen in the picker', async () => {
    const { page } = app()
    const { fixture } = await openConversation(page, conversation('sample.json'))
    // An older model, so the encoding (p50k_base) and the total both differ from the file's.
    const model = 'text-davinci-003'
    const encoding = encodingFor(model)
    const counts = tiktokenCounts(fixture.messages, encoding)

    const picker = page.locator(byTestId('model-select'))
    await picker.fill(model)
    await picker.press('Enter')
    await expect.poll(() => page.locator(byTestId('model-encoding')).textContent()).toBe(encoding)
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(sum(counts))
    await expect
      .poll(async () => (await allRows(page, counts.length)).map((row) => row.tokens))
      .toEqual(counts)
  })
})
