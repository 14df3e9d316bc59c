import { describe, expect, it } from 'vitest'
import {
  FormatError,
  diagnose,
  importConversation,
  wireShapeExplanation,
  type ImportNote,
} from '../../src/index'
import { fixture } from './formats-fixtures'

const problems = (report: readonly ImportNote[]) => report.map((n) => `${n.path}: ${n.problem}`)

describe('Cline task history in', () => {
  const imported = importConversation(fixture('cline.json'))

  it('is detected by its own fields and takes the last modelInfo.modelId as the model', () => {
    expect(imported.format).toBe('cline')
    expect(imported.model).toBe('claude-opus-4-1')
  })

  it('pairs results sent as user text with the tool_use blocks before them, by name and order', () => {
    // Message [2] answers the three calls of [1]: two read_file, then execute_command.
    const activities = imported.messages.filter((m) => m.type === 'activity')
    expect(activities.map((m) => m.id)).toEqual([
      'toolu_01Kq',
      'toolu_01Lr',
      'toolu_01Ms',
      'toolu_01Nt',
      'toolu_01Pv',
    ])
    expect(activities[1].payload).toBe(
      "[read_file for 'test/invoice.test.ts'] Result:\nit('sums three items', () => expect(total([0.1, 0.2, 0.3])).toBe(0.6))",
    )
    // The tool_result block of [4] (with Cline's call_id) pairs the usual way.
    expect(activities[3].payload).toBe(
      "[replace_in_file for 'src/invoice.ts'] Result:\nThe content was successfully saved to src/invoice.ts.",
    )
  })

  it('reads the rest in block order: environment details as context, feedback as the user', () => {
    expect(imported.messages.map((m) => m.type)).toEqual([
      'user', // <task>
      'context', // environment details
      'reasoning',
      'bot', // three tool calls
      'activity',
      'activity',
      'activity',
      'context',
      'bot',
      'activity', // tool_result block
      'user', // the user's feedback
      'context',
      'bot',
      'activity',
      'context',
      'bot', // attempt_completion, never answered
    ])
    expect(imported.messages[10].text).toBe(
      'The user provided the following feedback:\n<feedback>\nAlso run the invoice test, please.\n</feedback>',
    )
    // The response id is the first message of the assistant turn.
    expect(imported.messages[2]).toMatchObject({ id: 'req_011CV8xYz', type: 'reasoning' })
  })

  it("reports Cline's own fields as info, and nothing as a warning", () => {
    const report = imported.report
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(report).toContainEqual({
      severity: 'info',
      path: '[*].metrics',
      problem: 'provider-reported usage (tokens, cost); read by the usage view',
      count: 2,
    })
    expect(report).toContainEqual(expect.objectContaining({ path: '[*].ts', count: 8 }))
    expect(report).toContainEqual(
      expect.objectContaining({ path: '[*].content[*].call_id', count: 3 }),
    )
    expect(problems(report)).toContain(
      ": the task used 2 models (claude-sonnet-4-5, claude-opus-4-1); the last is the file's model",
    )
  })

  it('finds a tool exchange cut between a call and its text result', () => {
    // 16 messages; keeping the last 11 starts the tail at index 5, the second read_file result,
    // while its call (the bot message at index 3) is summarised.
    const findings = diagnose({
      messages: imported.messages,
      options: { maxTokens: 100, keepRecentCount: 11 },
    })
    const cut = findings.filter((f) => f.code === 'tool-exchange-cut')
    expect(cut.map((f) => f.callId)).toEqual(['toolu_01Lr', 'toolu_01Ms'])
  })
})

describe('Cline task history with calls written in the text (older Cline)', () => {
  const imported = importConversation(fixture('cline-xml.json'))

  it('joins a result header and the block after it, with its images, into one activity', () => {
    expect(imported.format).toBe('cline')
    expect(imported.model).toBeUndefined()
    expect(imported.messages.map((m) => m.type)).toEqual([
      'user',
      'context',
      'bot',
      'activity',
      'context',
      'bot',
      'activity',
      'context',
      'bot',
      'activity',
      'context',
    ])
    const [read, browser] = imported.messages.filter((m) => m.type === 'activity')
    expect(read).toEqual({
      type: 'activity',
      text: '',
      payload:
        '[read_file for \'index.html\'] Result:\n\n<html><body><div class="banner">New pricing from 1 May</div></body></html>',
    })
    // The screenshot keeps the result's blocks verbatim, so it is counted.
    const parts = JSON.parse(browser.payload ?? '') as { content: { type: string }[] }
    expect(parts.content.map((b) => b.type)).toEqual(['text', 'text', 'image'])
  })

  it('says which results have no call id to pair by', () => {
    const bare = imported.report.filter((n) => n.problem.includes('with no tool_use block'))
    expect(bare.map((n) => n.path)).toEqual(['[2].content[0]', '[4].content[0]', '[6].content[0]'])
  })

  it('flags a tail that starts on a result whose call is summarised (no ids: mid-turn)', () => {
    // The tail starts at index 6, the browser result; its call is in the bot text at 5.
    const findings = diagnose({
      messages: imported.messages,
      options: { maxTokens: 50, keepRecentCount: 5 },
    })
    expect(findings.map((f) => f.code)).toContain('tail-starts-mid-turn')
  })
})

describe('Roo Code task history in', () => {
  const imported = importConversation(fixture('roo-code.json'))

  it('loads what Roo sends after a condense: the summary, then the rest', () => {
    expect(imported.format).toBe('cline')
    expect(imported.messages[0]).toEqual({
      type: 'context',
      text: '## Previous conversation summary\nThe user wants a --dry-run flag on deploy.sh (/srv/ops). deploy.sh is one rsync line: rsync -a build/ prod:/srv/app/.',
      meta: { compacted: true, droppedCount: 3 },
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '[*]',
      problem:
        'replaced by a Roo condense summary (condenseParent); not loaded, as Roo no longer sends it',
      count: 3,
    })
  })

  it("reads Roo's reasoning block and reasoning_content as reasoning", () => {
    expect(imported.messages.slice(1, 4).map((m) => [m.type, m.text])).toEqual([
      [
        'reasoning',
        'The user asked for a flag, not an environment variable; an environment variable is simpler in sh.',
      ],
      ['reasoning', 'rsync has its own --dry-run; pass it through when the flag is given.'],
      ['bot', "I'll pass the flag through to rsync."],
    ])
  })

  it('warns about the unknown field and the unknown block type, and keeps the block', () => {
    const warnings = imported.report.filter((n) => n.severity === 'warning')
    expect(warnings.map((n) => n.path)).toEqual(['[5].checkpoint', '[5].content[2]'])
    expect(imported.messages[6].payload).toBe(
      '{"attachments":[{"type":"container_upload","file_id":"file_011"}]}',
    )
  })

  it('finds the earlier summary and a cut tool exchange', () => {
    // 8 messages; keeping the last 3 starts the tail at index 5, the second result, whose call is
    // in the bot message at index 3.
    const findings = diagnose({
      messages: imported.messages,
      options: { maxTokens: 50, keepRecentCount: 3 },
    })
    expect(findings.filter((f) => f.code === 'tool-exchange-cut').map((f) => f.callId)).toEqual([
      'toolu_02Cc',
    ])
    expect(findings.map((f) => f.code)).toContain('earlier-summary')
  })
})

describe('Cline detection', () => {
  it('leaves a plain Anthropic message array to the Anthropic reader', () => {
    const text = JSON.stringify([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'x', input: {} }] },
    ])
    expect(importConversation(text).format).toBe('anthropic')
  })

  it('takes a file whose only mark is a result header', () => {
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'list_files', input: {} }],
      },
      { role: 'user', content: [{ type: 'text', text: "[list_files for '.'] Result:\na.txt" }] },
    ])
    const imported = importConversation(text)
    expect(imported.format).toBe('cline')
    expect(imported.messages[1]).toEqual({
      id: 't1',
      type: 'activity',
      text: '',
      payload: "[list_files for '.'] Result:\na.txt",
    })
  })

  it('reads a header whose description spans lines, as a follow-up question does', () => {
    const header = "[ask_followup_question for 'Phase 1 is done.\n\nGo on with phase 2?'] Result:"
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't7', name: 'ask_followup_question', input: {} }],
      },
      {
        role: 'user',
        content: [{ type: 'text', text: `${header}\n<answer>\nYes\n</answer>` }],
        ts: 1,
      },
    ])
    expect(importConversation(text).messages[1]).toMatchObject({ id: 't7', type: 'activity' })
  })

  it('pairs by order a result named unlike its call, and says so', () => {
    // Cline answers use_subagents as "[subagents] Result:".
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't8', name: 'use_subagents', input: {} }],
      },
      { role: 'user', content: [{ type: 'text', text: '[subagents] Result:\nTotal: 2' }], ts: 1 },
    ])
    const imported = importConversation(text)
    expect(imported.messages[1]).toMatchObject({ id: 't8', type: 'activity' })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '[1].content[0]',
      problem:
        '"subagents" result paired by order with the "use_subagents" call before it (no open call has its name)',
    })
  })

  it('leaves a bracketed note that is not a result to the user', () => {
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't9', name: 'attempt_completion', input: {} }],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[TASK RESUMPTION] This task was interrupted 3 days ago.' },
        ],
        ts: 1,
      },
    ])
    expect(importConversation(text).messages[1]).toEqual({
      type: 'user',
      text: '[TASK RESUMPTION] This task was interrupted 3 days ago.',
    })
  })

  it("marks Cline's summarize_task result as an earlier summary, still answering its call", () => {
    const summary =
      '[summarize_task] Result:\nThis session is being continued from a previous conversation.'
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 't10', name: 'summarize_task', input: { context: '1. Task: …' } },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: summary }], ts: 1 },
    ])
    expect(importConversation(text).messages[1]).toEqual({
      id: 't10',
      type: 'activity',
      text: '',
      payload: summary,
      meta: { compacted: true, droppedCount: 0 },
    })
  })

  it('reports the fields of the blocks it reads itself', () => {
    const text = JSON.stringify([
      {
        role: 'user',
        content: [
          { type: 'text', text: '<task>\nHi\n</task>' },
          {
            type: 'text',
            text: '<environment_details>\n# Current Mode\nACT MODE\n</environment_details>',
            cache_control: { type: 'ephemeral' },
            origin: 'env',
          },
        ],
        ts: 1,
      },
    ])
    const report = importConversation(text).report
    expect(report).toContainEqual({
      severity: 'warning',
      path: '[0].content[1].origin',
      problem: 'field has no place in the wire shape; not loaded',
    })
    expect(report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: '[0].content[1].cache_control' }),
    )
  })
})

describe("Cline's other task files", () => {
  // The files Cline writes beside api_conversation_history.json (GlobalFileNames, disk.ts), in
  // the shapes public task folders have.
  const uiMessages = JSON.stringify([
    {
      ts: 1767644899093,
      type: 'say',
      say: 'text',
      text: 'Rename the upload helper.',
      images: [],
      files: [],
      conversationHistoryIndex: -1,
    },
    { ts: 1767644900962, type: 'say', say: 'checkpoint_created', conversationHistoryIndex: -1 },
    { ts: 1767644901000, type: 'ask', ask: 'tool', text: '{"tool":"readFile"}' },
  ])
  const taskMetadata = JSON.stringify({
    files_in_context: [{ path: 'src/upload.ts', record_state: 'active' }],
    model_usage: [{ ts: 1767644901000, model_id: 'claude-sonnet-4-5', mode: 'act' }],
    environment_history: [],
  })

  it('names the conversation file to open instead of ui_messages.json and task_metadata.json', () => {
    expect(() => importConversation(uiMessages)).toThrow(
      "not a conversation in any known format; it looks most like Cline / Roo Code task history, but this is the task's ui_messages.json, Cline's record of what its chat panel showed; the conversation the model was sent is api_conversation_history.json, in the same task folder",
    )
    // The CLI and the app explain a file meant as the wire shape by the wire shape's own error;
    // a ui_messages.json has a type and a text too, and its reason is the Cline reader's.
    let error: unknown
    try {
      importConversation(uiMessages)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(FormatError)
    expect(wireShapeExplanation(uiMessages, error as FormatError)).toBeUndefined()
    expect(() => importConversation(taskMetadata)).toThrow(
      "it looks most like Cline / Roo Code task history, but this is the task's task_metadata.json (the files in context and the models used); the conversation the model was sent is api_conversation_history.json, in the same task folder",
    )
  })
})
