import { describe, expect, it } from 'vitest'
import { countEachMessage, importConversation } from '../../src/index'

// A mini-swe-agent 2.x run with a reasoning model behind an OpenAI-compatible provider: each reply
// carries its reasoning text, which mini-swe-agent sends back with every later request. Whether
// the provider read it, only the reported prompts tell (docs/tokens.md, "mini-swe-agent
// reasoning the reports show was not sent").
const THOUGHT = 'The loop stops one field early, so the bound is off by one. '.repeat(30)
// 1,800 characters: 450 tokens by the characters ÷ 4 estimate.
const RESULT = 'def parse(line):\n    return line.split(",")[:-1]\n'.repeat(2)
// 100 characters: 25 tokens.

const system = { role: 'system', content: 'Fix the bug.' }
const task = { role: 'user', content: 'The parser drops the last field.' }
const reply = (n: number, prompt: number) => ({
  role: 'assistant',
  content: null,
  reasoning_content: THOUGHT,
  tool_calls: [
    {
      id: `call_${n}`,
      type: 'function',
      function: { name: 'bash', arguments: '{"command":"cat parse.py"}' },
    },
  ],
  extra: {
    response: {
      model: 'moonshotai/Kimi-K2.6',
      // 450 tokens of reasoning and 30 of call.
      usage: { prompt_tokens: prompt, completion_tokens: 480 },
    },
  },
})
const result = (n: number) => ({ role: 'tool', tool_call_id: `call_${n}`, content: RESULT })
const run = (prompts: number[]) =>
  JSON.stringify({
    info: {
      mini_version: '2.4.1',
      config: { model: { model_name: 'nebius/moonshotai/Kimi-K2.6' } },
    },
    messages: [
      system,
      task,
      reply(1, prompts[0]),
      result(1),
      reply(2, prompts[1]),
      result(2),
      reply(3, prompts[2]),
      result(3),
    ],
    trajectory_format: 'mini-swe-agent-1.1',
  })

// Reasoning not read: each request is the last one, plus the reply's 30 tokens of call, plus the
// result's 25 and a few of framing, and nothing of the 450 tokens of reasoning (growth 60, where
// half the reasoning is 225).
const unsent = importConversation(run([1200, 1260, 1320]))
// Reasoning read: each request grows by the reasoning too (growth 510).
const sent = importConversation(run([1200, 1710, 2220]))

describe('mini-swe-agent: reasoning the reports show was not sent', () => {
  it('says so, naming the first request that shows it, and prices the reasoning at 0', () => {
    expect(unsent.thinking).toBe('dropped')
    expect(unsent.report).toContainEqual({
      severity: 'info',
      path: 'messages',
      problem:
        "the provider's reported prompts show its requests held none of the replies' reasoning, though mini-swe-agent sends it back: at 2 of 2 requests after a reply that reasoned (the first at messages[4].extra.response.usage), the prompt grew by the reply and its tool results alone; reasoning is priced at 0 in every request",
    })
    const spec = { model: unsent.model ?? '', wire: unsent.wire, thinking: unsent.thinking }
    const costs = countEachMessage(spec, unsent.messages)
    const reasoning = unsent.messages.flatMap((m, i) => (m.type === 'reasoning' ? [i] : []))
    expect(reasoning).toHaveLength(3)
    expect(reasoning.map((i) => costs[i])).toEqual([0, 0, 0])
  })

  it('keeps the model’s rule where the reports show it was sent, or cannot tell', () => {
    expect(unsent.thinking).toBe('dropped')
    // Sent: each request grew by the reasoning.
    expect(sent.thinking).toBeUndefined()
    expect(sent.report.some((n) => n.problem.includes('reasoning is priced at 0'))).toBe(false)
    // No reports at all.
    const unreported = run([1200, 1260, 1320]).replaceAll(/"usage":\{[^}]*\}/g, '"usage":null')
    expect(importConversation(unreported).usage).toBeUndefined()
    expect(importConversation(unreported).thinking).toBeUndefined()
    // A few tokens of reasoning are lost in the error of the results' estimate: no verdict.
    const little = run([1200, 1260, 1320]).replaceAll(THOUGHT, 'Short.')
    expect(importConversation(little).thinking).toBeUndefined()
  })
})
