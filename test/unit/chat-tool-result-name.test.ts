import { describe, expect, it } from 'vitest'
import { countMessagesTokens, importConversation, requestOverhead } from '../../src/index'
import { tiktokenFor } from './helpers/tiktoken'

// A Chat Completions request of our own, in the API's shape: one call, its result carrying the
// function's `name` (as clients such as ruby-openai and raix send it).
const body = (model: string, name?: string) => ({
  model,
  messages: [
    { role: 'user', content: 'What is the weather in Lisbon?' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Lisbon"}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', ...(name ? { name } : {}), content: 'Sunny, 21 °C' },
  ],
})

function estimate(request: Record<string, unknown>): number {
  const imported = importConversation(JSON.stringify(request), 'openai')
  const spec = { model: String(request.model), wire: imported.wire }
  return requestOverhead(spec) + countMessagesTokens(spec, imported.messages)
}

describe("Chat Completions: a tool result's name", () => {
  it('costs nothing on GPT-4o and later, as recorded requests bill it (docs/tokens.md)', () => {
    for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-nano']) {
      expect(estimate(body(model, 'get_weather'))).toBe(estimate(body(model)))
    }
  })

  it("costs its tokens and the cookbook's 1 a name on GPT-3.5 Turbo and GPT-4", () => {
    const name = tiktokenFor('cl100k_base').encode('get_weather').length
    for (const model of ['gpt-3.5-turbo', 'gpt-4']) {
      expect(estimate(body(model, 'get_weather')) - estimate(body(model))).toBe(name + 1)
    }
  })
})
