import { describe, expect, it } from 'vitest'
import {
  countEachMessage,
  countSlice,
  placeSliceCounts,
  planCountSlices,
  sliceRequest,
  type Message,
} from '../../src/index'
import { generateConversation } from '../../bench/generate'

const messages = generateConversation({ seed: 3, targetBytes: 200_000 })

describe('planCountSlices', () => {
  it('covers every message once, in order, in slices of about the asked size', () => {
    const slices = planCountSlices(messages, 20_000)
    expect(slices[0].start).toBe(0)
    expect(slices[slices.length - 1].end).toBe(messages.length)
    for (let i = 1; i < slices.length; i++) expect(slices[i].start).toBe(slices[i - 1].end)
    for (const { start, end } of slices) expect(end).toBeGreaterThan(start)
    expect(slices.length).toBeGreaterThan(3)
  })

  it('gives no slices for no messages', () => {
    expect(planCountSlices([], 1000)).toEqual([])
  })
})

describe('countSlice', () => {
  it('counts slices that, put back in place, equal countEachMessage', () => {
    for (const model of ['', 'gpt-4']) {
      const all = new Array<number>(messages.length).fill(-1)
      for (const range of planCountSlices(messages, 30_000)) {
        placeSliceCounts(all, countSlice(sliceRequest(model, messages, range)))
      }
      expect(all).toEqual(countEachMessage(model, messages))
    }
  })

  it('sends only text and payload', () => {
    const message: Message = { id: 'a', type: 'activity', text: 't', payload: 'p' }
    const request = sliceRequest('', [message], { start: 0, end: 1 })
    expect(request).toEqual({
      spec: { model: '', wire: 'native', thinking: 'model' },
      start: 0,
      messages: [{ text: 't', payload: 'p' }],
    })
  })

  it('sends a tool result’s type where its family prices tool results apart', () => {
    // Claude before Opus 4.7 prices a tool result at 1.175 and the rest at 1.14 (calibration.ts).
    const result: Message = { id: 'a', type: 'activity', text: '', payload: 'p' }
    const spec = { model: 'claude-sonnet-4-5', wire: 'anthropic' as const }
    const request = sliceRequest(spec, [result], { start: 0, end: 1 })
    expect(request.messages).toEqual([{ text: '', payload: 'p', type: 'activity' }])
    expect([...countSlice(request).counts]).toEqual(countEachMessage(spec, [result]))
  })
})
