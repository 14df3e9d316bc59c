import { describe, expect, it } from 'vitest'
import tiktokenModels from 'tiktoken/model_to_encoding.json'
import { resolveModel } from '../../src'

// OpenAI's tiktoken is the reference for which vocabulary a model name uses: every name in its
// table must resolve to the same encoding here, and never count as an unknown model.
describe('model names resolve to the encoding OpenAI’s tiktoken gives them', () => {
  const table = Object.entries(tiktokenModels as Record<string, string>)

  it.each(table)('%s → %s', (model, encoding) => {
    expect(resolveModel(model)).toEqual({ model, encoding, fellBack: false })
  })

  it('falls back to o200k_base for a name neither table knows, and says so', () => {
    expect(resolveModel('my-finetune-v3')).toEqual({
      model: 'my-finetune-v3',
      encoding: 'o200k_base',
      fellBack: true,
    })
  })
})
