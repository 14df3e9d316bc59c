import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  describeCounting,
  listCountingModels,
  MODEL_LIMITS,
  modelLimits,
  type ModelFamily,
} from '../../src/index'

// Names as real logs and provider consoles spell them, with the family each belongs to.
const FAMILIES: [string, ModelFamily, string][] = [
  ['gpt-4o', 'openai', 'o200k_base'],
  ['gpt-4', 'openai', 'cl100k_base'],
  ['gpt-5.1-codex', 'openai', 'o200k_base'],
  ['gpt-5.1', 'openai', 'o200k_base'],
  ['gpt-5-codex', 'openai', 'o200k_base'],
  ['o4-mini', 'openai', 'o200k_base'],
  ['codex-mini-latest', 'openai', 'o200k_base'],
  ['openai/gpt-4o', 'openai', 'o200k_base'],
  ['claude-sonnet-4-5-20250929', 'anthropic', 'o200k_base'],
  ['claude-opus-4-7', 'anthropic', 'o200k_base'],
  ['claude-3-7-sonnet-latest', 'anthropic', 'o200k_base'],
  ['claude-haiku-4-5', 'anthropic', 'o200k_base'],
  ['anthropic/claude-sonnet-4.5', 'anthropic', 'o200k_base'],
  ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'anthropic', 'o200k_base'],
  ['claude-opus-4-5@20251101', 'anthropic', 'o200k_base'],
  ['gemini-3-pro-preview', 'google', 'gemma3'],
  ['gemini-2.5-flash', 'google', 'gemma3'],
  ['models/gemini-2.5-pro', 'google', 'gemma3'],
  ['gemma-4-31b-it', 'google', 'gemma3'],
  ['google/gemma-3-27b-it', 'google', 'gemma3'],
  ['llama-3.3-70b-instruct', 'llama3', 'llama3'],
  ['meta-llama/Meta-Llama-3.1-8B-Instruct', 'llama3', 'llama3'],
  ['llama3.1:8b', 'llama3', 'llama3'],
  ['qwen2.5-coder-32b-instruct', 'qwen', 'qwen2'],
  ['Qwen/Qwen3-Coder-480B-A35B-Instruct', 'qwen', 'qwen2'],
  // Qwen Code's name for the model its Qwen sign-in serves (DEFAULT_QWEN_MODEL).
  ['coder-model', 'qwen', 'qwen2'],
  ['deepseek-chat', 'deepseek', 'deepseek_v3'],
  ['deepseek/deepseek-r1', 'deepseek', 'deepseek_v3'],
]

describe('model families', () => {
  it.each(FAMILIES)('%s is %s, counted with %s, without a warning', (model, family, encoding) => {
    const counting = describeCounting(model)
    expect(counting).toMatchObject({ model, family, encoding })
    expect(counting.warning).toBeUndefined()
  })

  it('names OpenAI and the open families exact, with their vocabulary', () => {
    expect(describeCounting('gpt-4o').method).toBe('exact (o200k_base)')
    expect(describeCounting('gpt-4').method).toBe('exact (cl100k_base)')
    expect(describeCounting('deepseek-chat')).toMatchObject({
      exact: true,
      method: 'exact (deepseek_v3)',
    })
  })

  it('names Claude and Gemini approximate, in the words the app shows', () => {
    for (const model of ['claude-sonnet-4-5-20250929', 'gemini-3-pro-preview']) {
      const counting = describeCounting(model, 'anthropic')
      expect(counting.exact).toBe(false)
      expect(counting.method).toMatch(
        /^approximate: (within ±\d+% of provider counts on 90% of \d{1,3}(,\d{3})* requests|not yet measured against provider counts)$/,
      )
    }
  })

  it('states a measured error for the new Claude tokenizer, as for the older one', () => {
    // docs/tokens.md, "The new tokenizer on more people's sessions": 5,171 public requests.
    for (const model of ['claude-opus-4-7', 'claude-opus-4-8', 'claude-opus-5', 'claude-fable-5']) {
      expect(describeCounting(model, 'anthropic').method).toMatch(
        /^approximate: within ±\d+% of provider counts on 90% of \d{1,3}(,\d{3})* requests$/,
      )
    }
  })

  it('counts a calibrated family by the native rule, uncalibrated, in a native file', () => {
    // The golden corpus counts claude-3-5-sonnet in a native file as o200k_base, unscaled.
    expect(describeCounting('claude-3-5-sonnet', 'native')).toMatchObject({ factor: 1 })
  })

  it('says an unknown name is counted as a family, by its name or by the wire', () => {
    expect(describeCounting('quill-writer-9000').warning).toBe('counted as OpenAI (approximation)')
    expect(describeCounting('gpt-9-turbo').warning).toBe('counted as OpenAI (approximation)')
    expect(describeCounting('GPT-4')).toMatchObject({
      family: 'openai',
      encoding: 'o200k_base',
      warning: 'counted as OpenAI (approximation)',
    })
    expect(describeCounting('house-model', 'anthropic')).toMatchObject({
      family: 'anthropic',
      warning: 'counted as Anthropic Claude (approximation)',
    })
    expect(describeCounting('house-model', 'gemini').warning).toBe(
      'counted as Google Gemini (approximation)',
    )
    expect(describeCounting('').warning).toBeUndefined()
  })

  it('counts a file that names no model as the family its wire is spoken by', () => {
    // A Gemini CLI checkpoint names no model, yet Gemini CLI only speaks to Gemini; an Anthropic
    // request body without "model" went to Claude. Neither is OpenAI's o200k_base, exactly.
    expect(describeCounting('', 'gemini')).toMatchObject({
      family: 'google',
      exact: false,
      warning: 'counted as Google Gemini (approximation)',
    })
    expect(describeCounting('', 'anthropic')).toMatchObject({ family: 'anthropic', exact: false })
    // The wires any maker's models speak keep the default encoding, exactly, as the corpus counts.
    for (const wire of ['native', 'openai-chat', 'openai-responses'] as const) {
      expect(describeCounting('', wire)).toMatchObject({ family: 'openai', exact: true })
    }
  })

  it("does not count MiniMax or GLM as Claude for coming over Anthropic's wire", () => {
    // pi sends MiniMax-M2.1 over anthropic-messages; Claude Code reaches GLM through Zhipu's
    // Anthropic-compatible endpoint. Neither is Claude: counted as any other unknown name.
    for (const model of ['MiniMax-M2.1', 'minimax-m2.7', 'glm-5.1', 'z-ai/glm-4.7']) {
      expect(describeCounting(model, 'anthropic')).toMatchObject({
        family: 'openai',
        encoding: 'o200k_base',
        factor: 1,
        warning: 'counted as OpenAI (approximation)',
      })
    }
    // A name that says nothing of its maker is still taken for the wire's.
    expect(describeCounting('opus', 'anthropic').family).toBe('anthropic')
  })

  it("does not count Kimi as Claude for coming over Anthropic's wire", () => {
    // pi-ai's catalog sends Kimi K2.5 (`k2p5`) and `kimi-k2-thinking` of provider kimi-coding, and
    // vercel-ai-gateway's `moonshotai/kimi-k2…`, over anthropic-messages. Three pi sessions of k2p5
    // grew 1.21 – 1.40 × what their provider reported when counted as Claude, 0.99 – 1.12 as o200k.
    for (const model of ['k2p5', 'kimi-k2-thinking', 'moonshotai/kimi-k2.5', 'Kimi-K2-Turbo']) {
      expect(describeCounting(model, 'anthropic')).toMatchObject({
        family: 'openai',
        encoding: 'o200k_base',
        warning: 'counted as OpenAI (approximation)',
      })
    }
  })

  it('lists every family in the picker, and each listed name resolves without a warning', () => {
    const listed = listCountingModels()
    const families = new Set(listed.map((m) => m.family))
    expect([...families].sort()).toEqual(
      ['anthropic', 'deepseek', 'google', 'llama3', 'openai', 'qwen'].sort(),
    )
    expect(listed.filter((m) => m.warning !== undefined)).toEqual([])
  })

  it("offers every Claude, Gemini and DeepSeek model whose limits its provider's page gives", () => {
    // The limits table holds the current models real logs name (docs/engines.md, "Model limits"):
    // the picker offers each of the families without a vocabulary table of their own.
    // A dated id stands for its row (claude-sonnet-4-20250514 for claude-sonnet-4).
    const listed = new Set(listCountingModels().map((m) => modelLimits(m.model)?.model))
    const current = MODEL_LIMITS.map((m) => m.model).filter((m) =>
      /^(?:claude|gemini|deepseek)-/.test(m),
    )
    expect(current.filter((m) => !listed.has(m))).toEqual([])
  })
})

// Every file whose strings reach a user: the CLI's, the app's, and the core's messages.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

describe('no library name reaches a user', () => {
  const root = join(__dirname, '../..')
  const files = ['cli', 'renderer', 'src/diagnose', 'src/pricing', 'src/formats'].flatMap((d) =>
    sourceFiles(join(root, d)),
  )
  it.each(files.map((f) => [relative(root, f), f]))(
    '%s says "gpt-tokenizer" only in comments and imports',
    (_, file) => {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|import\b|} from )/.test(line))
        .map((line) => line.replace(/\s\/\/.*$/, ''))
        .join('\n')
      expect(code).not.toMatch(/gpt-tokenizer/i)
    },
  )
})
