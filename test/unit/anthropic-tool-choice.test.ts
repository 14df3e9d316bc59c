import { describe, expect, it } from 'vitest'
import {
  countMessagesTokens,
  exportConversationWithReport,
  importConversation,
} from '../../src/index'

// Anthropic Messages API, "Tool use with Claude", Pricing: a request that offers tools carries a
// tool-use system prompt of 346 tokens with tool_choice auto or none, and 313 with any or tool, on
// Claude 4 models (docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview, read
// 2026-12-01). A request of our own, in the API's shape.
const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Get the current weather for a city.',
  input_schema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
}

const body = (toolChoice?: unknown) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  tools: [WEATHER_TOOL],
  ...(toolChoice !== undefined ? { tool_choice: toolChoice } : {}),
  messages: [{ role: 'user', content: 'What is the weather in Lisbon?' }],
})

const imported = (toolChoice?: unknown) =>
  importConversation(JSON.stringify(body(toolChoice)), 'anthropic')

function estimate(toolChoice?: unknown): number {
  const { messages } = imported(toolChoice)
  return countMessagesTokens({ model: 'claude-sonnet-4-5', wire: 'anthropic' }, messages)
}

const exported = (toolChoice: unknown, format: 'anthropic' | 'openai') =>
  JSON.parse(
    exportConversationWithReport(imported(toolChoice).messages, format, { model: 'm' }).text,
  )

describe('Anthropic: a tool_choice that forces a tool call', () => {
  it('is kept with the tools, not reported as a setting', () => {
    for (const choice of [{ type: 'tool', name: 'get_weather' }, { type: 'any' }]) {
      const { report, messages } = imported(choice)
      expect(report.map((n) => n.path)).not.toContain('tool_choice')
      expect(messages[0].payload).toContain('"tool_choice":')
    }
  })

  it('prices the shorter tool-use prompt, 313 tokens rather than 346, and not its own JSON', () => {
    expect(estimate({ type: 'tool', name: 'get_weather' }) - estimate()).toBe(313 - 346)
    expect(estimate({ type: 'any' }) - estimate({ type: 'auto' })).toBe(313 - 346)
  })

  it('goes back into an exported request: as it was to Anthropic, in Chat form to OpenAI', () => {
    const named = { type: 'tool', name: 'get_weather', disable_parallel_tool_use: true }
    expect(exported(named, 'anthropic').tool_choice).toEqual(named)
    expect(exported(named, 'openai').tool_choice).toEqual({
      type: 'function',
      function: { name: 'get_weather' },
    })
    expect(exported({ type: 'any' }, 'anthropic').tool_choice).toEqual({ type: 'any' })
    // Chat Completions' "call some tool" (API reference, Create chat completion, tool_choice).
    expect(exported({ type: 'any' }, 'openai').tool_choice).toBe('required')
  })

  it('leaves auto a setting: reported, priced as 346, and not written back', () => {
    const { report } = imported({ type: 'auto' })
    expect(report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'tool_choice' }),
    )
    expect(estimate({ type: 'auto' })).toBe(estimate())
    expect(exported({ type: 'auto' }, 'anthropic').tool_choice).toBeUndefined()
  })
})
