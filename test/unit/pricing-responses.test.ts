import { describe, expect, it } from 'vitest'
import { countMessagesTokens, importConversation, requestOverhead } from '../../src/index'

// Responses API requests and the usage.input_tokens their responses reported, restated from
// agentjido/req_llm (the social-growth-studio fork) @f722d38f (test/support/fixtures/openai/…).
function estimate(body: Record<string, unknown>): number {
  const imported = importConversation(JSON.stringify(body), 'openai-responses')
  const spec = { model: String(body.model), wire: imported.wire }
  return requestOverhead(spec) + countMessagesTokens(spec, imported.messages)
}

const userItem = (text: string) => ({
  role: 'user',
  content: [{ type: 'input_text', text }],
})

describe('Responses API: what else the reports show', () => {
  it('gpt-5-chat-latest primes its reply as GPT-4 does, with 3 (reported 10)', () => {
    const body = { model: 'gpt-5-chat-latest', input: [userItem('Hello world!')] }
    expect(requestOverhead({ model: 'gpt-5-chat-latest', wire: 'openai-responses' })).toBe(3)
    expect(requestOverhead({ model: 'gpt-5-chat-latest', wire: 'openai-chat' })).toBe(3)
    // req_llm's gpt_5_chat_latest/basic.json: input_tokens 10.
    expect(estimate(body)).toBe(10)
  })
})
