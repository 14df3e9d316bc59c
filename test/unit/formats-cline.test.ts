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

  it("answers each call Cline did not run with its notice, as that call's result", () => {
    // With parallel tool calling off, Cline runs a reply's first call and answers each further
    // call with formatResponse.toolAlreadyUsed, a text block of its own (v3.85.0).
    const notRun = (tool: string) =>
      `Tool [${tool}] was not executed because a tool has already been used in this message. Only one tool may be used per message. You must assess the first tool's result before proceeding to use the next tool.`
    const text = JSON.stringify([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'ta', name: 'read_file', input: { path: 'a.ts' } },
          { type: 'tool_use', id: 'tb', name: 'search_files', input: { regex: 'total' } },
          { type: 'tool_use', id: 'tc', name: 'read_file', input: { path: 'c.ts' } },
        ],
        ts: 1,
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[read_file for 'a.ts'] Result:\nexport const a = 1" },
          { type: 'text', text: notRun('search_files') },
          { type: 'text', text: notRun('read_file') },
          { type: 'text', text: '<environment_details>\n</environment_details>' },
        ],
        ts: 2,
      },
    ])
    const imported = importConversation(text)
    // The first read_file answers ta; the notices answer tb and then tc, the open calls of their
    // names in order; nothing of the message is the user's.
    expect(imported.messages.slice(1)).toEqual([
      {
        id: 'ta',
        type: 'activity',
        text: '',
        payload: "[read_file for 'a.ts'] Result:\nexport const a = 1",
      },
      { id: 'tb', type: 'activity', text: '', payload: notRun('search_files') },
      { id: 'tc', type: 'activity', text: '', payload: notRun('read_file') },
      { type: 'context', text: '<environment_details>\n</environment_details>' },
    ])
  })

  it('reads a bracketed notice that is not a result as what it is', () => {
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
    // Not a result: Cline's own notice of a resumed task (its SYSTEM_CONTENT_MARKERS), context.
    expect(importConversation(text).messages[1]).toEqual({
      type: 'context',
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

  it('reads the focus-chain instructions Cline adds to a user message as context, not as the user', () => {
    // Cline v3.85.0 pushes its todo-list instructions as a text block of their own, before the
    // editor's state: at the task's start, and after tool results (focus-chain/index.ts).
    const focus = (heading: string) => ({ type: 'text', text: `\n${heading}\n\n1. Include a list` })
    const environment = { type: 'text', text: '<environment_details>\n</environment_details>' }
    const text = JSON.stringify([
      {
        role: 'user',
        content: [
          { type: 'text', text: '<task>\nList the files.\n</task>' },
          focus('# task_progress RECOMMENDED'),
          environment,
        ],
        ts: 1,
      },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'list_files', input: { path: '.' } }],
        ts: 2,
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: "[list_files for '.'] Result:\na.ts" },
          focus('# TODO LIST UPDATE REQUIRED - You MUST include the task_progress parameter'),
          focus("# task_progress\nYou've made 10 API requests without a task_progress parameter."),
          environment,
        ],
        ts: 3,
      },
    ])
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.type)).toEqual([
      'user',
      'context',
      'context',
      'bot',
      'activity',
      'context',
      'context',
      'context',
    ])
    // The user's words alone are the prompt; each instruction is counted where it was sent.
    expect(imported.messages[0].text).toBe('<task>\nList the files.\n</task>')
    expect(imported.messages[1].text).toBe('\n# task_progress RECOMMENDED\n\n1. Include a list')
    expect(imported.messages[5].text).toMatch(/^\n# TODO LIST UPDATE REQUIRED/)
  })

  it('reads a resumed task: Cline’s notice and a hook’s context as context, the new words as the user', () => {
    // responses.ts taskResumption returns the notice and the user's words as two blocks.
    const text = JSON.stringify([
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], ts: 1 },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[TASK RESUMPTION] This task was interrupted 2 hours ago.' },
          {
            type: 'text',
            text: 'New instructions for task continuation:\n<user_message>\nAlso b.ts.\n</user_message>',
          },
          {
            type: 'text',
            text: '<hook_context source="UserPromptSubmit">\nbranch: main\n</hook_context>',
          },
        ],
        ts: 2,
      },
    ])
    expect(importConversation(text).messages.map((m) => m.type)).toEqual([
      'bot',
      'context',
      'user',
      'context',
    ])
  })

  it("reads Cline's retry demand and its no-new-message line as context, not as the user", () => {
    // responses.ts (v3.85.0): noToolsUsed after a reply that called no tool, and the second text
    // of taskResumption in plan mode when the user typed nothing.
    const noTool =
      "[ERROR] You did not use a tool in your previous response! Please retry with a tool use.\n\n# Next Steps\n\nIf you have completed the user's task, use the attempt_completion tool."
    const noMessage =
      "(The user did not provide a new message. Consider asking them how they'd like you to proceed, or suggest to them to switch to Act mode to continue with the task.)"
    const text = JSON.stringify([
      { role: 'user', content: [{ type: 'text', text: '<task>\nPlan the fix.\n</task>' }], ts: 1 },
      { role: 'assistant', content: [{ type: 'text', text: 'I would start with a.ts.' }], ts: 2 },
      { role: 'user', content: [{ type: 'text', text: noTool }], ts: 3 },
      { role: 'assistant', content: [{ type: 'text', text: 'Still planning.' }], ts: 4 },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[TASK RESUMPTION] This task was interrupted 1 day ago.' },
          { type: 'text', text: noMessage },
        ],
        ts: 5,
      },
    ])
    const imported = importConversation(text)
    // The task is the one prompt of the user's; the rest of what went back is Cline's.
    expect(imported.messages).toEqual([
      { type: 'user', text: '<task>\nPlan the fix.\n</task>' },
      { type: 'bot', text: 'I would start with a.ts.' },
      { type: 'context', text: noTool },
      { type: 'bot', text: 'Still planning.' },
      { type: 'context', text: '[TASK RESUMPTION] This task was interrupted 1 day ago.' },
      { type: 'context', text: noMessage },
    ])
  })

  it('reads the reported prompt by the provider: cache added for Anthropic, as stored for OpenAI', () => {
    // Cline v3.85.0 stores prompt = the handler's inputTokens and cached = cache writes + reads.
    // Anthropic's input_tokens leaves the cache out; OpenAI's prompt_tokens counts it already.
    const reply = (providerId: string, modelId: string, tokens: object) => ({
      role: 'assistant',
      content: [{ type: 'text', text: 'Done.' }],
      modelInfo: { modelId, providerId, mode: 'act' },
      metrics: { tokens, cost: 0 },
      ts: 2,
    })
    const usageOf = (providerId: string, modelId: string, tokens: object) =>
      importConversation(
        JSON.stringify([
          { role: 'user', content: [{ type: 'text', text: '<task>\nGo.\n</task>' }], ts: 1 },
          reply(providerId, modelId, tokens),
        ]),
      ).usage?.map((u) => u.inputTokens)
    const tokens = { prompt: 12, completion: 40, cached: 8000 }
    expect(usageOf('anthropic', 'claude-sonnet-4-5', tokens)).toEqual([8012])
    expect(usageOf('vertex', 'claude-opus-4-5@20251101', tokens)).toEqual([8012])
    expect(
      usageOf('openai', 'claude_4_5_opus', { prompt: 8012, completion: 40, cached: 0 }),
    ).toEqual([8012])
    expect(usageOf('openai', 'gpt-5', { prompt: 8012, completion: 40, cached: 6000 })).toEqual([
      8012,
    ])
    // A reply that came with no usage is stored with every count 0: not a report of an empty prompt.
    expect(usageOf('openai', 'gpt-5', { prompt: 0, completion: 0, cached: 0 })).toBeUndefined()
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
      problem: 'not a field of this format; not loaded',
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

describe('Cline 4 session file (<session id>.messages.json)', () => {
  // Cline 4's task loop is the SDK's: sdk/packages/core/src/services/session-data.ts
  // buildMessagesFilePayload, messages as sdk/packages/shared/src/llms/messages.ts stores them.
  const imported = importConversation(fixture('cline-4-session.json'))

  it("is detected by the file's own fields and takes the last reply's modelInfo.id as the model", () => {
    expect(imported.format).toBe('cline')
    expect(imported.model).toBe('claude-opus-4-6')
    expect(problems(imported.report)).toContain(
      ": the session used 2 models (claude-sonnet-4-6, claude-opus-4-6); the last is the file's model",
    )
  })

  it('reads the system prompt, the attached file, the tool results and the notice in order', () => {
    expect(imported.messages.map((m) => m.type)).toEqual([
      'instructions', // system_prompt
      'user', // the typed prompt
      'context', // the attached file
      'reasoning',
      'bot', // search_codebase call
      'activity',
      'bot', // editor call
      'activity',
      'user', // the second prompt, with its screenshot
      'bot',
      'context', // completion_reminder
      'bot',
    ])
    expect(imported.messages[0].text).toBe(
      'You are a coding agent. Work in /home/dev/report and use the tools to read and edit files.',
    )
    // As the SDK sends a file block: formatFileContentBlock (shared/src/prompt/format.ts).
    expect(imported.messages[2]).toEqual({
      type: 'context',
      text: '<file_content path="/home/dev/report/src/export.py">\ndef export(rows):\n    for r in rows[1:]:\n        write(r)\n</file_content>',
    })
    expect(imported.messages[10].text).toBe(
      'Your last reply had no tool call. Call a tool, or finish with your final answer.',
    )
  })

  it('pairs results by tool_use_id and reads a structured output as the JSON the SDK sends', () => {
    const activities = imported.messages.filter((m) => m.type === 'activity')
    expect(activities.map((m) => m.id)).toEqual(['toolu_04Ab', 'toolu_04Bc'])
    expect(activities[0].payload).toBe(
      '[{"query":"export(","result":"src/nightly.py:12: export(fetch_rows())","success":true}]',
    )
    expect(activities[1].payload).toBe('Edited /home/dev/report/src/export.py')
  })

  it("reads the SDK's image block {data, mediaType} as Anthropic's base64 image", () => {
    const payload = JSON.parse(imported.messages[8].payload ?? '') as { attachments: unknown[] }
    expect(payload.attachments).toEqual([
      {
        type: 'image',
        source: {
          type: 'base64',
          media_type: 'image/png',
          data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        },
      },
    ])
  })

  it('reports each reply’s metrics as the prompt before it, and nothing as a warning', () => {
    // Before the replies at messages[1], [3], [6] and [8] the import holds 3 (instructions, prompt,
    // file), 6 (+ reasoning, bot, result), 9 (+ bot, result, second prompt) and 11 (+ bot, notice).
    expect(imported.usage).toEqual([
      {
        prompt: 3,
        inputTokens: 9120,
        outputTokens: 96,
        at: 'messages[1].metrics',
        model: 'claude-sonnet-4-6',
      },
      {
        prompt: 6,
        inputTokens: 9420,
        outputTokens: 71,
        at: 'messages[3].metrics',
        model: 'claude-sonnet-4-6',
      },
      {
        prompt: 9,
        inputTokens: 10250,
        outputTokens: 40,
        at: 'messages[6].metrics',
        model: 'claude-opus-4-6',
      },
      {
        prompt: 11,
        inputTokens: 10330,
        outputTokens: 12,
        at: 'messages[8].metrics',
        model: 'claude-opus-4-6',
      },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'origin' }),
    )
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'messages[*].content[*].name', count: 2 }),
    )
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'messages[7].metadata',
      problem:
        "a notice Cline inserted as a user message (metadata.kind completion_reminder), not the user's words; read as context",
    })
  })

  it('finds a tool exchange cut between a call and its result', () => {
    // 12 messages; keeping the last 5 starts the tail at index 7, the editor result, whose call is
    // in the bot message at index 6.
    const findings = diagnose({
      messages: imported.messages,
      options: { maxTokens: 50, keepRecentCount: 5 },
    })
    expect(findings.filter((f) => f.code === 'tool-exchange-cut').map((f) => f.callId)).toEqual([
      'toolu_04Bc',
    ])
  })
})

describe("Cline 4's other shapes", () => {
  const session = (messages: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      version: 1,
      updated_at: '2026-07-01T10:00:00.000Z',
      agent: 'lead',
      sessionId: '1782900000000_ab12c',
      messages,
      ...extra,
    })

  it("takes an empty messages file, which Gemini CLI would take too, as Cline's", () => {
    // writeEmptyMessagesFile writes one when a session starts.
    const imported = importConversation(session([], { origin: { source: 'cli', mode: 'user' } }))
    expect(imported.format).toBe('cline')
    expect(imported.messages).toEqual([])
  })

  it('reads the compaction sidecar: the summary as an earlier summary, and says what it is', () => {
    // <session id>.compaction.json (session/models/session-compaction.ts), agentic compaction's
    // summary message (buildSummaryMessage, extensions/context/compaction-shared.ts).
    const text = JSON.stringify({
      version: 1,
      updated_at: '2026-07-01T10:05:00.000Z',
      conversation_id: '1782900000000_ab12c',
      source_message_count: 6,
      source_prefix_hash: 'sha256:7d1e',
      source_last_message_key: 'id:msg_k6',
      messages: [
        {
          id: 'sum_1',
          role: 'user',
          content: [{ type: 'text', text: 'Context summary:\n\n## Goal\nRename the billing job.' }],
          metadata: {
            kind: 'compaction_summary',
            summary: '## Goal\nRename the billing job.',
            details: { readFiles: [], modifiedFiles: [] },
            tokensBefore: 48000,
            generatedAt: 1782900300000,
          },
        },
        { id: 'msg_k7', role: 'user', content: [{ type: 'text', text: 'Now run the tests.' }] },
      ],
    })
    const imported = importConversation(text)
    expect(imported.format).toBe('cline')
    expect(imported.messages).toEqual([
      {
        id: 'sum_1',
        type: 'context',
        text: 'Context summary:\n\n## Goal\nRename the billing job.',
        meta: { compacted: true, droppedCount: 0 },
      },
      { id: 'msg_k7', type: 'user', text: 'Now run the tests.' },
    ])
    expect(problems(imported.report)).toContain(
      ": this is Cline's compaction sidecar (<session id>.compaction.json): the compacted head Cline sends in place of the first 6 messages of the session's <session id>.messages.json; the messages after those are in that file, not here",
    )
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it("reads basic compaction's <SYSTEM_NOTICE> as the earlier summary, once, with messagesRemoved", () => {
    // Cline 4.0 kept the compacted history in the messages file (basic-compaction.ts); the kept
    // prompts that opened it are merged into one message (mergeAdjacentUserTurns), each with the
    // summary of the work after it.
    const notice = (files: string) =>
      `<SYSTEM_NOTICE>\nEarlier context was compacted. Summary of your actions after the request above:\nFiles read:\n${files}\n\nFiles edited:\n\n\nCommands ran:\n</SYSTEM_NOTICE>`
    const text = session([
      {
        id: 'msg_p1',
        role: 'user',
        content: [
          { type: 'text', text: 'Find the slow query.' },
          { type: 'text', text: notice('/srv/db/queries.sql:1-40') },
          { type: 'text', text: 'Explain the plan too.' },
          { type: 'text', text: notice('/srv/db/plan.txt:1-9') },
        ],
        metadata: {
          kind: 'compaction',
          reason: 'auto_compaction',
          displayRole: 'system',
          messagesRemoved: 14,
          userRunSpan: 1,
        },
      },
      {
        id: 'msg_p2',
        role: 'assistant',
        content: [{ type: 'text', text: 'The orders join has no index.' }],
        metadata: { compaction: 'preserved' },
      },
      {
        id: 'msg_p3',
        role: 'user',
        content: [
          { type: 'text', text: 'Add the index.' },
          { type: 'text', text: notice('/srv/db/schema.sql:10-22') },
        ],
      },
    ])
    const imported = importConversation(text)
    expect(imported.messages.map((m) => [m.type, m.meta])).toEqual([
      ['user', undefined],
      ['context', { compacted: true, droppedCount: 14 }],
      ['user', undefined],
      ['context', undefined],
      ['bot', undefined],
      ['user', undefined],
      ['context', undefined],
    ])
    expect(imported.messages[1].text).toBe(notice('/srv/db/queries.sql:1-40'))
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'messages[1].metadata' }),
    )
  })

  it("takes the SDK's fields off blocks as info, and reads a tool result's text and image blocks", () => {
    const text = session([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe the chart.' },
          { type: 'file', path: '/srv/chart.csv', content: 'x,y\n1,2', source: 'mention' },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'thinking',
            thinking: 'Read it first.',
            details: [{ type: 'reasoning.text' }],
            call_id: 'rs_1',
          },
          {
            type: 'tool_use',
            id: 'call_9',
            call_id: 'fc_9',
            name: 'read_files',
            input: { path: '/srv/chart.png' },
          },
        ],
        modelInfo: { id: 'gpt-5.3', provider: 'openai' },
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_9',
            name: 'read_files',
            content: [
              { type: 'text', text: 'Successfully read image' },
              { type: 'image', data: 'R0lGODlhAQABAAAAACw=', mediaType: 'image/gif' },
            ],
          },
        ],
      },
    ])
    const imported = importConversation(text)
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(problems(imported.report)).toEqual(
      expect.arrayContaining([
        'messages[0].content[1].source: where the attached file came from; not sent to the model',
        "messages[1].content[0].details: the provider's structured reasoning record, replayed with the thinking; not counted",
        // Info notes on the same field collapse: the thinking's and the call's.
        "messages[*].content[*].call_id: the provider's own id of the call or reasoning item; not counted",
      ]),
    )
    const result = imported.messages.find((m) => m.type === 'activity')
    expect(result?.id).toBe('call_9')
    expect(JSON.parse(result?.payload ?? '')).toEqual({
      content: [
        { type: 'text', text: 'Successfully read image' },
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/gif', data: 'R0lGODlhAQABAAAAACw=' },
        },
      ],
    })
  })

  it('warns about an unknown metadata.kind and a newer file version, and skips a zero prompt', () => {
    const text = session(
      [
        {
          role: 'user',
          content: [{ type: 'text', text: 'Rebuild the index.' }],
          metadata: { kind: 'handoff_note' },
        },
        {
          role: 'assistant',
          content: [{ type: 'text', text: 'Rebuilt.' }],
          metrics: {
            inputTokens: 0,
            outputTokens: 0,
            cacheReadTokens: 0,
            cacheWriteTokens: 0,
            cost: 0,
          },
        },
      ],
      { version: 2 },
    )
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.type)).toEqual(['user', 'bot'])
    expect(imported.report.filter((n) => n.severity === 'warning').map((n) => n.path)).toEqual([
      'version',
      'messages[0].metadata',
    ])
    expect(imported.usage).toBeUndefined()
  })

  it("names the messages file to open instead of the session's manifest", () => {
    // SessionManifestSchema (session/models/session-manifest.ts), written as <session id>.json.
    const manifest = JSON.stringify({
      version: 1,
      session_id: '1782900000000_ab12c',
      source: 'cli',
      pid: 4242,
      started_at: '2026-07-01T10:00:00.000Z',
      status: 'completed',
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      messages_path:
        '/home/dev/.cline/data/sessions/1782900000000_ab12c/1782900000000_ab12c.messages.json',
    })
    expect(() => importConversation(manifest)).toThrow(
      "it looks most like Cline / Roo Code task history, but this is a Cline 4 session's manifest (<session id>.json: when it ran, its model, its status); the conversation the model was sent is <session id>.messages.json, in the same session folder",
    )
  })
})

describe("Roo Code's Gemini thought signature", () => {
  it('notes the thoughtSignature block as info and leaves it out of the message', () => {
    // Roo v3.52.1 Task.ts addToApiConversationHistory: for a provider other than Anthropic the
    // signature is its own block, last in the assistant's content.
    const text = JSON.stringify([
      { role: 'user', content: [{ type: 'text', text: 'List the migrations.' }], ts: 1 },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Listing them.' },
          { type: 'tool_use', id: 'tu_1', name: 'list_files', input: { path: 'migrations' } },
          { type: 'thoughtSignature', thoughtSignature: 'CsYBAXLI2nw' },
        ],
        ts: 2,
      },
    ])
    const imported = importConversation(text)
    expect(imported.messages[1]).toEqual({
      type: 'bot',
      text: 'Listing them.',
      payload:
        '{"tool_calls":[{"id":"tu_1","name":"list_files","arguments":{"path":"migrations"}}]}',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '[1].content[2]',
      problem:
        "Roo's Gemini thought signature (a thoughtSignature block), sent back with the call as an opaque token; not counted",
    })
  })
})
