import { describe, expect, it } from 'vitest'
import {
  applySummary,
  exportConversation,
  exportConversationWithReport,
  importConversation,
  type Message,
} from '../../src/index'
import { fixture } from './formats-fixtures'

const native = importConversation(fixture('native.json'))

describe('export to OpenAI Chat Completions', () => {
  it('writes system first, then the summary as a user message, and folds stray payloads into text', () => {
    const { text, report } = exportConversationWithReport(native.messages, 'openai', {
      model: 'gpt-4o',
    })
    expect(JSON.parse(text)).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are a release-notes writer.' },
        { role: 'user', content: 'Earlier: the user wants short, bulleted notes.' },
        { role: 'user', content: 'Summarise the changes in v2.3 — in Español too, por favor.' },
        // An activity that answers no tool call goes in as text + payload, so it costs the same.
        {
          role: 'user',
          content: 'git log v2.2..v2.3a1f3 Add CSV export\n9c2e Fix crash on empty file',
        },
        {
          role: 'assistant',
          content:
            '- CSV export ✨\n- Fixed: crash on an empty file\n\n- Exportación CSV\n- Corregido: fallo con un archivo vacío',
        },
      ],
    })
    expect(report).toEqual([
      {
        severity: 'info',
        path: 'messages[3]',
        problem: 'summary moved to right after the system prompt',
      },
      {
        severity: 'info',
        path: 'messages[3]',
        problem: 'summary written as a user message; Chat Completions has no place for its meta',
      },
      {
        severity: 'info',
        path: 'messages[*].id',
        problem: 'Chat Completions messages have no id; not written',
        count: 4,
      },
      {
        severity: 'warning',
        path: 'messages[2]',
        problem: 'activity answers no tool call just before it; written as a user message',
      },
    ])
  })

  it('drops reasoning with a warning, and says when no model is named', () => {
    const messages: Message[] = [
      { type: 'user', text: 'Quick question.' },
      { type: 'reasoning', text: 'Think it over.' },
      { type: 'bot', text: 'Answer.' },
    ]
    const { text, report } = exportConversationWithReport(messages, 'openai')
    expect(JSON.parse(text)).toEqual({
      messages: [
        { role: 'user', content: 'Quick question.' },
        { role: 'assistant', content: 'Answer.' },
      ],
    })
    expect(report).toEqual([
      {
        severity: 'warning',
        path: 'messages[1]',
        problem: 'Chat Completions has no place for reasoning; not written',
      },
      { severity: 'warning', path: 'model', problem: 'no model named; add one before sending' },
    ])
  })

  it('warns about a tool call left without its result', () => {
    const { openai } = importOpenAIWithoutLastResult()
    expect(openai.report).toContainEqual({
      severity: 'warning',
      path: 'messages[3].payload.tool_calls[1]',
      problem: 'tool call "call_ht_02" has no result right after it; OpenAI rejects such a request',
    })
  })
})

describe('export to Anthropic Messages', () => {
  it('writes system, max_tokens and the summary as the first user message', () => {
    const text = exportConversation(native.messages, 'anthropic', {
      model: 'claude-sonnet-4-5',
      maxTokens: 1024,
    })
    expect(JSON.parse(text)).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: 'You are a release-notes writer.',
      messages: [
        { role: 'user', content: 'Earlier: the user wants short, bulleted notes.' },
        { role: 'user', content: 'Summarise the changes in v2.3 — in Español too, por favor.' },
        {
          role: 'user',
          content: 'git log v2.2..v2.3a1f3 Add CSV export\n9c2e Fix crash on empty file',
        },
        {
          role: 'assistant',
          content:
            '- CSV export ✨\n- Fixed: crash on an empty file\n\n- Exportación CSV\n- Corregido: fallo con un archivo vacío',
        },
      ],
    })
  })

  it('drops reasoning it cannot sign, and converts OpenAI function tools', () => {
    const messages: Message[] = [
      {
        type: 'instructions',
        text: '',
        payload: JSON.stringify({
          tools: [
            {
              type: 'function',
              function: { name: 'f', parameters: { type: 'object' }, strict: true },
            },
          ],
        }),
      },
      { type: 'user', text: 'Go.' },
      { type: 'reasoning', text: 'Unsigned thought.' },
      { type: 'bot', text: 'Done.' },
    ]
    const { text, report } = exportConversationWithReport(messages, 'anthropic', { model: 'm' })
    expect(JSON.parse(text)).toEqual({
      model: 'm',
      max_tokens: 4096,
      tools: [{ name: 'f', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'Go.' },
        { role: 'assistant', content: 'Done.' },
      ],
    })
    expect(report).toEqual([
      {
        severity: 'warning',
        path: 'messages[2]',
        problem: 'reasoning without an Anthropic signature cannot be sent back; not written',
      },
      {
        severity: 'warning',
        path: 'tools[0].strict',
        problem: 'Anthropic Messages tools have no "strict"; not written',
      },
    ])
  })
})

describe('wording the log does not hold', () => {
  it('is not written, and the report says so, in either provider’s shape', () => {
    const messages: Message[] = [
      { type: 'user', text: 'Plan the ledger work.' },
      {
        type: 'context',
        text: '#1. [pending] Reconcile',
        payload: JSON.stringify({
          unwritten: { what: 'Claude Code’s task reminder', tokens: 104 },
        }),
      },
    ]
    for (const provider of ['anthropic', 'openai'] as const) {
      const { text, report } = exportConversationWithReport(messages, provider, { model: 'm' })
      expect(JSON.parse(text).messages.at(-1)).toEqual({
        role: 'user',
        content: '#1. [pending] Reconcile',
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[1].payload.unwritten',
        problem:
          'Claude Code’s task reminder: its wording is not in the log, so it is not written; the message is written with its own text',
      })
    }
  })
})

describe('a compacted conversation exports ready to send', () => {
  // Compact the Anthropic fixture by hand: summarise everything up to the failing test run.
  const imported = importConversation(fixture('anthropic.json'))
  const head = imported.messages.slice(3, 11)
  const tail = [...imported.messages.slice(0, 3), ...imported.messages.slice(11)]
  const compacted = applySummary(tail, 'The formatter drops a decimal; the price test fails.', head)

  it('to Anthropic: the summary opens the messages, the tail follows', () => {
    const request = JSON.parse(
      exportConversation(compacted, 'anthropic', { model: imported.model }),
    ) as { system: unknown; messages: { role: string; content: unknown }[]; tools: unknown[] }
    expect(request.system).toEqual([
      {
        type: 'text',
        text: 'You are a careful coding agent working in the repository at /srv/shop.',
      },
      { type: 'text', text: 'Always run the tests before you say a change is done.' },
    ])
    expect(request.tools).toHaveLength(2)
    expect(request.messages[0]).toEqual({
      role: 'user',
      content: 'The formatter drops a decimal; the price test fails.',
    })
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'user', 'assistant'])
  })

  it('to OpenAI: system messages, then the summary as a user message', () => {
    const request = JSON.parse(exportConversation(compacted, 'openai', { model: 'gpt-4o' })) as {
      messages: { role: string; content: unknown }[]
    }
    expect(request.messages.slice(0, 3)).toEqual([
      {
        role: 'system',
        content: 'You are a careful coding agent working in the repository at /srv/shop.',
      },
      { role: 'system', content: 'Always run the tests before you say a change is done.' },
      { role: 'user', content: 'The formatter drops a decimal; the price test fails.' },
    ])
  })
})

it('refuses a format it cannot write', () => {
  expect(() => exportConversation([], 'claude-code' as never)).toThrow(
    'cannot export to "claude-code"; expected one of native, openai, anthropic',
  )
})

function importOpenAIWithoutLastResult() {
  const file = JSON.parse(fixture('openai-chat.json')) as { messages: unknown[] }
  file.messages.splice(4, 1) // the hotel search result
  const imported = importConversation(JSON.stringify(file))
  return { openai: exportConversationWithReport(imported.messages, 'openai', { model: 'gpt-4o' }) }
}
