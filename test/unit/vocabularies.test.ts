/**
 * The core as the renderer's workers take it (src/core.ts, without Node's bundled vocabularies):
 * counting needs its encoding's vocabulary loaded first, and a loaded one counts as tiktoken does.
 */
import { describe, expect, it } from 'vitest'
import { loadVocabulary, tokenizerFor } from '../../src/core'
import { tiktokenFor } from './helpers/tiktoken'

const text = 'Der Agent liest src/billing/total.ts — 東京の請求書 {"id":"call_7Qx"}'

describe('a vocabulary loaded when a worker needs it', () => {
  it('must be loaded before counting, and the error says which and how', () => {
    expect(() => tokenizerFor('p50k_base').count(text)).toThrow(
      'The p50k_base vocabulary is not loaded: await loadVocabulary first.',
    )
  })

  it('counts as tiktoken does once loaded, each encoding loaded once however often it is asked', async () => {
    const first = loadVocabulary('cl100k_base')
    expect(loadVocabulary('cl100k_base')).toBe(first)
    await first
    expect(tokenizerFor('cl100k_base').count(text)).toBe(
      tiktokenFor('cl100k_base').encode_ordinary(text).length,
    )
    // Loading one loads no other.
    expect(() => tokenizerFor('o200k_base').count(text)).toThrow(/o200k_base vocabulary/)
  })
})
