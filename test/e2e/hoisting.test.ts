import { describe, expect, it } from 'vitest'
import { byTestId, openConversation, scanList, setControl } from './harness/app'
import { useAppSession } from './harness/browser'
import { expectedBuckets, keptTail } from './harness/expected'
import { conversation } from './harness/paths'

describe('hoisted instructions', () => {
  const app = useAppSession()

  it('marks instructions in the head as hoisted and shows them again at the front of the kept part', async () => {
    const { page } = app()
    const { fixture } = await openConversation(page, conversation('sample.json'))
    const types = fixture.messages.map((m) => m.type)
    await setControl(page, 'max-tokens-input', 1000)
    await expect
      .poll(() => page.locator(byTestId('decision')).getAttribute('data-should-compact'))
      .toBe('true')

    const buckets = expectedBuckets(types)
    const hoisted = buckets.flatMap((b, i) => (b === 'hoisted' ? [i] : []))
    // sample.json has two instructions messages in the head: the persona and a later reminder.
    expect(hoisted).toEqual([0, 6])
    const head = types.length - keptTail(types.length)

    // Read top to bottom: the head where it was (hoisted ones marked), the boundary, the hoisted
    // instructions again, in order, then the kept tail.
    const list = await scanList(page)
    const sequence = list.map((entry) =>
      entry.testId === 'split-boundary'
        ? 'boundary'
        : entry.testId === 'hoisted-ghost'
          ? `→${entry.index}`
          : `${entry.index}:${entry.bucket}`,
    )
    expect(sequence).toEqual([
      ...buckets.slice(0, head).map((b, i) => `${i}:${b}`),
      'boundary',
      ...hoisted.map((i) => `→${i}`),
      ...buckets.slice(head).map((b, i) => `${head + i}:${b}`),
    ])
    // The copy at the front names the same message as the original.
    for (const index of hoisted) {
      const copy = list.find((e) => e.testId === 'hoisted-ghost' && e.index === index)
      expect(copy?.text).toContain(fixture.messages[index].id)
    }
  })
})
