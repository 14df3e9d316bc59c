import { describe, expect, it } from 'vitest'
import { importConversation } from '../../src/index'

/*
 * Our own small sessions as Continue's IDE extension wrote them from May 2024 to August 2025: each
 * reply's history item has `promptLogs`, [{modelTitle, prompt, completion, completionOptions}]
 * (PromptLog, core/index.d.ts of continuedev/continue from 4160ca6b to 00985d3a). Its `prompt`
 * is the request as core/llm/index.ts rendered it: Continue's own rendering is each message as
 * `<role>\n`, its text and a blank line; a model's chat template gives the template's text.
 */

const RULES = '<important_rules>\n  Answer in French.\n</important_rules>'

interface Log {
  modelTitle?: string
  completionOptions?: { model: string }
  prompt: string
}

function session(history: unknown[]): string {
  return JSON.stringify({ sessionId: 's1', title: 'Dates', workspaceDirectory: '/w', history })
}

const user = (content: unknown, contextItems: unknown[] = []) => ({
  message: { role: 'user', content },
  contextItems,
})

const reply = (content: string, promptLogs: Log[], extra: Record<string, unknown> = {}) => ({
  message: { role: 'assistant', content, ...extra },
  contextItems: [],
  promptLogs: promptLogs.map((log) => ({ completion: content, ...log })),
})

const infoAt = (read: ReturnType<typeof importConversation>, path: string) =>
  read.report.filter((n) => n.severity === 'info' && n.path === path)

describe('Continue session prompt logs', () => {
  it("takes the model the logged request named, not the model's title", () => {
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        reply('Le 3 avril.', [
          {
            // The title is the user's name for the model, and here names another one.
            modelTitle: 'OpenAI GPT-4o',
            completionOptions: { model: 'qwen/qwen3-235b-a22b' },
            prompt: `<system>\n${RULES}\n\n<user>\nParse 03/04/2026.\n\n`,
          },
        ]),
      ]),
    )
    expect(read.model).toBe('qwen/qwen3-235b-a22b')
    expect(infoAt(read, 'history[1].promptLogs[0].completionOptions.model')).toHaveLength(1)
  })

  it('takes the latest model a request named, and says the session used two', () => {
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        reply('Le 3 avril.', [
          { completionOptions: { model: 'gemma3:12b' }, prompt: '<user>\nParse 03/04/2026.\n\n' },
        ]),
        user('And 29/02/2028?'),
        reply('Le 29 février.', [
          {
            completionOptions: { model: 'qwen2.5:14b' },
            prompt: '<user>\nParse 03/04/2026.\n\n<assistant>\nLe 3 avril.\n\n',
          },
        ]),
      ]),
    )
    expect(read.model).toBe('qwen2.5:14b')
    expect(infoAt(read, '').map((n) => n.problem)).toContainEqual(
      expect.stringMatching(/2 models \(gemma3:12b, qwen2\.5:14b\)/),
    )
  })

  it("names no model where the log has only the model's title", () => {
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        reply('Le 3 avril.', [
          { modelTitle: 'My local model', prompt: '<user>\nParse 03/04/2026.\n\n' },
        ]),
      ]),
    )
    expect(read.model).toBeUndefined()
    expect(infoAt(read, 'history[1].promptLogs[0].modelTitle')).toHaveLength(1)
  })

  it("reads the system message of Continue's own rendering as the instructions", () => {
    const file = { content: '```dates.py\ndef parse(s): ...\n```', name: 'dates.py' }
    const read = importConversation(
      session([
        user('Parse 03/04/2026.', [file]),
        reply(
          'Le 3 avril.',
          [
            {
              completionOptions: { model: 'gemma3:12b' },
              // The attached file comes first in the user's message, then the prompt.
              prompt: `<system>\n${RULES}\n\n<user>\n${file.content}\n\nParse 03/04/2026.\n\n`,
            },
          ],
          { usage: { prompt_tokens: 120, completion_tokens: 6 } },
        ),
      ]),
    )
    expect(read.messages.map((m) => m.type)).toEqual(['instructions', 'user', 'bot'])
    expect(read.messages[0].text).toBe(RULES)
    expect(read.systemPromptUnrecorded).toBeUndefined()
    // The reply's reported prompt still points at the reply.
    expect(read.usage?.map((u) => [u.prompt, u.inputTokens])).toEqual([[2, 120]])
  })

  it('takes the conversation summary off the end of the system message', () => {
    const summary = 'The user parses dates in day/month order.'
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        { ...reply('Le 3 avril.', []), conversationSummary: summary },
        user('And 29/02/2028?'),
        reply('Le 29 février.', [
          {
            completionOptions: { model: 'gemma3:12b' },
            prompt: `<system>\n${RULES}\n\nPrevious conversation summary:\n\n ${summary}\n\n<user>\nAnd 29/02/2028?\n\n`,
          },
        ]),
      ]),
    )
    expect(read.messages.map((m) => [m.type, m.text])).toEqual([
      ['instructions', RULES],
      ['context', summary],
      ['user', 'And 29/02/2028?'],
      ['bot', 'Le 29 février.'],
    ])
  })

  it("records no system message where Continue's rendering opens with the user's", () => {
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        reply('Le 3 avril.', [
          { completionOptions: { model: 'gemma3:12b' }, prompt: '<user>\nParse 03/04/2026.\n\n' },
        ]),
      ]),
    )
    expect(read.messages.map((m) => m.type)).toEqual(['user', 'bot'])
    // The file shows the request had none: nothing is hidden.
    expect(read.systemPromptUnrecorded).toBeUndefined()
  })

  it("does not read the system message a model's chat template wrote", () => {
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        reply('Le 3 avril.', [
          {
            completionOptions: { model: 'thudm/glm-4-32b' },
            prompt: `<|im_start|>system\n${RULES}<|im_end|>\n<|im_start|>user\nParse 03/04/2026.<|im_end|>\n<|im_start|>assistant\n`,
          },
        ]),
      ]),
    )
    expect(read.model).toBe('thudm/glm-4-32b')
    expect(read.messages.map((m) => m.type)).toEqual(['user', 'bot'])
    expect(read.systemPromptUnrecorded).toBe(true)
    expect(infoAt(read, 'history[1].promptLogs[0].prompt').map((n) => n.problem)).toEqual([
      expect.stringMatching(/not read/),
    ])
  })

  it("does not read a system message whose end can't be told: the first message was cut", () => {
    const read = importConversation(
      session([
        user('Parse 03/04/2026.'),
        reply('Le 3 avril.', []),
        user('And 29/02/2028?'),
        reply('Le 29 février.', [
          {
            completionOptions: { model: 'gemma3:12b' },
            // Continue cut the first exchange to fit the model's window.
            prompt: `<system>\n${RULES}\n\n<user>\nAnd 29/02/2028?\n\n`,
          },
        ]),
      ]),
    )
    expect(read.messages.map((m) => m.type)).toEqual(['user', 'bot', 'user', 'bot'])
    expect(read.systemPromptUnrecorded).toBe(true)
    expect(infoAt(read, 'history[3].promptLogs[0].prompt').map((n) => n.problem)).toEqual([
      expect.stringMatching(/not read/),
    ])
  })
})
