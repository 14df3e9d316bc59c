import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  allRows,
  byTestId,
  openConversation,
  readNumber,
  screenshot,
  setControl,
} from './harness/app'
import { useAppSession } from './harness/browser'
import {
  TRIGGER_RATIO,
  encodingFor,
  expectedBuckets,
  largestTriggeringMaxTokens,
  readFixture,
  sum,
  tiktokenCounts,
} from './harness/expected'
import { conversation } from './harness/paths'

const sample = readFixture(conversation('sample.json'))
const types = sample.messages.map((m) => m.type)
const total = sum(tiktokenCounts(sample.messages, encodingFor(sample.model)))

const buckets = async (page: Page) => (await allRows(page, types.length)).map((row) => row.bucket)
const shouldCompact = (page: Page) =>
  page.locator(byTestId('decision')).getAttribute('data-should-compact')

describe('tuning MaxTokens and KeepRecentCount', () => {
  const app = useAppSession()

  it('fires the check exactly at MaxTokens × TriggerRatio, as computed from tiktoken counts', async () => {
    const { page } = app()
    await openConversation(page, conversation('sample.json'))

    // The largest MaxTokens whose threshold the total still reaches: compaction fires…
    const firing = largestTriggeringMaxTokens(total)
    await setControl(page, 'max-tokens-input', firing)
    await expect.poll(() => shouldCompact(page)).toBe('true')
    const threshold = await readNumber(page.locator(byTestId('threshold-tokens')))
    expect(Math.abs(threshold - firing * TRIGGER_RATIO)).toBeLessThan(1)
    expect(await buckets(page)).toEqual(expectedBuckets(types))

    // …and one token more of budget puts the total below the threshold.
    await setControl(page, 'max-tokens-input', firing + 1)
    await expect.poll(() => shouldCompact(page)).toBe('false')
    expect(await buckets(page)).toEqual(expectedBuckets(types, undefined, false))
    await expect
      .poll(() => readNumber(page.locator(byTestId('threshold-tokens'))))
      .toSatisfy((shown: number) => Math.abs(shown - (firing + 1) * TRIGGER_RATIO) < 1)
    expect(await page.locator(byTestId('decision')).textContent()).toMatch(/threshold/i)
  })

  it('moves the boundary between summarised and kept messages as KeepRecentCount changes', async () => {
    const { page } = app()
    await openConversation(page, conversation('sample.json'))
    await setControl(page, 'max-tokens-input', 1000)
    await expect.poll(() => shouldCompact(page)).toBe('true')
    // Unset, KeepRecentCount is derived: a quarter of the conversation.
    expect(await buckets(page)).toEqual(expectedBuckets(types))

    for (const keep of [12, 14, 2]) {
      const expected = expectedBuckets(types, keep)
      await setControl(page, 'keep-recent-input', keep)
      await expect.poll(() => buckets(page)).toEqual(expected)
      await expect.poll(() => shouldCompact(page)).toBe('true')
    }
    // With KeepRecentCount 14 the second instructions message (index 6) fell into the tail and was
    // kept where it stands; with 2 it is back in the head and hoisted again.
    expect(expectedBuckets(types, 14)[6]).toBe('keep')
    expect(expectedBuckets(types, 2)[6]).toBe('hoisted')
    await screenshot(page, 'after-tuning')

    // Keeping all but the first message leaves only instructions in the head: nothing to condense,
    // and the decision says why in words.
    await setControl(page, 'keep-recent-input', types.length - 1)
    await expect.poll(() => shouldCompact(page)).toBe('false')
    expect(await page.locator(byTestId('decision')).textContent()).toMatch(/instructions/i)
    expect(await buckets(page)).toEqual(expectedBuckets(types, types.length - 1, false))
  })
})
