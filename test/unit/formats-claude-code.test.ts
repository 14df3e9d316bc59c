import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { importConversation, type Message } from '../../src/index'
import { fixture } from './formats-fixtures'
import { encodePayload } from '../../src/formats/payload'

const event = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) =>
  JSON.stringify({ parentUuid, isSidechain: false, uuid, ...extra })
// A user or assistant event's fields, with any others (a version, isMeta) after them.
const say = (
  role: 'user' | 'assistant',
  content: string | readonly Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) => ({
  type: role,
  message: { role, content },
  ...extra,
})
const attachmentEvent = (uuid: string, parent: string, attachment: Record<string, unknown>) =>
  event(uuid, parent, { type: 'attachment', attachment })
// The payload of an attachment read as its fields, with the size of Claude Code's wording.
const wording = (what: string, tokens: number) =>
  encodePayload({ unwritten: { what: `Claude Code's ${what}`, tokens } })

describe('Claude Code session in', () => {
  const file = fixture('claude-code.jsonl')

  it('follows the main chain, merges one API message split across events, keeps uuids as ids', () => {
    const imported = importConversation(file, 'claude-code')
    // The title line (line 1) and the "informational" system notice (line 14) are not messages:
    // one is file metadata, and Claude Code sends no system event to the model but local_command.
    const expected: Message[] = [
      {
        id: 'u-0001',
        type: 'user',
        text: 'The retry test in upload.test.ts fails about one run in five. Can you find out why? ¡Gracias! 🙏',
      },
      {
        id: 'u-0002',
        type: 'reasoning',
        text: 'A flaky retry test usually means a real timer racing a fake one.',
        // Its reply's reported output (msg_01's usage, on each of its four lines): what prices it.
        payload: '{"signature":"ErUBCkYIBxgCKkCt","output_tokens":61}',
      },
      {
        id: 'u-0003',
        type: 'bot',
        text: "I'll read the test and the retry helper.",
        payload:
          '{"tool_calls":[{"id":"toolu_01Ra","name":"Read","arguments":{"file_path":"/home/ana/upload-svc/test/upload.test.ts"}},' +
          '{"id":"toolu_01Rb","name":"Read","arguments":{"file_path":"/home/ana/upload-svc/src/retry.ts"}}]}',
      },
      {
        id: 'toolu_01Ra',
        type: 'activity',
        text: '',
        payload:
          'vi.useFakeTimers()\nawait upload(file, { retries: 3 })\nvi.advanceTimersByTime(1000)',
      },
      {
        id: 'toolu_01Rb',
        type: 'activity',
        text: '',
        payload:
          'export async function retry(fn, n) {\n  await new Promise((r) => setTimeout(r, 250))\n}',
      },
      {
        id: 'u-0008',
        type: 'bot',
        text: 'retry() waits on a real setTimeout while the test advances fake timers, so the test only passes when the real 250 ms elapse in time.',
      },
      {
        id: 'u-0009',
        type: 'user',
        text: 'No, fix it properly, and keep the Japanese comments (日本語のコメント) as they are.',
      },
      {
        id: 'u-0011',
        type: 'bot',
        text: 'Done: retry() now takes its clock from the caller, and the test passes 50 runs out of 50. ✅',
      },
    ]
    expect(imported.messages).toEqual(expected)
    expect(imported.model).toBe('claude-sonnet-4-5-20250929')
  })

  it('reads a session of its metadata alone as a Claude Code session of no message', () => {
    // As Claude Code leaves a session it titled and named before any message was written.
    const text =
      '{"type":"ai-title","aiTitle":"Fix the flaky test","sessionId":"s1"}\n' +
      '{"type":"agent-name","agentName":"fixer","sessionId":"s1"}\n'
    const read = importConversation(text)
    expect(read.format).toBe('claude-code')
    expect(read.messages).toEqual([])
    expect(read.report.map((n) => n.problem)).toContain(
      'title: "Fix the flaky test"; file metadata, not a message',
    )
    // A line of another kind among them is not Claude Code's metadata: no session is guessed.
    expect(() => importConversation(text + '{"type":"note","sessionId":"s1"}\n')).toThrow(
      'not a conversation in any known format',
    )
  })

  it('reports the sidechain, the abandoned branch, the title and other events by line', () => {
    const { report } = importConversation(file)
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 1',
      problem: 'title: "Fix the flaky upload retry test"; file metadata, not a message',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'lines 9–10',
      problem:
        '2 sidechain events: a Task subagent’s own conversation; hidden from the main thread',
    })
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 12',
      problem:
        '1 event: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 14',
      problem: '1 "informational" system event: Claude Code\'s notice; not sent to the model',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 16',
      problem: '1 "file-history-snapshot" line: session metadata; not part of the conversation',
    })
    // The ten user and assistant events on the thread (lines 2–8, 11, 13, 15) each carry a cwd.
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: cwd',
      problem: 'session metadata; not part of the conversation',
      count: 10,
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: message.usage',
      problem: 'provider-reported usage (token counts); read by the usage view',
      count: 6,
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: toolUseResult',
      problem: "Claude Code's own record of the tool output; the model reads message.content",
      count: 2,
    })
    expect(report.filter((n) => n.severity === 'warning')).toHaveLength(1)
  })

  it('starts at the compact boundary: the summary is an earlier summary, earlier history is counted', () => {
    const imported = importConversation(fixture('claude-code-compacted.jsonl'))
    expect(imported.format).toBe('claude-code')
    expect(imported.messages).toEqual([
      {
        id: 'c-0004',
        type: 'context',
        text: 'This session is being continued from a previous conversation. Summary: billing/cron.ts now enqueues jobs; the retry policy is still to do.',
        // Its history (c-0001, c-0002, the boundary's logicalParentUuid) is in the file: 2 messages.
        meta: { compacted: true, droppedCount: 2 },
      },
      { id: 'c-0005', type: 'bot', text: 'Next: the retry policy for failed billing jobs.' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 3',
      problem:
        'compaction boundary, trigger "auto", 154,210 tokens before it: the conversation restarts here, from the summary that follows',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–2',
      problem: '2 events: before a compaction; replaced by its summary',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 3: logicalParentUuid',
      problem:
        'the history before the compaction is in the file: the summary stands for its 2 messages (meta.droppedCount)',
    })
    // The summary's own note does not say the opposite.
    const summaryNote = imported.report.find((n) => n.path.endsWith('isCompactSummary'))
    expect(summaryNote?.problem).toMatch(/counted only where the file still holds that history/)
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('counts the history before a compaction whose named last message was never written', () => {
    // Claude Code names the last message it held when it compacted (logicalParentUuid); after a
    // tool's result that may be an attachment, which 2.1.39 – 2.1.88 never write. The history is
    // the thread up to the tool's result, the last event written before the boundary.
    const v = { version: '2.1.88' }
    const text = [
      event('u1', null, say('user', 'Run the tests.', v)),
      event(
        'a1',
        'u1',
        say(
          'assistant',
          [
            { type: 'text', text: 'Running them.' },
            { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'npm test' } },
          ],
          v,
        ),
      ),
      event(
        'r1',
        'a1',
        say('user', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '3 passed' }], {
          ...v,
          sourceToolAssistantUUID: 'a1',
        }),
      ),
      event('b', null, {
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        logicalParentUuid: 'att-unwritten',
        compactMetadata: { trigger: 'auto', preTokens: 160000 },
        ...v,
      }),
      event('s', 'b', { ...say('user', 'Summary: the tests pass.', v), isCompactSummary: true }),
      event('n1', 's', say('assistant', 'All three pass.', v)),
    ].join('\n')
    const imported = importConversation(text)
    // The prompt, the reply with its tool call, and the tool's result: 3 messages.
    expect(imported.messages[0]).toMatchObject({
      id: 's',
      meta: { compacted: true, droppedCount: 3 },
    })
    expect(imported.messages.map((m) => m.id)).toEqual(['s', 'n1'])
    const note = imported.report.find((n) => n.path === 'line 4: logicalParentUuid')
    expect(note?.severity).toBe('info')
    expect(note?.problem).toMatch(/"att-unwritten".* is not in the file/)
    expect(note?.problem).toMatch(/read back from line 3, the last event written before it/)
    expect(note?.problem).toMatch(/stands for its 3 messages/)
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('takes an unflagged summary (Claude Code before 1.0.27) for the compaction it is', () => {
    // Claude Code 1.0.11 and 1.0.17 wrote a compaction's summary as a parentless user line
    // without isCompactSummary (public sessions of those versions); the history it replaced stays
    // in the file above it.
    const v = { version: '1.0.17' }
    const text = [
      event('o1', null, say('user', 'Why does the upload retry fail?', v)),
      event('o2', 'o1', say('assistant', 'The backoff is never awaited.', v)),
      event(
        's',
        null,
        say(
          'user',
          'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below: the upload retry awaited no backoff.',
          v,
        ),
      ),
      event('n1', 's', say('assistant', 'Next: await the backoff.', v)),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages[0]).toMatchObject({
      id: 's',
      type: 'context',
      meta: { compacted: true, droppedCount: 2 },
    })
    expect(imported.messages.map((m) => m.id)).toEqual(['s', 'n1'])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–2',
      problem: '2 events: before a compaction; replaced by its summary',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    const found = diagnose({ messages: imported.messages, options: { maxTokens: 100000 } }).map(
      (f) => f.code,
    )
    expect(found).toContain('earlier-summary')
    // A user who types the same words mid-conversation is still a user.
    const typed = importConversation(
      [
        event('o1', null, say('user', 'Hello', v)),
        event(
          'o2',
          'o1',
          say('user', 'This session is being continued from a previous conversation.', v),
        ),
      ].join('\n'),
    )
    expect(typed.messages.map((m) => m.type)).toEqual(['user', 'user'])
  })

  it('keeps the conversation before a local command whose caveat Claude Code 1.0 wrote only once', () => {
    // Claude Code 1.0.21 made the caveat before a local command's lines once per process, wrote
    // it once (its uuid), and every later command's first line kept it as its parent: the walk
    // back from the end would jump over the whole conversation to the first command's caveat.
    const v = { version: '1.0.21' }
    const caveat = say(
      'user',
      'Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages.',
      { isMeta: true, ...v },
    )
    const text = [
      event('c', null, caveat),
      event('m1', 'c', say('user', '<command-name>mcp</command-name>', v)),
      event('m2', 'm1', say('user', '<local-command-stdout>No servers.</local-command-stdout>', v)),
      event('u1', 'm2', say('user', 'Rename the helper.', v)),
      event('a1', 'u1', say('assistant', 'Renamed it.', v)),
      // `!git log`, after the conversation: its parent is the caveat written at line 1.
      event('b1', 'c', say('user', '<bash-input>git log</bash-input>', v)),
      event('b2', 'b1', say('user', '<bash-stdout>12d939e rename</bash-stdout>', v)),
      event('u2', 'b2', say('user', 'Now the tests.', v)),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.id)).toEqual([
      'c',
      'm1',
      'm2',
      'u1',
      'a1',
      'b1',
      'b2',
      'u2',
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    // A prompt edited after a rewind, whose parent also has an earlier child, stays a branch.
    const edited = importConversation(
      [
        event('u1', null, say('user', 'Rename the helper.', v)),
        event('a1', 'u1', say('assistant', 'Which one?', v)),
        event('u2', 'a1', say('user', 'parseRow.', v)),
        event('u3', 'a1', say('user', 'readRow.', v)),
      ].join('\n'),
    )
    expect(edited.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u3'])
  })

  it('names the end of another session at the top of the file for what it is, not an abandoned branch', () => {
    // A session started from plan mode's "clear context": its first lines are the planning
    // session's last, hanging off a line of that session's file; the new chain starts at null.
    const text = [
      event(
        'x1',
        'gone-1',
        say('user', [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'rejected' }]),
      ),
      event(
        'x2',
        'x1',
        say('user', [{ type: 'text', text: '[Request interrupted by user for tool use]' }]),
      ),
      event('n1', null, say('user', 'Implement the following plan: rename the helper.')),
      event('n2', 'n1', say('assistant', 'A reply the user rewound.')),
      event('r1', 'n1', say('assistant', 'Renamed.')),
    ].join('\n')
    const imported = importConversation(text, 'claude-code')
    expect(imported.messages.map((m) => m.id)).toEqual(['n1', 'r1'])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–2',
      problem:
        '2 events: before the session’s first prompt, continuing a line not in this file: the end of the session it was started from (as plan mode’s “clear context” starts one), which none of its requests held; not loaded',
    })
    // A branch the thread left is still a warning.
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'warning', path: 'line 4' }),
    )
  })

  it("counts a thread whose replies name no model as the model the file's last reply named", () => {
    // The session hit its usage limit after a compaction: Claude Code wrote the only reply on the
    // thread itself, as <synthetic>. Its next request goes to the model it used before.
    const reply = (model: string, text: string) => ({
      type: 'assistant',
      message: { role: 'assistant', model, content: [{ type: 'text', text }] },
    })
    const text = [
      event('o1', null, say('user', 'Rename the helper.')),
      event('o2', 'o1', reply('claude-opus-4-6', 'Renamed.')),
      event('b', null, { type: 'system', subtype: 'compact_boundary', content: 'Compacted' }),
      event('s', 'b', { ...say('user', 'Summary: a helper was renamed.'), isCompactSummary: true }),
      event('n1', 's', say('user', 'Now the tests.')),
      event('n2', 'n1', reply('<synthetic>', "You've hit your limit")),
    ].join('\n')
    const imported = importConversation(text, 'claude-code')
    expect(imported.model).toBe('claude-opus-4-6')
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 2: message.model',
      problem:
        "no reply on the thread names its model; counted as claude-opus-4-6, the model of this reply, the file's last that names one",
    })
    // A subagent's file follows its own replies' model, never the main thread's.
    const side = (uuid: string, parent: string | null, extra: Record<string, unknown>) =>
      JSON.stringify({ parentUuid: parent, isSidechain: true, uuid, ...extra })
    const subagent = [
      side('w1', null, say('user', 'Find the helper.')),
      side('w2', 'w1', reply('<synthetic>', 'API Error: 400 model is not supported')),
    ].join('\n')
    expect(importConversation(subagent, 'claude-code').model).toBeUndefined()
  })

  it('keeps the segment a partial compaction preserves, between the summary and what follows', () => {
    const text = [
      event('o1', null, say('user', 'old question')),
      event('p1', 'o1', say('assistant', 'kept answer')),
      event('p2', 'p1', say('user', 'kept follow-up')),
      event('b', null, {
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        compactMetadata: {
          trigger: 'manual',
          preTokens: 9000,
          preservedSegment: { headUuid: 'p1', anchorUuid: 's', tailUuid: 'p2' },
        },
      }),
      event('s', 'b', { ...say('user', 'Summary: the old question.'), isCompactSummary: true }),
      event('n1', 's', say('assistant', 'new answer')),
    ].join('\n')
    const imported = importConversation(text)
    // As Claude Code relinks it: the head (p1) follows the summary, and the summary's other child
    // (n1) follows the tail (p2); o1 alone is before the compaction.
    expect(imported.messages).toEqual([
      {
        id: 's',
        type: 'context',
        text: 'Summary: the old question.',
        meta: { compacted: true, droppedCount: 0 },
      },
      { id: 'p1', type: 'bot', text: 'kept answer' },
      { id: 'p2', type: 'user', text: 'kept follow-up' },
      { id: 'n1', type: 'bot', text: 'new answer' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 1',
      problem: '1 event: before a compaction; replaced by its summary',
    })
  })

  it('leaves out the usage a preserved reply reported for its request before the compaction', () => {
    // Claude Code zeroes these reports when it resumes (applyPreservedSegmentRelinks): each was
    // reported for a request that held the whole history the summary replaced.
    const reply = (id: string, text: string, input: number, cached: number) => ({
      type: 'assistant',
      message: {
        id,
        role: 'assistant',
        model: 'claude-opus-4-7',
        content: [{ type: 'text', text }],
        usage: { input_tokens: input, cache_read_input_tokens: cached, output_tokens: 7 },
      },
    })
    const text = [
      event('o1', null, { type: 'user', message: { role: 'user', content: 'old question' } }),
      event('p1', 'o1', reply('msg_01AAAAAAAAAAAAAAAAAAAAAAAA', 'kept answer', 3, 190000)),
      event('p2', 'p1', reply('msg_01BBBBBBBBBBBBBBBBBBBBBBBB', 'kept too', 2, 190100)),
      event('b', null, {
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        compactMetadata: {
          trigger: 'manual',
          preTokens: 190200,
          preservedSegment: { headUuid: 'p1', anchorUuid: 's', tailUuid: 'p2' },
        },
      }),
      event('s', 'b', {
        type: 'user',
        message: { role: 'user', content: 'Summary: the old question.' },
        isCompactSummary: true,
      }),
      event('u2', 's', { type: 'user', message: { role: 'user', content: 'go on' } }),
      event('n1', 'u2', reply('msg_01CCCCCCCCCCCCCCCCCCCCCCCC', 'new answer', 5, 4000)),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.id)).toEqual(['s', 'p1', 'p2', 'u2', 'n1'])
    // Only the request made after the compaction: 5 + 4,000 input tokens, its prompt the four
    // messages before n1.
    expect(imported.usage?.map((u) => [u.prompt, u.inputTokens, u.at])).toEqual([
      [4, 4005, 'line 7'],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 2: message.usage',
      problem:
        '2 replies (lines 2, 3) were kept through the compaction at line 4; the usage they reported (the first a 190,003-token prompt) is of their requests before that compaction, with the history its summary replaced: the usage view leaves it out, as Claude Code zeroes it when it resumes the session',
    })
  })

  it('reads a reminder written as its fields as Claude Code words it, its wording priced by size', () => {
    const text = [
      event('u1', null, {
        type: 'user',
        message: { role: 'user', content: 'plan the ledger work' },
      }),
      attachmentEvent('a1', 'u1', {
        type: 'task_reminder',
        content: [
          { id: '1', subject: 'Reconcile', description: 'not sent', status: 'pending' },
          { id: '2', subject: 'Report', description: 'not sent', status: 'in_progress' },
        ],
        itemCount: 2,
      }),
      attachmentEvent('a2', 'a1', {
        type: 'plan_mode',
        reminderType: 'full',
        isSubAgent: false,
        planFilePath: '/home/me/.claude/plans/ledger.md',
        planExists: false,
      }),
      attachmentEvent('a3', 'a2', { type: 'auto_mode', reminderType: 'sparse' }),
      attachmentEvent('a4', 'a3', { type: 'date_change', newDate: '2026-08-04' }),
      attachmentEvent('a5', 'a4', {
        type: 'plan_mode_exit',
        planFilePath: '/home/me/.claude/plans/ledger.md',
        planExists: true,
      }),
      // Not the shape Claude Code words: read as its own fields, as any other attachment.
      attachmentEvent('a6', 'a5', { type: 'task_reminder', content: [{ id: 3 }], itemCount: 1 }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.slice(1)).toEqual([
      // 2.1.88's task reminder is 104 tokens, and 7 more for the heading before a list.
      {
        id: 'a1',
        type: 'context',
        text: '#1. [pending] Reconcile\n#2. [in_progress] Report',
        payload: wording('task reminder', 111),
      },
      {
        id: 'a2',
        type: 'context',
        text: '/home/me/.claude/plans/ledger.md',
        payload: wording('plan-mode instructions', 978),
      },
      { id: 'a3', type: 'context', text: '', payload: wording('auto-mode reminder', 34) },
      {
        id: 'a4',
        type: 'context',
        text: '2026-08-04',
        payload: wording('date-change notice', 34),
      },
      // 35 tokens, and 14 for the sentence naming the plan file.
      {
        id: 'a5',
        type: 'context',
        text: '/home/me/.claude/plans/ledger.md',
        payload: wording('plan-mode exit notice', 49),
      },
      { id: 'a6', type: 'context', text: '{"content":[{"id":3}],"itemCount":1}' },
    ])
  })

  it('prices the auto-mode attachment of 2.1.2xx by its flags, in place of a reminderType', () => {
    // Measured in o200k_base on 2.1.251's wording, with its tags: the instructions 218, the
    // consent paragraph 299 and the work-through-Bash paragraph 75 after them; that paragraph
    // alone under a line naming the mode, 90 (auto) and 91 (bypass).
    const flags = (extra: Record<string, boolean>) => ({
      type: 'auto_mode',
      autoModeConsentFlow: false,
      bashFirst: false,
      steerOnly: false,
      bypass: false,
      ...extra,
    })
    const text = [
      event('u1', null, { type: 'user', message: { role: 'user', content: 'go' } }),
      attachmentEvent('a1', 'u1', flags({ steerOnly: true, bashFirst: true })),
      attachmentEvent('a2', 'a1', flags({ bypass: true })),
      attachmentEvent('a3', 'a2', flags({})),
      attachmentEvent('a4', 'a3', flags({ bashFirst: true, autoModeConsentFlow: true })),
    ].join('\n')
    expect(
      importConversation(text)
        .messages.slice(1)
        .map((m) => m.payload),
    ).toEqual([
      wording('auto-mode note', 90),
      wording('bypass-mode note', 91),
      wording('auto-mode instructions', 218),
      wording('auto-mode instructions', 218 + 299 + 75),
    ])
  })

  it('reads a file, a note or a listing written as its fields as Claude Code sends them', () => {
    const text = [
      event('u1', null, { type: 'user', message: { role: 'user', content: 'look at @src/a.ts' } }),
      attachmentEvent('f1', 'u1', {
        type: 'file',
        filename: '/w/src/a.ts',
        content: {
          type: 'text',
          file: { filePath: '/w/src/a.ts', content: 'const a = 1\nexport { a }', startLine: 9 },
        },
        truncated: true,
      }),
      attachmentEvent('e1', 'f1', {
        type: 'edited_text_file',
        filename: '/w/src/b.ts',
        snippet: '3\tlet b = 2',
      }),
      attachmentEvent('d1', 'e1', {
        type: 'deferred_tools_delta',
        addedLines: ['mcp__db__query', 'mcp__db__schema'],
        removedNames: ['mcp__old__ping'],
      }),
      attachmentEvent('d2', 'd1', {
        type: 'deferred_tools_delta',
        addedLines: [],
        removedNames: ['x'],
      }),
      attachmentEvent('g1', 'd2', {
        type: 'agent_listing_delta',
        addedLines: ['- Explore: reads code'],
        removedTypes: ['Old'],
        isInitial: true,
        showConcurrencyNote: true,
      }),
      attachmentEvent('m1', 'g1', {
        type: 'mcp_instructions_delta',
        addedBlocks: ['## db', '## web'],
      }),
      attachmentEvent('s1', 'm1', { type: 'skill_listing', content: '- pdf: reads PDFs' }),
      attachmentEvent('c1', 's1', { type: 'compact_file_reference', filename: '/w/big.log' }),
      attachmentEvent('n1', 'c1', {
        type: 'nested_memory',
        content: { path: '/w/src/CLAUDE.md', content: 'Use tabs.' },
      }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.slice(1)).toEqual([
      // Numbered from its start line, a tab after each number; the call and its result's heading
      // are 42 tokens, and the note that the file was cut 51.
      {
        id: 'f1',
        type: 'context',
        text: '/w/src/a.ts\n9\tconst a = 1\n10\texport { a }',
        payload: wording('Read of a file it attached', 93),
      },
      {
        id: 'e1',
        type: 'context',
        text: '/w/src/b.ts\n3\tlet b = 2',
        payload: wording('note of a file changed outside it', 78),
      },
      // 21 over what it adds, 28 over what it takes away.
      {
        id: 'd1',
        type: 'context',
        text: 'mcp__db__query\nmcp__db__schema\n\nmcp__old__ping',
        payload: wording('deferred tools changed', 49),
      },
      // Only what it takes away: that heading, and the tags.
      { id: 'd2', type: 'context', text: 'x', payload: wording('deferred tools changed', 38) },
      // The first listing's heading 18, the removed types' 10, the concurrency note 25.
      {
        id: 'g1',
        type: 'context',
        text: '- Explore: reads code\n\n- Old',
        payload: wording('agent listing changed', 53),
      },
      {
        id: 'm1',
        type: 'context',
        text: '## db\n\n## web',
        payload: wording('MCP servers’ instructions changed', 31),
      },
      {
        id: 's1',
        type: 'context',
        text: '- pdf: reads PDFs',
        payload: wording('skill listing', 22),
      },
      {
        id: 'c1',
        type: 'context',
        text: '/w/big.log',
        payload: wording('note of a file too large to restore', 41),
      },
      {
        id: 'n1',
        type: 'context',
        text: '/w/src/CLAUDE.md\n\nUse tabs.',
        payload: wording('memory file', 14),
      },
    ])
  })

  it('gives a compaction summary to lineage as an earlier summary', () => {
    const { messages } = importConversation(fixture('claude-code-compacted.jsonl'))
    const findings = diagnose({ messages, options: { maxTokens: 100000 } })
    expect(findings.map((f) => f.code)).toContain('earlier-summary')
  })

  it('loads the rest of a file whose lines are truncated or broken, naming each line', () => {
    const imported = importConversation(fixture('claude-code-truncated.jsonl'))
    expect(imported.format).toBe('claude-code')
    expect(imported.messages).toEqual([
      { id: 't-0001', type: 'user', text: 'Rename getUser to fetchUser everywhere.' },
      { id: 't-0002', type: 'bot', text: 'Renaming in 4 files.' },
      { id: 't-0003', type: 'user', text: "Also the docs, s'il te plaît." },
      { id: 't-0004', type: 'bot', text: 'Docs updated too.' },
    ])
    const warnings = imported.report.filter((n) => n.severity === 'warning')
    expect(warnings).toEqual([
      {
        severity: 'warning',
        path: 'line 3',
        problem: 'truncated or malformed JSON (column 1: invalid symbol); skipped, the rest loaded',
      },
      {
        severity: 'warning',
        path: 'line 6',
        problem: "truncated or malformed JSON (column 71: expected ':'); skipped, the rest loaded",
      },
    ])
  })

  it('bridges the chain over a broken line, so only that line is lost', () => {
    const text = [
      event('a', null, { type: 'user', message: { role: 'user', content: 'first' } }),
      '{"parentUuid":"a","isSidechain":false,"uuid":"b","type":"assi',
      event('c', 'b', { type: 'user', message: { role: 'user', content: 'third' } }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages).toEqual([
      { id: 'a', type: 'user', text: 'first' },
      { id: 'c', type: 'user', text: 'third' },
    ])
    expect(imported.report).toEqual([
      {
        severity: 'warning',
        path: 'line 2',
        problem:
          'truncated or malformed JSON (column 57: unexpected end of string); skipped, the rest loaded',
      },
      {
        severity: 'warning',
        path: 'line 3: parentUuid',
        problem:
          '"b" is not in the file (line 2 is broken); the chain was bridged to line 1, the event before the gap',
      },
    ])
  })

  it('bridges a subagent transcript over an event it never holds, as its shape, not damage', () => {
    // A subagent's own file (every event a sidechain) holds no progress of its own, and its
    // first reply may hang off one; in a session's own file the same gap is warned of.
    const line = (uuid: string, parent: string | null, role: string, text: string, side = true) =>
      JSON.stringify({
        parentUuid: parent,
        isSidechain: side,
        uuid,
        type: role,
        message: { role, content: text },
      })
    const sub = importConversation(
      [
        line('t', null, 'user', 'Find the helper.'),
        line('r', 'p', 'assistant', 'In util.ts.'),
      ].join('\n'),
    )
    expect(sub.messages.map((m) => m.id)).toEqual(['t', 'r'])
    expect(sub.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(sub.report).toContainEqual({
      severity: 'info',
      path: 'line 2: parentUuid',
      problem:
        '"p" is not in the file: a subagent\'s transcript leaves out some events its lines hang off (progress, and in versions up to 2.1.136 at least its attachments); the chain was bridged to line 1, the event before it',
    })
    const main = importConversation(
      [
        line('t', null, 'user', 'Find the helper.', false),
        line('r', 'p', 'assistant', 'In util.ts.', false),
      ].join('\n'),
    )
    expect(main.report).toContainEqual({
      severity: 'warning',
      path: 'line 2: parentUuid',
      problem: '"p" is not in the file; the chain was bridged to line 1, the event before the gap',
    })
  })

  it('says where a reply Claude Code 2.1.23 – 2.1.29 wrote into its prompt-suggestion file likely is', () => {
    // The helper that suggests the next prompt wrote the turn's last reply (a2) into its own file
    // first, and the session's file never got it: the turn's closing line hangs off a2.
    const session = (version: string) =>
      [
        event('u1', null, say('user', 'Is the dashboard working?', { version })),
        event(
          'a1',
          'u1',
          say('assistant', [{ type: 'thinking', thinking: 'Check it.', signature: 'sig' }], {
            version,
          }),
        ),
        event('t1', 'a2', { type: 'system', subtype: 'turn_duration', durationMs: 5000 }),
        event('u2', 't1', say('user', 'How do I use it?', { version })),
      ].join('\n')
    // Each reply line with usage names its version, as Claude Code writes it.
    const withUsage = (text: string) =>
      text.replace(
        '"content":[{"type":"thinking"',
        '"id":"msg_01A","usage":{"input_tokens":10,"output_tokens":5},"content":[{"type":"thinking"',
      )
    const warningOf = (version: string) =>
      importConversation(withUsage(session(version))).report.find(
        (n) => n.path === 'line 3: parentUuid',
      )
    const old = warningOf('2.1.29')
    expect(old?.severity).toBe('warning')
    expect(old?.problem).toMatch(/^"a2" is not in the file; the chain was bridged to line 2/)
    expect(old?.problem).toMatch(/subagents folder, in a file named agent-aprompt_suggestion-/)
    // 2.1.30 writes no transcript for that helper: the gap is not its doing.
    expect(warningOf('2.1.30')?.problem).toBe(
      '"a2" is not in the file; the chain was bridged to line 2, the event before the gap',
    )
  })

  it('loads 99 of 100 events when line 91 is broken', () => {
    const lines: string[] = []
    for (let i = 1; i <= 100; i++) {
      const role = i % 2 === 1 ? 'user' : 'assistant'
      lines.push(
        event(`m${i}`, i === 1 ? null : `m${i - 1}`, {
          type: role,
          message: { role, content: `message ${i}` },
        }),
      )
    }
    lines[90] = lines[90].slice(0, 40)
    const imported = importConversation(lines.join('\n'))
    const expectedIds = Array.from({ length: 100 }, (_, k) => `m${k + 1}`).filter(
      (id) => id !== 'm91',
    )
    expect(imported.messages.map((m) => m.id)).toEqual(expectedIds)
    expect(imported.report.filter((n) => n.severity === 'warning').map((n) => n.path)).toEqual([
      'line 91',
      'line 92: parentUuid',
    ])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'line 92: parentUuid',
      problem:
        '"m91" is not in the file (line 91 is broken); the chain was bridged to line 90, the event before the gap',
    })
  })

  it('skips an event whose message is malformed, naming its line and field', () => {
    const text = [
      event('a', null, { type: 'user', message: { role: 'user', content: 'hello' } }),
      event('b', 'a', { type: 'assistant', message: { role: 'assistant', content: 7 } }),
      event('c', 'b', { type: 'user', message: { role: 'user', content: 'still here' } }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages).toEqual([
      { id: 'a', type: 'user', text: 'hello' },
      { id: 'c', type: 'user', text: 'still here' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'line 2: message.content',
      problem: '"content" is a number, not a string or a list of blocks; event skipped',
    })
  })
})

describe('Claude Code 2.1 session in', () => {
  const file = fixture('claude-code-2.1.jsonl')
  const u = (id: string, text: string): Message => ({ id, type: 'user', text })
  const ctx = (id: string, text: string): Message => ({ id, type: 'context', text })
  const bot = (id: string, text: string, payload?: string): Message =>
    payload ? { id, type: 'bot', text, payload } : { id, type: 'bot', text }
  const result = (id: string, payload: string): Message => ({
    id,
    type: 'activity',
    text: '',
    payload,
  })

  it('reads the texts Claude Code writes as user text as context, not as prompts', () => {
    // Claude Code's INTERRUPT_MESSAGE_FOR_TOOL_USE (utils/messages.ts), written as user text after
    // the rejected tool result (public 2.1.270 sessions).
    const user = (content: unknown) => ({ type: 'user', message: { role: 'user', content } })
    const text = [
      event('a', null, user('Delete the build folder.')),
      event('b', 'a', {
        type: 'assistant',
        message: {
          id: 'msg_1',
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'rm -r build' } },
          ],
        },
      }),
      event(
        'c',
        'b',
        user([
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Rejected.', is_error: true },
        ]),
      ),
      event('d', 'c', user([{ type: 'text', text: '[Request interrupted by user for tool use]' }])),
      // Two more texts Claude Code writes as user text (2.1.68 – 2.1.81): a background task's
      // notice with no origin, and the text beside a ToolSearch result (TOOL_REFERENCE_TURN_BOUNDARY).
      event(
        'e',
        'd',
        user(
          '<task-notification><task-id>b1</task-id><status>completed</status></task-notification>',
        ),
      ),
      event('f', 'e', {
        type: 'assistant',
        message: {
          id: 'msg_2',
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_2', name: 'ToolSearch', input: { query: 'x' } }],
        },
      }),
      event(
        'g',
        'f',
        user([
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: [{ type: 'tool_reference', tool_name: 'WebFetch' }],
          },
          { type: 'text', text: 'Tool loaded.' },
        ]),
      ),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
      ['a', 'user'],
      ['b', 'bot'],
      ['toolu_1', 'activity'],
      ['d', 'context'],
      ['e', 'context'],
      ['f', 'bot'],
      ['toolu_2', 'activity'],
      [undefined, 'context'],
    ])
    expect(imported.report).toContainEqual(
      expect.objectContaining({
        severity: 'info',
        problem:
          'the note Claude Code writes where the user interrupted a request, sent as user text but not typed; read as context, not as a user prompt',
      }),
    )
  })

  it('loads every event the model was sent, through attachments and parallel tool calls', () => {
    const imported = importConversation(file)
    expect(imported.format).toBe('claude-code')
    expect(imported.model).toBe('claude-opus-4-5-20251101')
    expect(imported.messages).toEqual([
      ctx(
        'e-0001',
        '<local-command-caveat>Note: the next messages came from local commands the user ran; answer them only if asked.</local-command-caveat>',
      ),
      ctx(
        'e-0002',
        '<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args></command-args>',
      ),
      ctx('e-0003', '<local-command-stdout>Model set to Opus 4.5</local-command-stdout>'),
      // A skill listing: its list, and Claude Code's heading over it by its size (22 tokens).
      {
        ...ctx('e-0004', '- release-notes: drafts release notes from merged PRs'),
        payload: wording('skill listing', 22),
      },
      u(
        'e-0005',
        'Why does the nightly export job time out? Check the job config and the last log.',
      ),
      ctx('e-0006', 'branch main, 2 files changed since yesterday'),
      {
        id: 'e-0007',
        type: 'reasoning',
        text: 'A timeout on a batch job: compare the batch size with the time limit.',
        payload: '{"signature":"EqMBCkgIBxAC","output_tokens":90}',
      },
      // Lines 9–11 are one API message (msg_e1): its text and both parallel calls.
      bot(
        'e-0008',
        "I'll read the job config and the end of the last log together.",
        '{"tool_calls":[{"id":"toolu_e1","name":"Read","arguments":{"file_path":"/home/ana/export-svc/jobs/nightly.yaml"}},' +
          '{"id":"toolu_e2","name":"Bash","arguments":{"command":"tail -n 3 logs/nightly.log","description":"Show the end of the last log"}}]}',
      ),
      // toolu_e1's result (line 13) is off the walk's path (the next turn continues from line 15).
      result('toolu_e1', 'batch_size: 50000\ntimeout_seconds: 30'),
      result('toolu_e2', 'batch 1/6 took 41 s\nbatch 2/6 took 43 s\nERROR timeout after 30 s'),
      bot(
        'e-0015',
        'Each batch of 50,000 rows takes over 40 s, but the job allows 30 s per batch.',
      ),
      u('e-0017', 'Halve the batch size.'),
      bot(
        'e-0018',
        '',
        '{"tool_calls":[{"id":"toolu_e3","name":"Edit","arguments":{"file_path":"/home/ana/export-svc/jobs/nightly.yaml","old_string":"batch_size: 50000","new_string":"batch_size: 25000"}}]}',
      ),
      result('toolu_e3', 'The file jobs/nightly.yaml has been updated.'),
      u('e-0020', 'also note it in the changelog'),
      bot('e-0021', 'The batch size is now 25,000, and CHANGELOG.md says so.'),
      u('e-0023', 'Run the export once to check it.'),
      bot(
        'e-0024',
        '',
        '{"tool_calls":[{"id":"toolu_e4","name":"Task","arguments":{"description":"Run the export","subagent_type":"general-purpose","prompt":"Run the nightly export once and report its time."}}]}',
      ),
      result('toolu_e4', 'The export ran in 12 minutes.'),
      bot('e-0026', 'The export now finishes in 12 minutes, well inside its window.'),
    ])
  })

  it('counts every event it leaves out, by kind, with the reason', () => {
    const { report } = importConversation(file)
    const byPath = (path: string) => report.filter((n) => n.path === path).map((n) => n.problem)
    expect(byPath('line 1')).toEqual([
      '1 "file-history-snapshot" line: session metadata; not part of the conversation',
    ])
    expect(byPath('line 12')).toEqual([
      "1 progress event: Claude Code's UI progress; not sent to the model",
    ])
    expect(byPath('line 14')).toEqual([
      '1 "hook_non_blocking_error" attachment: Claude Code\'s own record; not sent to the model',
    ])
    expect(byPath('line 17')).toEqual([
      '1 "turn_duration" system event: Claude Code\'s notice; not sent to the model',
    ])
    expect(byPath('line 24')).toEqual([
      "1 API error notice: Claude Code's notice; not sent to the model (Claude Code drops them from requests)",
    ])
    expect(byPath('lines 27–28')).toEqual([
      '2 sidechain events: a Task subagent’s own conversation; hidden from the main thread',
    ])
    expect(byPath('line 32')).toEqual([
      'title: "Nightly export timeout"; file metadata, not a message',
    ])
    expect(byPath('line 33')).toEqual([
      '1 "last-prompt" line: session metadata; not part of the conversation',
    ])
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: message.usage',
      problem: 'provider-reported usage (token counts); read by the usage view',
      count: 9,
    })
    expect(report.filter((n) => n.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        path: 'line 31',
        problem: '1 "bookmark" event: an event type this reader does not know; not loaded',
      },
      {
        severity: 'warning',
        path: 'line 18',
        problem:
          '1 event: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
      },
    ])
  })

  it('finds a tool exchange cut by the boundary: the call in the head, its result in the tail', () => {
    const { messages } = importConversation(file)
    // 20 messages; keeping the last 11 starts the tail on toolu_e2's result (index 9), while
    // the bot message that makes both calls (index 7) is summarised.
    const findings = diagnose({ messages, options: { maxTokens: 200, keepRecentCount: 11 } })
    const cut = findings.filter((f) => f.code === 'tool-exchange-cut')
    expect(cut.map((f) => [f.callId, f.indexes])).toEqual([['toolu_e2', [7, 9]]])
  })

  it('reads a subagent transcript (every line a sidechain) as its own conversation, a fork too', () => {
    const sidechain = file.split('\n').slice(26, 28).join('\n')
    const imported = importConversation(sidechain)
    expect(imported.format).toBe('claude-code')
    expect(imported.messages).toEqual([
      u('s-0001', 'Run the nightly export once and report its time.'),
      bot('s-0002', 'The export ran in 12 minutes.'),
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '',
      problem: 'every event is on a sidechain (a subagent transcript); following its chain',
    })
    // A forked helper's file (agent-acompact-…, public 2.1.63 – 2.1.68 sessions): its first event's
    // parent is an event of the parent session, whose history its requests were sent first.
    const lines = sidechain.split('\n').map((l) => JSON.parse(l))
    const forked = [{ ...lines[0], parentUuid: 'e-0019' }, lines[1]]
    const fork = importConversation(forked.map((v) => JSON.stringify(v)).join('\n'))
    expect(fork.messages.map((m) => m.id)).toEqual(['s-0001', 's-0002'])
    expect(fork.report).toContainEqual({
      severity: 'warning',
      path: 'line 1: parentUuid',
      problem:
        "\"e-0019\" is not in the file: this subagent's conversation goes on from an event of its parent session (a forked helper, such as the compaction's or a prompt suggestion's, is sent the parent's history first), so its requests held that history, which is in the parent session's file; the chain starts here",
    })
  })
})

describe('Claude Code parallel tool calls', () => {
  const asst = (uuid: string, parent: string | null, block: Record<string, unknown>, at: string) =>
    event(uuid, parent, {
      type: 'assistant',
      timestamp: at,
      message: { id: 'msg_p', role: 'assistant', model: 'claude-sonnet-4-5', content: [block] },
    })
  const toolResult = (uuid: string, parent: string, call: string, text: string, at: string) =>
    event(uuid, parent, {
      type: 'user',
      timestamp: at,
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: call, content: text }],
      },
    })

  it('puts back a sibling line and its result when the next turn continues from the first result', () => {
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Read a and b.' } }),
      asst('a1', 'q', { type: 'tool_use', id: 'c1', name: 'Read', input: { path: 'a' } }, 'T01'),
      asst('a2', 'a1', { type: 'tool_use', id: 'c2', name: 'Read', input: { path: 'b' } }, 'T02'),
      toolResult('r2', 'a2', 'c2', 'contents of b', 'T03'),
      toolResult('r1', 'a1', 'c1', 'contents of a', 'T04'),
      event('n', 'r1', {
        type: 'assistant',
        message: {
          id: 'msg_n',
          role: 'assistant',
          content: [{ type: 'text', text: 'Both read.' }],
        },
      }),
    ].join('\n')
    const imported = importConversation(text)
    // The walk from n goes r1 → a1 → q; a2 and r2 come back right after the turn's last line
    // on the walk (a1), as Claude Code's recoverOrphanedParallelToolResults places them.
    expect(imported.messages).toEqual([
      { id: 'q', type: 'user', text: 'Read a and b.' },
      {
        id: 'a1',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"c1","name":"Read","arguments":{"path":"a"}},{"id":"c2","name":"Read","arguments":{"path":"b"}}]}',
      },
      { id: 'c2', type: 'activity', text: '', payload: 'contents of b' },
      { id: 'c1', type: 'activity', text: '', payload: 'contents of a' },
      { id: 'n', type: 'bot', text: 'Both read.' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  describe('a message the Read tool sent with a result the next turn does not continue from', () => {
    // Claude Code 2.1 sends a PDF the Read tool read as a meta user message holding the document,
    // right after the call's result, and writes it as that result's child. Here the PDF's result
    // (r1) is one of two parallel results and the next turn continues from the other (r2).
    const pdf = 'JVBERi0xLjcK'
    const below = (r1Child: string) =>
      [
        event('q', null, {
          type: 'user',
          message: { role: 'user', content: 'Read the PDF, find x.' },
        }),
        asst(
          'a1',
          'q',
          { type: 'tool_use', id: 'c1', name: 'Read', input: { path: 'v.pdf' } },
          'T01',
        ),
        asst(
          'a2',
          'a1',
          { type: 'tool_use', id: 'c2', name: 'Grep', input: { pattern: 'x' } },
          'T02',
        ),
        toolResult('r1', 'a1', 'c1', 'PDF file read: v.pdf (9KB)', 'T04'),
        r1Child,
        toolResult('r2', 'a2', 'c2', 'No files found', 'T05'),
        event('n', 'r2', {
          type: 'assistant',
          message: { id: 'msg_n', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
        }),
      ].join('\n')

    it('loads the document right after its result, as the request sent it', () => {
      const document = {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: pdf },
      }
      // Stamped a little before its result, as Claude Code stamps it (made while the tool ran).
      const meta = event('m', 'r1', {
        type: 'user',
        isMeta: true,
        timestamp: 'T03',
        message: { role: 'user', content: [document] },
      })
      const imported = importConversation(below(meta))
      expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
        ['q', 'user'],
        ['a1', 'bot'],
        ['c1', 'activity'],
        ['m', 'context'],
        ['c2', 'activity'],
        ['n', 'bot'],
      ])
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    // A prompt the user typed, or the caveat Claude Code puts before a local command they ran:
    // either starts a branch of its own (a rewind), not a message the tool sent.
    const caveat =
      'Caveat: The messages below were generated by the user while running local commands.'
    it.each([
      ['a prompt', { message: { role: 'user', content: 'Stop, read w.pdf instead.' } }],
      ['a caveat', { isMeta: true, message: { role: 'user', content: caveat } }],
    ])('keeps %s below that result an abandoned branch', (_, fields) => {
      const imported = importConversation(
        below(event('p', 'r1', { type: 'user', timestamp: 'T03', ...fields })),
      )
      expect(imported.messages.map((m) => m.id)).toEqual(['q', 'a1', 'c1', 'c2', 'n'])
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'line 5',
        problem:
          '1 event: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
      })
    })
  })

  it('loads a transcript written twice once: the later line of a uuid replaces the earlier', () => {
    // A subagent's file can hold its events twice, with the same uuids, the first copy hung off
    // an event the file does not hold. Claude Code keys what it loads by uuid, so each event is
    // there once, as its later line has it.
    const copy = (root: string | null) => [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Read a.' } }),
      asst('a1', root, { type: 'tool_use', id: 'c1', name: 'Read', input: { path: 'a' } }, 'T01'),
      toolResult('r1', 'a1', 'c1', 'contents of a', 'T02'),
    ]
    const text = [
      ...copy('elsewhere'),
      ...copy('q'),
      event('n', 'r1', {
        type: 'assistant',
        message: { id: 'msg_n', role: 'assistant', content: [{ type: 'text', text: 'Read.' }] },
      }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages).toEqual([
      { id: 'q', type: 'user', text: 'Read a.' },
      {
        id: 'a1',
        type: 'bot',
        text: '',
        payload: '{"tool_calls":[{"id":"c1","name":"Read","arguments":{"path":"a"}}]}',
      },
      { id: 'c1', type: 'activity', text: '', payload: 'contents of a' },
      { id: 'n', type: 'bot', text: 'Read.' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–3',
      problem:
        '3 events written again: a later line carries its uuid again (a transcript written twice); the later copy is loaded, as Claude Code loads it',
    })
  })

  it('takes a later line’s prompt counts where they are above 0, as Claude Code keeps them', () => {
    // A gateway reports an empty prompt when the stream starts and the real one at its end;
    // Claude Code keeps each of the three counts from a later line where it is above 0
    // (updateUsage). The second reply's last line reports fresh input but no cache read: the
    // cache read of its first line stands.
    const line = (uuid: string, parent: string, id: string, text: string, usage: object) =>
      event(uuid, parent, {
        type: 'assistant',
        message: {
          id,
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [{ type: 'text', text }],
          usage,
        },
      })
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Hi.' } }),
      line('a1', 'q', 'msg_01AAAAAAAAAAAAAAAAAAAAAA', 'Hello', {
        input_tokens: 0,
        cache_creation_input_tokens: null,
        cache_read_input_tokens: null,
        output_tokens: 1,
      }),
      line('a2', 'a1', 'msg_01AAAAAAAAAAAAAAAAAAAAAA', 'there.', {
        input_tokens: 4058,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 17170,
        output_tokens: 9,
      }),
      event('q2', 'a2', { type: 'user', message: { role: 'user', content: 'And?' } }),
      line('b1', 'q2', 'msg_01BBBBBBBBBBBBBBBBBBBBBB', 'So', {
        input_tokens: 12,
        cache_creation_input_tokens: 40,
        cache_read_input_tokens: 21228,
        output_tokens: 1,
      }),
      line('b2', 'b1', 'msg_01BBBBBBBBBBBBBBBBBBBBBB', 'on.', {
        input_tokens: 15,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 4,
      }),
    ].join('\n')
    const imported = importConversation(text)
    // 0 + 4,058 + 17,170; then 15 (the later line's) + 40 + 21,228 (the first line's).
    expect(imported.usage?.map((u) => [u.inputTokens, u.outputTokens, u.at])).toEqual([
      [21228, 9, 'line 2'],
      [21283, 4, 'line 5'],
    ])
  })

  it('takes no report from a reply whose every line counts an empty prompt', () => {
    // A backend that fills in no usage (z.ai behind Claude Code 2.1.17 in a public file) writes
    // 0 input, cache and output on every line of some replies. No request is sent empty: such a
    // count is no report, and the first real one is what later requests are compared with.
    const line = (uuid: string, parent: string, id: string, text: string, usage: object) =>
      event(uuid, parent, {
        type: 'assistant',
        message: {
          id,
          role: 'assistant',
          model: 'glm-4.7',
          content: [{ type: 'text', text }],
          usage,
        },
      })
    const none = {
      input_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 0,
    }
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Hi.' } }),
      line('a1', 'q', 'msg_a', 'Hello', none),
      line('a2', 'a1', 'msg_a', 'there.', none),
      event('q2', 'a2', { type: 'user', message: { role: 'user', content: 'And?' } }),
      line('b1', 'q2', 'msg_b', 'So on.', {
        input_tokens: 120,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 23560,
        output_tokens: 6,
      }),
      event('q3', 'b1', { type: 'user', message: { role: 'user', content: 'Thanks.' } }),
      line('c1', 'q3', 'msg_c', 'Welcome.', none),
    ].join('\n')
    const imported = importConversation(text)
    // One report: 120 + 0 + 23,560, the second reply's, of the three messages before it (the
    // first reply's two lines are one message, as one API message).
    expect(imported.usage?.map((u) => [u.prompt, u.inputTokens, u.at])).toEqual([
      [3, 23680, 'line 5'],
    ])
    // Every surface reads the reports from the import: a file of empty counts alone has none.
    const only = [text.split('\n')[0], text.split('\n')[1], text.split('\n')[2]].join('\n')
    expect(importConversation(only).usage).toBeUndefined()
  })

  it('reads a reply of 150,000 stray fields, naming the first few and counting the rest', () => {
    // A proxy once wrote a reply's message with a string's characters as fields "0", "1", …:
    // 137,454 of them in a public file. Each stray field was a note of its own, and the notes
    // were more than one call takes as arguments.
    const stray = Object.fromEntries(Array.from({ length: 150_000 }, (_, i) => [String(i), 'x']))
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Hi.' } }),
      event('a', 'q', {
        type: 'assistant',
        message: {
          ...stray,
          id: 'msg_a',
          role: 'assistant',
          content: [{ type: 'text', text: 'Hello.' }],
        },
      }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.text)).toEqual(['Hi.', 'Hello.'])
    const stray0 = imported.report.filter((n) => n.path.includes('message.'))
    // Twenty notes: nineteen fields by name, then the twentieth and the 149,980 after it.
    expect(stray0).toHaveLength(20)
    expect(stray0[0]).toMatchObject({ severity: 'info', path: 'line 2: message.0' })
    expect(stray0[19]).toMatchObject({
      severity: 'info',
      path: 'line 2: message.19 and 149,980 more fields',
      problem: stray0[0].problem,
    })
  })

  it('keeps a rewind off the chain: a sibling prompt is an abandoned branch, not a parallel part', () => {
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Rename it.' } }),
      event('x', 'q', { type: 'user', message: { role: 'user', content: 'No, delete it.' } }),
      event('y', 'q', { type: 'user', message: { role: 'user', content: 'No, move it.' } }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.id)).toEqual(['q', 'y'])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'line 2',
      problem:
        '1 event: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
    })
  })

  describe('a branch written while the thread went on', () => {
    // Two chains from one tool result (line 3): the thread A (a1, ra1, a2) and a branch B (b1, b2,
    // b3), each reply and tool result stamped with its time.
    const reply = (id: string, at: string, content: string | Record<string, unknown>[]) => ({
      type: 'assistant',
      timestamp: at,
      message: { id, role: 'assistant', content },
    })
    const result = (toolId: string, at: string, text: string) => ({
      type: 'user',
      timestamp: at,
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: toolId, content: text }],
      },
    })
    const start = [
      event('u1', null, say('user', 'Fix the build.')),
      event(
        'a0',
        'u1',
        reply('msg_0', '2026-04-05T10:00:00Z', [
          { type: 'tool_use', id: 't0', name: 'Bash', input: { command: 'make' } },
        ]),
      ),
      event('r0', 'a0', result('t0', '2026-04-05T10:00:01Z', 'error: missing header')),
    ]
    const a = (t1: string, t2: string, t3: string) => [
      event(
        'a1',
        'r0',
        reply('msg_A1', t1, [
          { type: 'tool_use', id: 'tA', name: 'Bash', input: { command: 'make' } },
        ]),
      ),
      event('ra1', 'a1', result('tA', t2, 'ok')),
      event('a2', 'ra1', reply('msg_A2', t3, 'Fixed: the build passes.')),
    ]
    const b = (t1: string, t3: string) => [
      event('b1', 'r0', reply('msg_B1', t1, 'The header is missing.')),
      event('b2', 'b1', say('user', 'Add it.')),
      event('b3', 'b2', reply('msg_B3', t3, 'Added.')),
    ]

    it('says so when its times interleave with the thread’s after they part, not after a rewind', () => {
      const [a1, ra1, a2] = a(
        '2026-04-05T10:01:30Z',
        '2026-04-05T10:02:00Z',
        '2026-04-05T10:03:00Z',
      )
      const [b1, b2, b3] = b('2026-04-05T10:01:00Z', '2026-04-05T10:02:30Z')
      // As two processes append: b1 (line 4), a1, b2, b3 (lines 6–7), ra1, a2.
      const imported = importConversation([...start, b1, a1, b2, b3, ra1, a2].join('\n'))
      expect(imported.messages.map((m) => m.id)).toEqual(['u1', 'a0', 't0', 'a1', 'tA', 'a2'])
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'lines 4, 6–7',
        problem:
          '3 events: off the main chain: a branch from line 3 written while the thread went on (its times and the thread’s after line 3 interleave), as when two Claude Code processes write one session (resumed in two terminals at once); only the chain whose line is last is loaded',
      })
      expect(imported.report.some((n) => n.problem.includes('abandoned branch'))).toBe(false)

      // A rewind: the thread went on only after the branch's last line.
      const [c1, c2, c3] = b('2026-04-05T10:01:00Z', '2026-04-05T10:01:20Z')
      const rewound = importConversation([...start, c1, c2, c3, a1, ra1, a2].join('\n'))
      expect(rewound.report).toContainEqual({
        severity: 'warning',
        path: 'lines 4–6',
        problem:
          '3 events: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
      })
    })
  })
})

describe('Claude Code attachments', () => {
  const read = (attachment: Record<string, unknown>) =>
    importConversation(event('a', null, { type: 'attachment', attachment }), 'claude-code').messages
  it('reads what Claude Code sends as context: the attachment’s own text, or its fields in their wording', () => {
    expect(read({ type: 'hook_additional_context', content: ['Use pnpm.'] })).toEqual([
      { id: 'a', type: 'context', text: 'Use pnpm.' },
    ])
    expect(
      read({
        type: 'file',
        filename: 'a.ts',
        content: { type: 'text', file: { content: 'x = 1' } },
      }),
    ).toEqual([
      {
        id: 'a',
        type: 'context',
        text: 'a.ts\n1\tx = 1',
        payload: wording('Read of a file it attached', 42),
      },
    ])
    expect(
      read({ type: 'deferred_tools_delta', addedNames: ['WebFetch'], addedLines: ['WebFetch'] }),
    ).toEqual([
      {
        id: 'a',
        type: 'context',
        text: 'WebFetch',
        payload: wording('deferred tools changed', 21),
      },
    ])
    expect(
      read({ type: 'nested_memory', content: { path: 'CLAUDE.md', content: 'Use pnpm.' } }),
    ).toEqual([
      {
        id: 'a',
        type: 'context',
        text: 'CLAUDE.md\n\nUse pnpm.',
        payload: wording('memory file', 14),
      },
    ])
  })

  it('reads a prompt typed while the model worked as a user prompt, a queued notification as context', () => {
    expect(read({ type: 'queued_command', prompt: 'and the docs' })).toEqual([
      { id: 'a', type: 'user', text: 'and the docs' },
    ])
    expect(
      read({ type: 'queued_command', prompt: 'task done', commandMode: 'task-notification' }),
    ).toEqual([{ id: 'a', type: 'context', text: 'task done' }])
    expect(read({ type: 'queued_command', prompt: 'mine', origin: { kind: 'human' } })).toEqual([
      { id: 'a', type: 'user', text: 'mine' },
    ])
    expect(read({ type: 'queued_command', prompt: 'theirs', origin: { kind: 'peer' } })).toEqual([
      { id: 'a', type: 'context', text: 'theirs' },
    ])
  })

  it('reads a queued prompt with a pasted image as the same prompt typed: the image as an image', () => {
    const data =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
    const blocks = [
      { type: 'text', text: '[Image #1] this is the screen' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
    ]
    const queued = read({ type: 'queued_command', prompt: blocks })
    const typed = importConversation(
      event('a', null, { type: 'user', message: { role: 'user', content: blocks } }),
      'claude-code',
    ).messages
    expect(queued).toEqual(typed)
    expect(queued.map((m) => m.type)).toEqual(['user'])
    expect(queued[0].text).not.toContain(data)
  })

  it('reads the output of the hooks whose success the model is sent, and no other', () => {
    for (const hookEvent of ['SessionStart', 'UserPromptSubmit', 'UserPromptExpansion']) {
      expect(read({ type: 'hook_success', hookEvent, hookName: hookEvent, content: 'ok' })).toEqual(
        [{ id: 'a', type: 'context', text: 'ok' }],
      )
    }
    for (const hookEvent of ['PostToolUse', 'PreToolUse', 'Stop']) {
      expect(read({ type: 'hook_success', hookEvent, content: 'ok' })).toEqual([])
    }
    // An empty output sends nothing, whichever the hook.
    expect(read({ type: 'hook_success', hookEvent: 'SessionStart', content: '' })).toEqual([])
  })

  it('reads of an asynchronous hook’s response only its system message and additional context', () => {
    // A PostToolUse hook that echoes its stdin: the response holds the tool's whole output, which
    // Claude Code does not send; it sends the two fields below, each as a reminder.
    const echo = {
      session_id: 's-1',
      tool_input: { file_path: '/srv/a.ts' },
      tool_response: { file: { content: 'export const a = 1\n'.repeat(200) } },
    }
    const attachment = (response: Record<string, unknown>) => ({
      type: 'async_hook_response',
      hookName: 'PostToolUse:Read',
      hookEvent: 'PostToolUse',
      response,
      stdout: JSON.stringify(response),
      exitCode: 0,
    })
    expect(read(attachment(echo))).toEqual([])
    const { report } = importConversation(
      event('a', null, { type: 'attachment', attachment: attachment(echo) }),
    )
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 1',
      problem:
        '1 "async_hook_response" attachment: an asynchronous hook\'s response with no system message or additional context; Claude Code sends nothing for it',
    })
    expect(
      read(
        attachment({
          ...echo,
          systemMessage: 'Lint passed.',
          hookSpecificOutput: {
            hookEventName: 'PostToolUse',
            additionalContext: 'a.ts is generated.',
          },
        }),
      ),
    ).toEqual([{ id: 'a', type: 'context', text: 'Lint passed.\na.ts is generated.' }])
  })

  it('leaves out, and counts, what Claude Code never sends', () => {
    expect(read({ type: 'hook_success', hookEvent: 'PostToolUse', content: 'ok' })).toEqual([])
    // 2.1.3xx's own notes on the context, which it renders to no message.
    expect(read({ type: 'context_efficiency', content: 'x' })).toEqual([])
    expect(read({ type: 'attention_budget', tokens: 1200 })).toEqual([])
    expect(read({ type: 'hook_additional_context', hookEvent: 'Stop', content: [] })).toEqual([])
    expect(read({ type: 'already_read_file', filename: 'a.ts' })).toEqual([])
    const { report } = importConversation(
      event('a', null, { type: 'attachment', attachment: { type: 'command_permissions' } }),
    )
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 1',
      problem:
        '1 "command_permissions" attachment: Claude Code\'s own record; not sent to the model',
    })
  })
})

describe('Claude Code lines with no uuid', () => {
  it('counts metadata of an unknown type as info, and a message without a uuid as a warning', () => {
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Go.' } }),
      JSON.stringify({ type: 'kiln-ledger', sessionId: 's', entries: [] }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'lost' } }),
    ].join('\n')
    const { report } = importConversation(text)
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 2',
      problem:
        '1 "kiln-ledger" line: session metadata of a type this reader does not know; never on the chain',
    })
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 3',
      problem: '1 "user" event without a uuid: not on the conversation’s chain; not loaded',
    })
  })

  it('names the session metadata Claude Code 2.1.3xx writes as such', () => {
    // A few of the types the compiled 2.1.332 routes as session state, in shapes it writes.
    const lines = [
      { type: 'session-owner', sessionId: 's', accountUuid: 'a' },
      { type: 'cost-state', sessionId: 's', totalCostUSD: 0.2 },
      { type: 'permission-mode', permissionMode: 'plan', sessionId: 's' },
      { type: 'host-row', sessionId: 's', agentId: 'x', ranByToolUseId: 'toolu_1' },
      { type: 'derived-from', v: 1, sessionId: 's', sessions: [] },
    ]
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Go.' } }),
      ...lines.map((l) => JSON.stringify(l)),
    ].join('\n')
    const { messages, report } = importConversation(text)
    expect(messages.map((m) => m.id)).toEqual(['q'])
    for (const [i, { type }] of lines.entries()) {
      expect(report).toContainEqual({
        severity: 'info',
        path: `line ${i + 2}`,
        problem: `1 "${type}" line: session metadata; not part of the conversation`,
      })
    }
  })

  it('names the records Claude Code 2.1.3xx keeps to replay its requests', () => {
    const text = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Go.' } }),
      JSON.stringify({ type: 'api-request-shape', sessionId: 's', shapeHash: 'h', shape: {} }),
      JSON.stringify({ type: 'api-request', sessionId: 's', id: 'r1', shapeHash: 'h', tail: [] }),
    ].join('\n')
    const { messages, report } = importConversation(text)
    expect(messages.map((m) => m.id)).toEqual(['q'])
    for (const [line, type] of [
      [2, 'api-request-shape'],
      [3, 'api-request'],
    ]) {
      expect(report).toContainEqual({
        severity: 'info',
        path: `line ${line}`,
        problem: `1 "${type}" line: Claude Code’s record of a request, kept to replay it; not read (the conversation is read from the chain, and the system prompt and tools a request held are derived from the first reported request)`,
      })
    }
  })
})

describe('Claude Code detection', () => {
  it('knows a session whose first 50 lines are snapshots and queued prompts', () => {
    const head = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        type: 'queue-operation',
        operation: 'enqueue',
        timestamp: '2026-04-02T14:00:00.000Z',
        sessionId: 's',
        content: `prompt ${i}`,
      }),
    )
    const snapshots = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify({
        type: 'file-history-snapshot',
        messageId: `m${i}`,
        snapshot: {
          messageId: `m${i}`,
          trackedFileBackups: {},
          timestamp: '2026-04-02T14:00:00.000Z',
        },
        isSnapshotUpdate: false,
      }),
    )
    const prompt = event('q', null, { type: 'user', message: { role: 'user', content: 'Go.' } })
    for (const lines of [head, snapshots]) {
      const imported = importConversation([...lines, prompt].join('\n'))
      expect(imported.format).toBe('claude-code')
      expect(imported.messages).toEqual([{ id: 'q', type: 'user', text: 'Go.' }])
    }
  })

  it("names the transcript to open instead of a subagent's agent-<id>.meta.json", () => {
    // Claude Code 2.1.101 – 2.1.138 write {agentType, description} beside a subagent's
    // transcript; as one line or pretty-printed, the reason says which file holds the conversation.
    const meta = { agentType: 'Explore', description: 'Find where tide times are parsed' }
    for (const text of [JSON.stringify(meta), JSON.stringify(meta, null, 2)]) {
      expect(() => importConversation(text)).toThrow(
        "not a conversation in any known format; it looks most like Claude Code session (JSONL), but this is a Claude Code subagent's metadata (agent-<id>.meta.json: its agent type and task); the subagent's conversation is agent-<id>.jsonl, in the same folder",
      )
    }
    // Any other field, and it is not that file: the native format's reason stands.
    expect(() => importConversation(JSON.stringify({ ...meta, messages: 3 }))).toThrow(/"messages"/)
  })
})

describe('Claude Code split turns', () => {
  const assistant = (uuid: string, parent: string, id: string, content: unknown[]) =>
    event(uuid, parent, {
      type: 'assistant',
      message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content },
    })
  const call = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: { path: id } })
  const result = (uuid: string, parent: string, callId: string) =>
    event(uuid, parent, {
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: callId, content: 'ok' }],
      },
    })

  it('merges a line into its API message across tool results and other turns, not across a prompt', () => {
    const file = [
      event('a', null, { type: 'user', message: { role: 'user', content: 'first' } }),
      assistant('b', 'a', 'msg_1', [call('t1')]),
      result('c', 'b', 't1'),
      assistant('d', 'c', 'msg_2', [call('t2')]),
      result('e', 'd', 't2'),
      // msg_1 again: only tool results and another turn stand between, so it joins msg_1.
      assistant('f', 'e', 'msg_1', [{ type: 'text', text: 'late part of msg_1' }]),
      event('g', 'f', { type: 'user', message: { role: 'user', content: 'second' } }),
      // msg_2 again, after a prompt: a message of its own.
      assistant('h', 'g', 'msg_2', [{ type: 'text', text: 'after the prompt' }]),
    ].join('\n')
    const { messages } = importConversation(file, 'claude-code')
    expect(messages.map((m) => [m.id, m.type, m.text])).toEqual([
      ['a', 'user', 'first'],
      ['b', 'bot', 'late part of msg_1'],
      ['t1', 'activity', ''],
      ['d', 'bot', ''],
      ['t2', 'activity', ''],
      ['g', 'user', 'second'],
      ['h', 'bot', 'after the prompt'],
    ])
    expect(messages[1].payload).toBe(
      '{"tool_calls":[{"id":"t1","name":"Read","arguments":{"path":"t1"}}]}',
    )
  })

  it('loads a turn once when a resumed session wrote it again under new uuids', () => {
    // Claude Code 2.0.x, resumed twice: each time it wrote the history again, the same API
    // message (its thinking and tool_use, then the result) under new uuids, hanging off the same
    // prompt: first as one line, then as a line a block. The thread goes on from the last copy.
    const thinking = { type: 'thinking', thinking: 'Read it first.', signature: 'c2lnbmF0dXJl' }
    const file = [
      event('q', null, { type: 'user', message: { role: 'user', content: 'go on' } }),
      assistant('a1', 'q', 'msg_1', [thinking, call('t1')]), // line 2
      result('r1', 'a1', 't1'), // line 3
      assistant('a2', 'q', 'msg_1', [thinking]), // line 4
      assistant('a3', 'a2', 'msg_1', [call('t1')]), // line 5
      result('r2', 'a3', 't1'), // line 6
      assistant('a4', 'q', 'msg_1', [thinking]), // line 7
      assistant('a5', 'a4', 'msg_1', [call('t1')]),
      result('r3', 'a5', 't1'),
      assistant('b', 'r3', 'msg_2', [{ type: 'text', text: 'Done.' }]),
    ].join('\n')
    const imported = importConversation(file, 'claude-code')
    // One thinking, one call, one result: as each later request sent them.
    expect(imported.messages.map((m) => [m.type, m.id])).toEqual([
      ['user', 'q'],
      ['reasoning', 'a4'],
      ['bot', 'a5'],
      ['activity', 't1'],
      ['bot', 'b'],
    ])
    const copies = imported.report.find((n) => n.path === 'lines 2–6')
    expect(copies?.severity).toBe('info')
    expect(copies?.problem).toMatch(/^5 copies of turns: what the thread already holds/)
    expect(diagnose({ messages: imported.messages, options: { maxTokens: 100_000 } })).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ code: 'duplicate-id' })]),
    )
  })
})

// What public sessions of Claude Code 1.0.90 to 2.1.212 showed (docs/formats/claude-code.md), in
// fixtures of our own that follow their schema.
describe('Claude Code: shapes found in public sessions', () => {
  const user = (uuid: string, parent: string | null, content: unknown, extra = {}) =>
    event(uuid, parent, { type: 'user', message: { role: 'user', content }, ...extra })
  const bot = (uuid: string, parent: string, content: unknown[]) =>
    event(uuid, parent, {
      type: 'assistant',
      message: { id: `msg_${uuid}`, role: 'assistant', model: 'claude-sonnet-4-5', content },
    })
  const call = { type: 'tool_use', id: 'c1', name: 'Bash', input: { command: 'ls' } }
  const result = [{ type: 'tool_result', tool_use_id: 'c1', content: 'a.ts' }]

  it('reads a hook notice beside a tool call as the live session had it, not as an abandoned branch', () => {
    // PreToolUse hooks' attachments hang off the call, as its result does, and Claude Code resumes
    // through the result; the live session's requests carried what normalizeAttachmentForAPI
    // sends of them (a blocking error), after the call's result (tool results go first).
    const text = [
      user('q', null, 'List the files.'),
      bot('a', 'q', [call]),
      event('h', 'a', {
        type: 'attachment',
        attachment: { type: 'hook_success', hookEvent: 'PreToolUse', content: '' },
      }),
      event('e', 'h', {
        type: 'attachment',
        attachment: {
          type: 'hook_blocking_error',
          hookName: 'PreToolUse:Bash',
          hookEvent: 'PreToolUse',
          blockingError: { blockingError: 'State the goal first.', command: 'gate.sh' },
        },
      }),
      user('r', 'a', result),
      bot('b', 'r', [{ type: 'text', text: 'One file.' }]),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
      ['q', 'user'],
      ['a', 'bot'],
      ['c1', 'activity'],
      ['e', 'context'],
      ['b', 'bot'],
    ])
    expect(imported.messages[3].text).toBe(
      'PreToolUse:Bash hook blocking error from command: "gate.sh": State the goal first.',
    )
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 3',
      problem:
        '1 "hook_success" attachment: a hook\'s output shown to the user; not sent to the model',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('keeps an attachment that leads to an abandoned prompt on that branch, not beside the thread', () => {
    // The user edited the prompt that followed the reply: the old prompt, and the context before
    // it, are another branch, even though no turn is between that context and the thread.
    const text = [
      user('q', null, 'List the files.'),
      bot('b', 'q', [{ type: 'text', text: 'Which folder?' }]),
      event('a', 'b', {
        type: 'attachment',
        attachment: { type: 'hook_additional_context', content: ['Use the src folder.'] },
      }),
      user('u', 'a', 'The root one.'),
      user('u2', 'b', 'The src folder.'),
      bot('r', 'u2', [{ type: 'text', text: 'Two files.' }]),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.id)).toEqual(['q', 'b', 'u2', 'r'])
    expect(imported.report).toContainEqual({
      severity: 'warning',
      path: 'lines 3–4',
      problem:
        '2 events: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
    })
  })

  describe('hook progress written after its turn (2.1.63 – 2.1.81)', () => {
    const at = (second: number) => `2026-03-25T09:04:${String(second).padStart(2, '0')}.000Z`
    const hook = (uuid: string, parent: string, second: number, hookEvent: string) =>
      event(uuid, parent, {
        type: 'progress',
        timestamp: at(second),
        data: { type: 'hook_progress', hookEvent, hookName: `${hookEvent}:Bash` },
      })
    const timed = (line: string, second: number) =>
      JSON.stringify({ ...JSON.parse(line), timestamp: at(second) })
    const call2 = { type: 'tool_use', id: 'c2', name: 'Bash', input: { command: 'cat a.ts' } }
    const result2 = [{ type: 'tool_result', tool_use_id: 'c2', content: 'export {}' }]
    // A turn of two tool calls (lines 2–6), then its hooks' progress, written after it but timed
    // during it, chained from the first call (lines 7–10), then the Stop hook's summary and the
    // next prompt hanging off the last of them.
    const turn = [
      timed(user('q', null, 'List the files, then show a.ts.'), 0),
      timed(bot('a', 'q', [call]), 1),
      timed(user('r', 'a', result), 2),
      timed(bot('b', 'r', [call2]), 3),
      timed(user('r2', 'b', result2), 4),
      timed(bot('d', 'r2', [{ type: 'text', text: 'a.ts exports nothing.' }]), 5),
      hook('p1', 'a', 1, 'PreToolUse'),
      hook('p2', 'p1', 2, 'PostToolUse'),
      hook('p3', 'p2', 3, 'PreToolUse'),
      hook('p4', 'p3', 4, 'PostToolUse'),
    ]

    it('goes on from the end of the turn, where the session was: every call reaches the import', () => {
      const text = [
        ...turn,
        event('s', 'p4', { type: 'system', subtype: 'stop_hook_summary', timestamp: at(6) }),
        timed(user('q2', 's', 'Now delete it.'), 30),
        timed(bot('e', 'q2', [{ type: 'text', text: 'Deleted.' }]), 31),
      ].join('\n')
      const imported = importConversation(text)
      // Walked back by parentUuid alone, q2 → s → p4 … p1 → a → q: c2, its result and d are lost.
      expect(imported.messages.map((m) => m.id)).toEqual([
        'q',
        'a',
        'c1',
        'b',
        'c2',
        'd',
        'q2',
        'e',
      ])
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('goes on from the end of the turn past API errors written after it (2.1.133)', () => {
      // The failed requests Claude Code retried, timed during the turn (seconds 1 – 2) but written
      // after it, chained from the first call, with the Stop hook's summary off the last.
      const failed = (uuid: string, parent: string, second: number) =>
        event(uuid, parent, { type: 'system', subtype: 'api_error', timestamp: at(second) })
      const text = [
        ...turn.slice(0, 6),
        failed('x1', 'a', 1),
        failed('x2', 'x1', 2),
        event('s', 'x2', { type: 'system', subtype: 'stop_hook_summary', timestamp: at(6) }),
        timed(user('q2', 's', 'Now delete it.'), 30),
      ].join('\n')
      const imported = importConversation(text)
      expect(imported.messages.map((m) => m.id)).toEqual(['q', 'a', 'c1', 'b', 'c2', 'd', 'q2'])
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'lines 7–8',
        problem: '2 "api_error" system events: Claude Code\'s notice; not sent to the model',
      })
      // A file that ends on them ends where the turn did: they are not where the thread ends.
      const ending = importConversation(
        [...turn.slice(0, 6), failed('x1', 'a', 1), failed('x2', 'x1', 2)].join('\n'),
      )
      expect(ending.messages.map((m) => m.id)).toEqual(['q', 'a', 'c1', 'b', 'c2', 'd'])
    })

    it('keeps a prompt edited after a rewind on its branch, though a hook run hangs it off progress', () => {
      // After the turn, q2 was sent and answered (seconds 20 – 22); the user then rewound and edited
      // it. The edited prompt q3 hangs off its UserPromptSubmit hook's progress, off d, as q2 did;
      // that progress began (second 30) after everything on q2's branch, which stays abandoned.
      const text = [
        ...turn.slice(0, 6),
        hook('h', 'd', 20, 'UserPromptSubmit'),
        timed(user('q2', 'h', 'Show b.ts too.'), 21),
        timed(bot('f', 'q2', [{ type: 'text', text: 'b.ts is empty.' }]), 22),
        hook('h2', 'd', 30, 'UserPromptSubmit'),
        timed(user('q3', 'h2', 'Show c.ts too.'), 31),
        timed(bot('e', 'q3', [{ type: 'text', text: 'c.ts is empty.' }]), 32),
      ].join('\n')
      const imported = importConversation(text)
      expect(imported.messages.map((m) => m.id)).toEqual([
        'q',
        'a',
        'c1',
        'b',
        'c2',
        'd',
        'q3',
        'e',
      ])
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'lines 8–9',
        problem:
          '2 events: off the main chain: an abandoned branch (a rewind, an edited prompt) or an earlier root; not loaded',
      })
    })
  })

  it('restarts at a Claude Code 1.0 compaction summary, which has no parent and no boundary', () => {
    const text = [
      user('q', null, 'Fix the build.'),
      bot('a', 'q', [{ type: 'text', text: 'Fixed.' }]),
      user(
        's',
        null,
        'This session is being continued from a previous conversation. Summary: fixed.',
        {
          isCompactSummary: true,
        },
      ),
      bot('b', 's', [{ type: 'text', text: 'Next?' }]),
    ].join('\n')
    const imported = importConversation(text)
    // The two messages before the summary are its history: droppedCount 2, by hand.
    expect(imported.messages).toEqual([
      {
        id: 's',
        type: 'context',
        text: 'This session is being continued from a previous conversation. Summary: fixed.',
        meta: { compacted: true, droppedCount: 2 },
      },
      { id: 'b', type: 'bot', text: 'Next?' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–2',
      problem: '2 events: before a compaction; replaced by its summary',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('reads a user message Claude Code queued (origin other than human) as context', () => {
    const text = [
      user('q', null, 'Run the tests in the background.'),
      user('n', 'q', '<task-notification>tests passed</task-notification>', {
        origin: { kind: 'task-notification' },
      }),
      user('h', 'n', 'Thanks.', { origin: { kind: 'human' } }),
    ].join('\n')
    const types = importConversation(text).messages.map((m) => [m.id, m.type])
    expect(types).toEqual([
      ['q', 'user'],
      ['n', 'context'],
      ['h', 'user'],
    ])
  })

  it("warns that a deferred tool's reference stands for a definition the file does not hold", () => {
    const found = [{ type: 'tool_reference', tool_name: 'mcp__github__create_issue' }]
    const text = [
      user('q', null, 'File an issue.'),
      bot('a', 'q', [{ ...call, name: 'ToolSearch', input: { query: 'github issue' } }]),
      user('r', 'a', [{ type: 'tool_result', tool_use_id: 'c1', content: found }]),
    ].join('\n')
    expect(importConversation(text).report).toContainEqual({
      severity: 'warning',
      path: 'line 3: message.content[0].content[0]',
      problem:
        "a reference to a deferred tool: the API expands it into the tool's definition, which the file does not hold; counted as its JSON, so the count is low",
    })
  })

  it('says at every other typed prompt of those versions that their attachments are not in the file', () => {
    // docs/formats/claude-code.md, "Attachments the file does not hold": 1.0.60 – 2.1.89 filter
    // every attachment but a hook's out of the transcript (isLoggableMessage), whatever the prompt
    // names.
    const ATTACHMENTS =
      'Claude Code 1.0.60 – 2.1.89 left the attachments it sent with a prompt out of the session file, a hook’s aside: what it sent with this prompt besides the text (a reminder, a CLAUDE.md read on the way, the skill listing, the IDE’s selection) is not in the file, and where it sent any, the requests from here on are counted low by it'
    const session = (version: string, prompt: string) =>
      [
        user('q', null, prompt, { version }),
        bot('a', 'q', [{ type: 'text', text: 'Done.' }]),
        user('q2', 'a', 'And the tests?', { version }),
      ].join('\n')
    const notes = (version: string, prompt: string) =>
      importConversation(session(version, prompt)).report.filter((n) => n.problem === ATTACHMENTS)
    expect(notes('2.1.88', 'Fix the due date.')).toEqual([
      { severity: 'info', path: 'line *: version', problem: ATTACHMENTS, count: 2 },
    ])
    expect(notes('1.0.60', 'Fix the due date.')).toHaveLength(1)
    // The prompt that names a path with @ is warned instead (below); the other is still said.
    expect(notes('2.1.88', 'Review @docs/plan.md please')).toEqual([
      { severity: 'info', path: 'line 3: version', problem: ATTACHMENTS },
    ])
    // 2.1.97 records its attachments; 1.0.59 is older than every release read.
    expect(notes('2.1.97', 'Fix the due date.')).toEqual([])
    expect(notes('2.1.90', 'Fix the due date.')).toEqual([])
    expect(notes('1.0.59', 'Fix the due date.')).toEqual([])
    // The conversation says so too, for the usage view's words (UNRECORDED_ATTACHMENTS_WORDS).
    const unrecorded = (version: string, prompt: string) =>
      importConversation(session(version, prompt)).attachmentsUnrecorded
    expect(unrecorded('2.1.88', 'Fix the due date.')).toBe(true)
    expect(unrecorded('2.1.88', 'Review @docs/plan.md please')).toBe(true)
    expect(unrecorded('2.1.97', 'Fix the due date.')).toBeUndefined()
  })

  it('says at a prompt of 2.1.90 – 2.1.96 that the file holds the list updates but not the reminders', () => {
    // Claude Code 2.1.90 – 2.1.96 let the deferred tools', MCP servers' instructions' and agents'
    // updates (2.1.94 on, the skill listing) through the transcript filter (isLoggableMessage, read
    // in the npm packages' cli.js of 2.1.90, 2.1.91, 2.1.92, 2.1.94 and 2.1.96); 2.1.89 lets none
    // of them through. A public 2.1.91 file holds an MCP servers' instructions update.
    const REMINDERS =
      'Claude Code 2.1.90 – 2.1.96 wrote only a few kinds of attachment to the session file, among them the updates of its deferred tools, MCP servers’ instructions and agents (from 2.1.94 its skill listing): what else it sent with this prompt (a reminder, a CLAUDE.md read on the way, the IDE’s selection) is not in the file, and where it sent any, the requests from here on are counted low by it'
    const session = (version: string) =>
      [
        user('q', null, 'Which key is set?', { version }),
        attachmentEvent('m', 'q', {
          type: 'mcp_instructions_delta',
          addedNames: ['pencil'],
          addedBlocks: ['## pencil\nEdits .pen files.'],
          removedNames: [],
        }),
        bot('a', 'm', [{ type: 'text', text: 'Done.' }]),
      ].join('\n')
    const read = (version: string) => importConversation(session(version))
    const said = (version: string) =>
      read(version)
        .report.filter((n) => n.path === 'line 1: version' && n.problem.startsWith('Claude Code'))
        .map((n) => n.problem)
    for (const version of ['2.1.90', '2.1.91', '2.1.96']) {
      expect(said(version), version).toEqual([REMINDERS])
      expect(read(version).attachmentsUnrecorded, version).toBe(true)
    }
    expect(said('2.1.89')).toHaveLength(1)
    expect(said('2.1.89')[0]).toMatch(/^Claude Code 1\.0\.60 – 2\.1\.89 left the attachments/)
    expect(said('2.1.97')).toEqual([])
    // The update it holds is read as context the request held.
    expect(read('2.1.91').messages.map((m) => m.type)).toEqual(['user', 'context', 'bot'])
  })

  it('warns where a prompt names a file with @ and the version wrote no attachment for it', () => {
    const MENTION =
      'the prompt names a path with @: Claude Code sends the file or folder it names with the prompt, and before 2.1.97 left that attachment out of the session file, so that content is not in the file and the requests from here on are counted low'
    const session = (version: string, prompt: string) =>
      [user('q', null, prompt, { version }), bot('a', 'q', [{ type: 'text', text: 'Done.' }])].join(
        '\n',
      )
    const mentions = (version: string, prompt: string) =>
      importConversation(session(version, prompt)).report.filter((n) => n.problem === MENTION)
    // 2.1.88 and 1.0.60 filter attachments out of the transcript; 2.1.97 keeps them, 1.0.59 is
    // older than every release read.
    for (const prompt of [
      'Review @docs/design/plan.md please',
      '检视 @pkg/backend/aisuite/ 里的代码',
      'Compare @"notes/my file.txt" with the spec.',
    ]) {
      expect(mentions('2.1.88', prompt), prompt).toEqual([
        { severity: 'warning', path: 'line 1: message.content', problem: MENTION },
      ])
    }
    expect(mentions('1.0.60', 'see @a.ts')).toHaveLength(1)
    expect(mentions('2.1.97', 'Review @docs/design/plan.md please')).toEqual([])
    expect(mentions('1.0.59', 'Review @docs/design/plan.md please')).toEqual([])
    // A version that is not text says nothing of its attachments.
    expect(mentions(2.1 as unknown as string, 'Review @docs/design/plan.md please')).toEqual([])
    // Words Claude Code tries as paths and finds none: decorators, packages, e-mail addresses, a
    // subagent named in quotes.
    for (const prompt of [
      'Why does @dataclass break here?',
      'Pin @playwright/test and @ai-sdk/openai@1.3.24',
      'Mail ana@example.com about it',
      'Ask @"code-reviewer (agent)" to look',
      '@router.get("/overview") returns 404',
    ]) {
      expect(mentions('2.1.88', prompt), prompt).toEqual([])
    }
  })

  it("warns where a command's or skill's instructions name a file with @ and the version wrote no attachment for it", () => {
    // The Skill tool's call runs processPromptSlashCommand, which sends the files the instructions
    // name with @ as attachments after them (cli.js of 2.1.6); 1.0.60 – 2.1.96 keep attachments
    // out of the transcript.
    const COMMAND_MENTION =
      'the instructions of a command or skill name a path with @: Claude Code sends each file or folder it finds at such a path after them, and before 2.1.97 left those attachments out of the session file, so where one was there its content is not in the file and the requests from here on are counted low'
    const body = (text: string) => [{ type: 'text', text }]
    const session = (version: string, instructions: string) =>
      [
        user('q', null, 'Plan phase 10.', { version }),
        bot('a', 'q', [{ ...call, name: 'Skill', input: { skill: 'plan-phase' } }]),
        user('r', 'a', [{ type: 'tool_result', tool_use_id: 'c1', content: 'Launching skill' }], {
          version,
        }),
        user('m', 'r', body(instructions), { version, isMeta: true, sourceToolUseID: 'c1' }),
        bot('b', 'm', [{ type: 'text', text: 'Reading the state.' }]),
      ].join('\n')
    const warned = (version: string, instructions: string) =>
      importConversation(session(version, instructions)).report.filter(
        (n) => n.problem === COMMAND_MENTION,
      )
    const named = '<context>\n@~/.claude/workflows/plan-phase.md\n@.planning/STATE.md\n</context>'
    for (const version of ['2.1.6', '2.1.88', '1.0.60']) {
      expect(warned(version, named), version).toEqual([
        { severity: 'warning', path: 'line 4: message.content', problem: COMMAND_MENTION },
      ])
    }
    // 2.1.97 writes the attachments to the file; instructions that name no path say nothing.
    expect(warned('2.1.97', named)).toEqual([])
    expect(warned('2.1.6', 'Read the roadmap, then write the plan.')).toEqual([])
    expect(warned('2.1.6', 'Mark the handler with @dataclass.')).toEqual([])
    // The instructions stay context.
    expect(importConversation(session('2.1.6', named)).messages[3].type).toBe('context')
  })

  it("reads ExitPlanMode's call as sent: the plan Claude Code 2.1 records beside it is not counted", () => {
    const plan = '# Plan\n\n1. Move the retry loop into its own module.\n2. Test it.\n'.repeat(40)
    const exit = (input: Record<string, unknown>) =>
      importConversation(
        [
          user('q', null, 'Plan the refactor.'),
          bot('a', 'q', [{ ...call, name: 'ExitPlanMode', input }]),
          user('r', 'a', [{ type: 'tool_result', tool_use_id: 'c1', content: 'Approved.' }]),
        ].join('\n'),
      )
    const allowed = [{ tool: 'Bash', prompt: 'run tests' }]
    const recorded = exit({
      plan,
      planFilePath: '/home/me/.claude/plans/p.md',
      allowedPrompts: allowed,
    })
    // What Claude Code 2.1 sends: the input without plan and planFilePath.
    const sent = exit({ allowedPrompts: allowed })
    expect(recorded.messages).toEqual(sent.messages)
    expect(recorded.report).toContainEqual({
      severity: 'info',
      path: 'line 2: message.content[0].input',
      problem:
        "ExitPlanMode's plan and planFilePath: Claude Code records them for its own display and takes them out of the call before each request, so they are not counted or exported",
    })
    // Claude Code 2.0's ExitPlanMode took the plan as its parameter, and sent it.
    const written = exit({ plan })
    expect(JSON.parse(written.messages[1].payload ?? '{}').tool_calls[0].arguments).toEqual({
      plan,
    })
    expect(written.report.filter((n) => n.problem.includes('ExitPlanMode'))).toEqual([])
  })

  it("leaves out ExitPlanMode's plan without planFilePath from Claude Code 2.0.54 on, as it sends", () => {
    // normalizeToolInputForAPI takes `plan` out of every ExitPlanMode call before a request from
    // 2.0.54 (read in the npm packages' cli.js: 2.0.53 has no such step, 2.0.54 – 2.0.58 and 2.1.6
    // do), where 2.0.x records no planFilePath beside it.
    const plan = '# Plan\n\n1. Split the parser.\n2. Test it.\n'.repeat(40)
    const exit = (version: string | undefined) =>
      importConversation(
        [
          user('q', null, 'Plan the refactor.'),
          event('a', 'q', {
            type: 'assistant',
            message: {
              id: 'msg_a',
              role: 'assistant',
              model: 'claude-opus-4-5',
              content: [{ ...call, name: 'ExitPlanMode', input: { plan } }],
            },
            ...(version !== undefined ? { version } : {}),
          }),
          user('r', 'a', [{ type: 'tool_result', tool_use_id: 'c1', content: 'Approved.' }]),
        ].join('\n'),
      )
    const args = (version: string | undefined) =>
      JSON.parse(exit(version).messages[1].payload ?? '{}').tool_calls[0].arguments
    for (const version of ['2.0.54', '2.0.58', '2.0.76', '2.1.6']) {
      expect(args(version), version).toEqual({})
      expect(exit(version).report, version).toContainEqual({
        severity: 'info',
        path: 'line 2: message.content[0].input',
        problem:
          "ExitPlanMode's plan: Claude Code 2.0.54 and later take it out of the call before each request (it writes the plan from its plan file into the recorded call for its own display), so it is not counted or exported",
      })
    }
    // Before 2.0.54 the plan was sent; a file that names no version is read as recorded.
    for (const version of ['2.0.36', '2.0.53', undefined]) {
      expect(args(version), String(version)).toEqual({ plan })
      expect(exit(version).report.filter((n) => n.problem.includes('ExitPlanMode'))).toEqual([])
    }
  })

  it('records on every later request the tool results a microcompaction sent cleared', () => {
    const withUsage = (line: string, input: number) => {
      const v = JSON.parse(line)
      v.message.usage = { input_tokens: input, output_tokens: 5 }
      return JSON.stringify(v)
    }
    const boundary = (uuid: string, parent: string, ids: string[]) =>
      event(uuid, parent, {
        type: 'system',
        subtype: 'microcompact_boundary',
        content: 'Context microcompacted',
        microcompactMetadata: {
          trigger: 'auto',
          preTokens: 61872,
          tokensSaved: 29715,
          compactedToolIds: ids,
          clearedAttachmentUUIDs: [],
        },
      })
    const call2 = { ...call, id: 'c2' }
    const text = [
      user('q', null, 'List the files.'),
      withUsage(bot('a', 'q', [call]), 100),
      user('r', 'a', result),
      withUsage(bot('a2', 'r', [call2]), 200),
      user('r2', 'a2', [{ type: 'tool_result', tool_use_id: 'c2', content: 'b.ts' }]),
      // c0 is no result on the thread (before a compaction, say): it is not listed.
      boundary('m', 'r2', ['c1', 'c0']),
      withUsage(bot('b', 'm', [{ type: 'text', text: 'Two files.' }]), 150),
      user('q2', 'b', 'And now?'),
      boundary('m2', 'q2', ['c2']),
      withUsage(bot('b2', 'm2', [{ type: 'text', text: 'None.' }]), 120),
    ].join('\n')
    const imported = importConversation(text)
    // The results stay whole: Claude Code does not clear them again when it resumes the session.
    expect(imported.messages.map((m) => m.id)).toEqual([
      'q',
      'a',
      'c1',
      'a2',
      'c2',
      'b',
      'q2',
      'b2',
    ])
    expect(imported.messages[2].payload).toContain('a.ts')
    // Each request after a microcompaction lists the results it was sent cleared, by index; the
    // ones before it list none.
    expect(imported.usage?.map((u) => [u.prompt, u.cleared])).toEqual([
      [1, undefined],
      [3, undefined],
      [5, [2]],
      [7, [2, 4]],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 6',
      problem:
        'microcompaction: Claude Code sent 2 tool results (c1, c0) cleared in the requests after this line, 29,715 tokens by its count; the usage view estimates those requests with them cleared, and they are loaded whole, as Claude Code resumes the session',
    })
    // A boundary that lists no result (2.1.39 wrote such) clears nothing, and says so.
    const empty = importConversation(
      text.replace('"compactedToolIds":["c2"]', '"compactedToolIds":[]'),
    )
    expect(empty.usage?.[3].cleared).toEqual([2])
    expect(empty.report).toContainEqual({
      severity: 'info',
      path: 'line 9',
      problem:
        'microcompaction: Claude Code recorded one that lists no tool result, 29,715 tokens by its count; nothing is taken as cleared',
    })
  })

  describe('a microcompaction Claude Code before 2.1.14 did not record', () => {
    // Five Read results of 80,000 characters: 20,000 tokens each by Claude Code's estimate
    // (length ÷ 4). Its rule keeps the last three calls and clears from the oldest while more than
    // 40,000 remain: c1 and c2, 40,000 tokens, at least the 20,000 it asks of a clearing.
    const session = (
      version: string,
      reports: { before: number; after: number; cacheRead: number },
    ) => {
      const at = (line: string, input: number, cacheRead: number) => {
        const v = JSON.parse(line)
        v.version = version
        v.message.usage = {
          input_tokens: 3,
          cache_creation_input_tokens: input - 3 - cacheRead,
          cache_read_input_tokens: cacheRead,
          output_tokens: 5,
        }
        return JSON.stringify(v)
      }
      const lines = [user('q', null, 'Read the five ledgers.', { version })]
      let parent = 'q'
      for (let i = 1; i <= 5; i++) {
        const read = { type: 'tool_use', id: `c${i}`, name: 'Read', input: { file_path: `l${i}` } }
        const input = i === 5 ? reports.before : 20_000 * i
        lines.push(at(bot(`a${i}`, parent, [read]), input, input - 20_000))
        const content = 'x'.repeat(80_000)
        lines.push(user(`r${i}`, `a${i}`, [{ type: 'tool_result', tool_use_id: `c${i}`, content }]))
        parent = `r${i}`
      }
      lines.push(
        at(bot('b', parent, [{ type: 'text', text: 'Done.' }]), reports.after, reports.cacheRead),
      )
      lines.push(user('q2', 'b', 'Thanks.', { version }))
      lines.push(
        at(
          bot('b2', 'q2', [{ type: 'text', text: 'Welcome.' }]),
          reports.after + 100,
          reports.after,
        ),
      )
      return importConversation(lines.join('\n'))
    }
    const fell = { before: 140_000, after: 105_000, cacheRead: 15_000 }
    const NOTE = 'cleared old tool results without always recording it'

    it('lists the results its rule clears on the request where the reported prompt fell, and on every later one', () => {
      const imported = session('2.0.76', fell)
      expect(imported.messages.map((m) => m.id)).toEqual([
        'q',
        'a1',
        'c1',
        'a2',
        'c2',
        'a3',
        'c3',
        'a4',
        'c4',
        'a5',
        'c5',
        'b',
        'q2',
        'b2',
      ])
      // c1 and c2 are messages 2 and 4; the requests before the fall list none.
      expect(imported.usage?.map((u) => u.cleared)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        [2, 4],
        [2, 4],
      ])
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'line 12',
        problem:
          'the reported prompt fell by 35,000 tokens here, where the file records no compaction: Claude Code before 2.1.14 cleared old tool results without always recording it (microcompaction); replaying its rule, 2 tool results (40,000 tokens by its estimate) were sent cleared from this request on, and the usage view estimates them so',
      })
      // The results stay whole on the thread.
      expect(imported.messages[2].payload).toHaveLength(80_000)
    })

    it('infers none from a version that records its microcompactions', () => {
      const imported = session('2.1.19', fell)
      expect(imported.usage?.every((u) => u.cleared === undefined)).toBe(true)
      expect(imported.report.filter((n) => n.problem.includes(NOTE))).toEqual([])
    })

    it('infers one from 2.1.9 – 2.1.13 in a file with no boundary: a 2.1.11 session ran the rule unrecorded', () => {
      const imported = session('2.1.11', fell)
      expect(imported.usage?.some((u) => u.cleared !== undefined)).toBe(true)
      expect(imported.report.filter((n) => n.problem.includes(NOTE))).toHaveLength(1)
    })

    it('infers none from a small fall the prompt cache served, or under every warning threshold', () => {
      // 500 tokens fewer, and the cache served all but the last 500: nothing old changed.
      const cached = session('2.0.76', { before: 140_000, after: 139_500, cacheRead: 139_000 })
      // 100,000 tokens is under the lowest threshold Claude Code's settings allow (103,000).
      const under = session('2.0.76', { before: 100_000, after: 90_000, cacheRead: 15_000 })
      for (const imported of [cached, under]) {
        expect(imported.usage?.every((u) => u.cleared === undefined)).toBe(true)
        expect(imported.report.filter((n) => n.problem.includes(NOTE))).toEqual([])
      }
    })

    it('takes either sign that old content changed: a large fall, or the cache served none of the end', () => {
      // A fall of 35,000 whose prefix a request the file does not hold had cached already.
      const fellCached = session('2.0.76', { ...fell, cacheRead: 104_000 })
      // A fall of 500 where the cache served only the first 15,000 tokens.
      const recached = session('2.0.76', { before: 140_000, after: 139_500, cacheRead: 15_000 })
      for (const imported of [fellCached, recached]) {
        expect(imported.usage?.[5].cleared).toEqual([2, 4])
      }
    })
    it('infers one where the prompt grew by less than what came into it, and the cache broke early', () => {
      // The fifth result (20,000 tokens by Claude Code's estimate) came in, yet the prompt grew by
      // 10,000 only, and the cache served none past the first 15,000 tokens: c1 and c2 cleared.
      const grew = session('2.0.76', { before: 140_000, after: 150_000, cacheRead: 15_000 })
      expect(grew.usage?.[5].cleared).toEqual([2, 4])
      const note = grew.report.find((n) => n.problem.includes(NOTE))
      expect(note?.path).toBe('line 12')
      expect(note?.problem).toMatch(
        /^the reported prompt grew by 10,000 tokens here, 10,0\d\d fewer than Claude Code’s own estimate of what came into it, where the file records no compaction: .* 2 tool results \(40,000 tokens by its estimate\)/,
      )
      // The same growth with the cache serving the whole earlier prompt: nothing old changed.
      const cached = session('2.0.76', { before: 140_000, after: 150_000, cacheRead: 139_000 })
      expect(cached.usage?.every((u) => u.cleared === undefined)).toBe(true)
    })
  })

  it("marks a subagent's requests from its first tool result on as sent context its file does not record", () => {
    const withUsage = (line: string, input: number) => {
      const v = JSON.parse(line)
      v.message.usage = { input_tokens: input, output_tokens: 5 }
      return JSON.stringify(v)
    }
    // A subagent's own file: every event on a sidechain, the agent's id on each.
    const side = (line: string) =>
      JSON.stringify({ ...JSON.parse(line), isSidechain: true, agentId: 'a1' })
    const lines = [
      user('q', null, 'Find the config.'),
      withUsage(bot('a', 'q', [call]), 100),
      user('r', 'a', result),
      withUsage(bot('b', 'r', [{ type: 'text', text: 'It is a.ts.' }]), 300),
      user('q2', 'b', 'Thanks.'),
      withUsage(bot('b2', 'q2', [{ type: 'text', text: 'Welcome.' }]), 320),
    ]
    const subagent = importConversation(lines.map(side).join('\n'))
    // The first request (prompt: the task) held none of it; every one after the result did.
    expect(subagent.usage?.map((u) => [u.prompt, u.unrecorded])).toEqual([
      [1, undefined],
      [3, true],
      [5, true],
    ])
    expect(subagent.report).toContainEqual({
      severity: 'info',
      path: 'line 4',
      problem:
        'a subagent’s file: Claude Code sent this subagent context it did not write here (its skill listing or the agents it can start, MCP servers’ instructions, reminders) from its first tool result on; the usage view derives its size from this request, as it derives the system prompt’s from the first',
    })
    const marked = (text: string) =>
      importConversation(text).usage?.filter((u) => u.unrecorded !== undefined).length
    // A main thread's file records what it was sent.
    expect(marked(lines.join('\n'))).toBe(0)
    // 2.1.167 and later record what goes with the task (the skill listing), and still not what
    // the runner's loop sends after the first tool result (the agents it can start, MCP servers'
    // instructions): marked all the same.
    const attached = (type: string) => {
      const attachment = event('s', 'q', { type: 'attachment', attachment: { type, content: 'x' } })
      const file = [lines[0], attachment, ...lines.slice(1)].map(side)
      file[2] = file[2].replace('"parentUuid":"q"', '"parentUuid":"s"')
      return file
    }
    expect(marked(attached('skill_listing').join('\n'))).toBe(2)
    // A file that records one of the loop's attachments records them all.
    expect(marked(attached('agent_listing_delta').join('\n'))).toBe(0)
    // A forked subagent was sent its parent's context, which holds them already.
    const fork = JSON.stringify({
      type: 'fork-context-ref',
      parentSessionId: 'p',
      parentLastUuid: 'z',
      sessionId: 's',
    })
    expect(marked([fork, ...attached('skill_listing')].join('\n'))).toBe(0)
  })

  it('marks the request first sent the deferred tools a ToolSearch result names, once a tool', () => {
    const withUsage = (line: string, input: number) => {
      const v = JSON.parse(line)
      v.message.usage = { input_tokens: input, output_tokens: 5 }
      return JSON.stringify(v)
    }
    const search = (id: string) => ({
      type: 'tool_use',
      id,
      name: 'ToolSearch',
      input: { query: 'select:WebFetch' },
    })
    const found = (id: string, names: string[]) => [
      {
        type: 'tool_result',
        tool_use_id: id,
        content: names.map((tool_name) => ({ type: 'tool_reference', tool_name })),
      },
    ]
    const lines = [
      user('q', null, 'Read the changelog online.'),
      withUsage(bot('a', 'q', [search('s1')]), 1000),
      user('r', 'a', found('s1', ['WebFetch'])),
      withUsage(bot('b', 'r', [search('s2')]), 1500),
      // WebFetch again, with a tool not seen before: only that one is new.
      user('r2', 'b', found('s2', ['WebFetch', 'mcp__docs__search'])),
      withUsage(bot('c', 'r2', [search('s3')]), 2100),
      user('r3', 'c', found('s3', ['WebFetch'])),
      withUsage(bot('d', 'r3', [{ type: 'text', text: 'Done.' }]), 2150),
    ]
    const imported = importConversation(lines.join('\n'))
    expect(imported.usage?.map((u) => [u.prompt, u.toolsLoaded])).toEqual([
      [1, undefined],
      [3, ['WebFetch']],
      [5, ['mcp__docs__search']],
      [7, undefined],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 4',
      problem:
        'this request is the first sent the definition of WebFetch, a deferred tool a ToolSearch result loaded; the file does not hold it, so the usage view derives its size from this request, as it derives the system prompt’s from the first',
    })
    // A compaction keeps the tools found before it: in the first request after it, not loaded later.
    const boundary = event('k', null, {
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      compactMetadata: {
        trigger: 'auto',
        preTokens: 90000,
        preCompactDiscoveredTools: ['WebFetch'],
      },
    })
    const summary = user('q', 'k', 'Summary: reading the changelog.', { isCompactSummary: true })
    const resumed = importConversation([boundary, summary, ...lines.slice(1)].join('\n'))
    expect(resumed.usage?.map((u) => u.toolsLoaded)).toEqual([
      undefined,
      undefined,
      ['mcp__docs__search'],
      undefined,
    ])
  })

  it('says which replies another backend answered under a Claude name (an id not of Anthropic’s form)', () => {
    const reply = (
      uuid: string,
      parent: string,
      id: string,
      input: number,
      model = 'claude-opus-4-8',
    ) => {
      const v = JSON.parse(bot(uuid, parent, [{ type: 'text', text: 'Done.' }]))
      v.message.id = id
      v.message.model = model
      v.message.usage = { input_tokens: input, output_tokens: 5 }
      return JSON.stringify(v)
    }
    // Seven replies report usage. Routers made the ids of four: two UUIDs (the second split
    // across two lines that share its id), and two after `msg_`, 32 hex digits and a date then
    // hex. Anthropic's form, through Vertex too, is not one; nor is a router's id where the
    // model's name already says it is not Claude: four replies of seven, named at line 4.
    const lines = [
      user('q', null, 'One.'),
      reply('a', 'q', 'msg_01Abc', 100),
      user('q2', 'a', 'Two.'),
      reply('b', 'q2', 'f43d8c8d-8f25-4301-a72c-17874c6d0c49', 120),
      user('q3', 'b', 'Three.'),
      reply('c', 'q3', '0b1e2d3c-0000-4000-8000-000000000001', 140),
      reply('c2', 'c', '0b1e2d3c-0000-4000-8000-000000000001', 140),
      user('q4', 'c2', 'Four.'),
      reply('d', 'q4', '065746c1ed708dc1085109a3c68be8b7', 160, 'MiniMax-M3'),
      user('q5', 'd', 'Five.'),
      reply('e', 'q5', 'msg_9f0c4e2ab7d14c3e8e5b6a7d9c0f1e2d', 180, 'claude-opus-4-5-20251101'),
      user('q6', 'e', 'Six.'),
      reply('f', 'q6', 'msg_20260104093015a1b2c3d4e5f60718', 200, 'claude-sonnet-4-5-20250929'),
      user('q7', 'f', 'Seven.'),
      reply('g', 'q7', 'msg_vrtx_013Zva2CMHLNnXjNJJKqJ2EF', 220, 'claude-sonnet-4-5@20250929'),
    ]
    const notes = (text: string) =>
      importConversation(text).report.filter((n) => n.path.endsWith(': message.id'))
    expect(notes(lines.join('\n'))).toEqual([
      {
        severity: 'info',
        path: 'line 4: message.id',
        problem:
          '"f43d8c8d-8f25-4301-a72c-17874c6d0c49" is not in the form Anthropic’s API gives a reply’s id (msg_ and base58, as msg_013Zva2CMHLNnXjNJJKqJ2EF): 4 of the 7 replies that report usage were answered by another backend under the name claude-opus-4-8 (a router or proxy); their reported usage is that backend’s count, which the Claude calibration does not describe',
      },
    ])
    const marked = (text: string) =>
      (importConversation(text).usage ?? []).map((u) => u.otherBackend === true)
    expect(marked(lines.join('\n'))).toEqual([false, true, true, false, true, true, false])
    // A router's id after msg_ alone is named where it comes first.
    expect(notes([lines[0], lines[1], lines[9], lines[10]].join('\n'))[0]?.problem).toMatch(
      /^"msg_9f0c4e2ab7d14c3e8e5b6a7d9c0f1e2d" is not in the form .*: 1 of the 2 replies/,
    )
    // Every reply's id in Anthropic's form: nothing to say.
    expect(notes(lines.slice(0, 3).join('\n'))).toEqual([])
  })

  it("takes a tool call's caller: direct says nothing, a call from code execution is warned", () => {
    const read = (caller: unknown) =>
      importConversation(
        [user('q', null, 'List.'), bot('a', 'q', [{ ...call, caller }])].join('\n'),
      ).report.filter((n) => n.path.includes('caller'))
    expect(read({ type: 'direct' })).toEqual([])
    expect(read({ type: 'code_execution_20250825', tool_id: 'srvtoolu_1' })).toEqual([
      {
        severity: 'warning',
        path: 'line 2: message.content[0].caller',
        problem:
          'a tool call made from code execution (programmatic tool calling); its caller is not kept, so an export sends it as a direct call',
      },
    ])
  })
})

describe('Claude Code: earlier thinking it asks the API to keep', () => {
  // A session of two turns, each reply with thinking; `version` and the reply ids vary.
  const session = (version: string | undefined, id = (n: number) => `msg_01Keep${n}`) => {
    const line = (uuid: string, parent: string | null, extra: Record<string, unknown>) =>
      event(uuid, parent, { ...(version ? { version } : {}), ...extra })
    const reply = (uuid: string, parent: string, n: number, model: string) =>
      line(uuid, parent, {
        type: 'assistant',
        message: {
          id: id(n),
          role: 'assistant',
          model,
          content: [
            { type: 'thinking', thinking: `Step ${n}: read the ledger first.`, signature: 'c2ln' },
            { type: 'text', text: `Reply ${n}.` },
          ],
          usage: { input_tokens: 100 * n, output_tokens: 20 },
        },
      })
    return (model = 'claude-sonnet-4-5-20250929') =>
      [
        line('q1', null, { type: 'user', message: { role: 'user', content: 'Check the ledger.' } }),
        reply('a1', 'q1', 1, model),
        line('q2', 'a1', { type: 'user', message: { role: 'user', content: 'And the bank?' } }),
        reply('a2', 'q2', 2, model),
      ].join('\n')
  }
  const read = (text: string) => {
    const imported = importConversation(text)
    return {
      thinking: imported.thinking,
      notes: imported.report.filter((n) => n.problem.includes('clear_thinking')),
    }
  }

  it('is kept from 2.1.84 to 2.1.85 and from 2.1.101 on, said where the model would drop it', () => {
    expect(read(session('2.1.136')())).toEqual({
      thinking: 'kept',
      notes: [
        {
          severity: 'info',
          path: 'line 4: version',
          problem:
            'Claude Code 2.1.136 asks Anthropic’s API to keep every earlier turn’s thinking (the context-management edit clear_thinking_20251015, keep "all"), so it is priced as sent; claude-sonnet-4-5-20250929 on its own keeps only the last turn’s',
        },
      ],
    })
    for (const v of ['2.1.84', '2.1.85', '2.1.101', '2.2.0']) {
      expect(read(session(v)()).thinking, v).toBe('kept')
    }
    // A model that keeps earlier thinking anyway: the same requests, nothing to say.
    expect(read(session('2.1.136')('claude-opus-4-5-20251101'))).toEqual({
      thinking: 'kept',
      notes: [],
    })
  })

  it('follows the model where the file cannot say whether the edit was sent', () => {
    // Under an experiment flag (to 2.1.83), or skipped with redacted thinking and after an idle
    // hour (2.1.86 to 2.1.100); no version at all.
    for (const v of ['2.0.76', '2.1.19', '2.1.83', '2.1.86', '2.1.100', undefined]) {
      expect(read(session(v)()), String(v)).toEqual({ thinking: undefined, notes: [] })
    }
  })

  it('follows the model where Anthropic’s own API did not answer (Vertex, Bedrock, a router)', () => {
    const ids = [
      (n: number) => `msg_vrtx_01Keep${n}`,
      (n: number) => `msg_bdrk_01Keep${n}`,
      (n: number) => `msg_9f0c4e2ab7d14c3e8e5b6a7d9c0f1e2${n}`,
    ]
    for (const id of ids) {
      expect(read(session('2.1.136', id)()), id(1)).toEqual({ thinking: undefined, notes: [] })
    }
  })
})

describe('Claude Code: a reply that is only thinking', () => {
  // A reply cut at the output limit while it thought: one line, thinking only; Claude Code asks
  // again and the next reply answers.
  const line = (uuid: string, parent: string | null, version: string, extra: object) =>
    event(uuid, parent, { version, ...extra })
  const reply = (uuid: string, parent: string, version: string, id: string, content: unknown[]) =>
    line(uuid, parent, version, {
      type: 'assistant',
      message: {
        id,
        role: 'assistant',
        model: 'claude-sonnet-4-6',
        content,
        usage: { input_tokens: 100, output_tokens: 32000 },
      },
    })
  const thinking = { type: 'thinking', thinking: '', signature: 'c2lnbmF0dXJl' }
  const session = (version: string) => [
    line('q', null, version, { type: 'user', message: { role: 'user', content: 'Plan it.' } }),
    reply('a', 'q', version, 'msg_01Cut', [thinking]),
    reply('b', 'a', version, 'msg_01Next', [thinking]),
    reply('c', 'b', version, 'msg_01Next', [{ type: 'text', text: 'The plan.' }]),
  ]
  const read = (lines: string[]) => {
    const imported = importConversation(lines.join('\n'))
    return {
      ids: imported.messages.map((m) => m.id),
      notes: imported.report.filter((n) => n.problem.includes('only thinking')),
    }
  }

  it('is left out from 2.1.7 on, counted in the report: Claude Code does not send it again', () => {
    expect(read(session('2.1.123'))).toEqual({
      // The next reply's thinking merges with its text: a line of the same message.id.
      ids: ['q', 'b', 'c'],
      notes: [
        {
          severity: 'info',
          path: 'line 2',
          problem:
            '1 line of a reply that is only thinking: a reply cut short before its text or tool calls (the output limit, an interruption); Claude Code from 2.1.7 sends no such reply again, so it is in no later request',
        },
      ],
    })
  })

  it('is kept before 2.1.7, and where it is the thread’s last reply', () => {
    expect(read(session('2.1.6')).ids).toEqual(['q', 'a', 'b', 'c'])
    // A followed session may not have written the reply's text yet.
    expect(read(session('2.1.123').slice(0, 2))).toEqual({ ids: ['q', 'a'], notes: [] })
  })
})

describe('Claude Code 2.1.260 and later: the records it writes of its requests', () => {
  // Fixtures of our own, in the shapes the compiled 2.1.332 writes (docs/formats/claude-code.md).
  const version = '2.1.332'
  const line = (uuid: string, parent: string | null, extra: Record<string, unknown>) =>
    event(uuid, parent, { version, ...extra })
  const user = (uuid: string, parent: string | null, content: unknown) =>
    line(uuid, parent, { type: 'user', message: { role: 'user', content } })
  const reply = (uuid: string, parent: string, content: unknown[], input: number, id = uuid) =>
    line(uuid, parent, {
      type: 'assistant',
      message: {
        id: `msg_01${id}`,
        role: 'assistant',
        model: 'claude-opus-4-8',
        content,
        usage: { input_tokens: input, output_tokens: 5 },
      },
    })
  const attachment = (uuid: string, parent: string, a: Record<string, unknown>, extra = {}) =>
    line(uuid, parent, { type: 'attachment', attachment: a, ...extra })
  const think = (text: string) => ({ type: 'thinking', thinking: text, signature: 'c2ln' })

  it('reads an attachment as the texts it records sending, wording and all', () => {
    const wrapped = '<system-reminder>\nContents of a.ts:\n\nx = 1\n</system-reminder>'
    const file = {
      type: 'file',
      filename: 'a.ts',
      content: { type: 'text', file: { content: 'x = 1' } },
    }
    const read = (extra: Record<string, unknown>, a: Record<string, unknown> = file) =>
      importConversation(attachment('a', 'q', a, extra), 'claude-code').messages
    expect(read({ rendered: [{ content: wrapped }] })).toEqual([
      { id: 'a', type: 'context', text: wrapped },
    ])
    // Text blocks, and more than one item, are read one after another.
    expect(
      read({ rendered: [{ content: [{ type: 'text', text: 'one' }] }, { content: 'two' }] }),
    ).toEqual([{ id: 'a', type: 'context', text: 'one\ntwo' }])
    // A snapshot Claude Code would not accept (an empty text, a block of another type, no items):
    // the attachment read from its fields, as without one.
    for (const rendered of [[{ content: '' }], [{ content: [{ type: 'image' }] }], []]) {
      expect(read({ rendered }), JSON.stringify(rendered)).toEqual([
        {
          id: 'a',
          type: 'context',
          text: 'a.ts\n1\tx = 1',
          payload: wording('Read of a file it attached', 42),
        },
      ])
    }
    // A queued prompt is read from its own fields.
    expect(
      read(
        { rendered: [{ content: 'wrapped' }] },
        { type: 'queued_command', prompt: 'and the docs' },
      ),
    ).toEqual([{ id: 'a', type: 'user', text: 'and the docs' }])
  })

  it('leaves out, and counts, the records that are never part of a request', () => {
    const records = [
      'thinking_drop',
      'prompt_render_point',
      'deferred_tools_record',
      'tool_offer_record',
      'credential_org',
      'whole_texts_withdrawn',
      'advisor_stripped',
    ]
    const text = [
      user('q', null, 'Check the ledger.'),
      ...records.map((type, i) =>
        attachment(`r${i}`, i === 0 ? 'q' : `r${i - 1}`, { type, entries: [] }),
      ),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.id)).toEqual(['q'])
    for (const [i, type] of records.entries()) {
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: `line ${i + 2}`,
        problem: `1 "${type}" attachment: Claude Code's own record; not sent to the model`,
      })
    }
  })

  describe('the system prompt and tools it recorded (prompt_snapshot)', () => {
    const file = fixture('claude-code-snapshot.jsonl')

    it('reads the snapshot in force at the first request as instructions in front', () => {
      const imported = importConversation(file)
      // Line 2 is the last snapshot before the first reply (line 4): its prefix and three blocks,
      // then its three tools as Anthropic's tools take them.
      const system = imported.messages.slice(0, 4)
      expect(system.map((m) => m.type)).toEqual(Array(4).fill('instructions'))
      expect(system[0].text).toBe(
        'You are Claude Code, an agent for software work in the terminal.',
      )
      expect(system[2].text).toContain('Today is 2026-11-20.')
      const tools = JSON.parse(imported.messages[4].payload ?? '{}').tools
      expect(imported.messages[4].type).toBe('instructions')
      expect(tools.map((t: { name: string }) => t.name)).toEqual(['Read', 'Bash', 'ToolSearch'])
      expect(Object.keys(tools[0])).toEqual(['name', 'description', 'input_schema'])
      expect(tools[0].input_schema.required).toEqual(['file_path'])
      expect(imported.messages.slice(5).map((m) => m.id)).toEqual([
        'c-0001',
        'c-0002',
        'toolu_01T001',
        'c-0004',
        'c-0005',
        'c-0006',
      ])
      // Every report moves with the messages: the first request's prompt is the five and c-0001.
      expect(imported.usage?.map((u) => u.prompt)).toEqual([6, 8, 10])
      // The file holds its system prompt: nothing to say it does not.
      expect(imported.systemPromptUnrecorded).toBeUndefined()
      expect(
        diagnose({ messages: imported.messages, options: { maxTokens: 100000 } }).map(
          (f) => f.code,
        ),
      ).not.toContain('no-instructions')
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'line 2',
        problem:
          'what Claude Code recorded its requests were sent: the system prompt (4 blocks) and 3 tool definitions, read as instructions in front of the messages',
      })
      // Line 7 records another system prompt (the date moved on): the requests after it were sent
      // it, and are estimated with the first.
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'line 7',
        problem:
          'Claude Code recorded another system prompt here: the requests after it were sent it, and are estimated with the one read at line 2',
      })
    })

    it('reads 2.1.270 rows: each tool as the API takes it, the prefix coming with the tools', () => {
      const lines = file
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
      // Claude Code 2.1.270 (public sessions of September 2026): the first row holds the system
      // prompt alone; the next, a moment later, the same prompt with the tools and the CLI's prefix
      // block; and a tool's `schema` is the whole tool, {name, description, input_schema,
      // eager_input_streaming}.
      // Both hold the marker Claude Code splits its prompt at for the cache, which it never sends.
      const [first, ...rest] = lines[0].attachment.systemPrompt
      const systemPrompt = [first, '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__', ...rest]
      const { cliPrefix, ...promptOnly } = { ...lines[0].attachment, systemPrompt }
      const withTools = {
        ...lines[1].attachment,
        systemPrompt,
        cliPrefix,
        tools: lines[1].attachment.tools.map(
          (t: { name: string; description: string; schema?: object }) => ({
            ...t,
            schema: {
              name: t.name,
              description: t.description,
              input_schema: t.schema,
              eager_input_streaming: true,
            },
          }),
        ),
      }
      const rows = [
        { ...lines[0], attachment: promptOnly },
        { ...lines[2], parentUuid: lines[0].uuid },
        lines[3],
        { ...lines[1], uuid: 's-late', parentUuid: 'c-0002', attachment: withTools },
        ...lines.slice(4, 6),
      ]
      const imported = importConversation(rows.map((v) => JSON.stringify(v)).join('\n'))
      const tools = JSON.parse(imported.messages[4].payload ?? '{}').tools
      expect(Object.keys(tools[0])).toEqual(['name', 'description', 'input_schema'])
      expect(tools[0].input_schema).toEqual(lines[1].attachment.tools[0].schema)
      // The row in force at the first request is the first: its requests were sent the tools and
      // the prefix the later row brings, and that row changes nothing.
      expect(imported.messages[0].text).toBe(cliPrefix)
      expect(imported.messages.slice(1, 4).map((m) => m.text)).toEqual(
        lines[0].attachment.systemPrompt,
      )
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'line 1: attachment.systemPrompt',
        problem:
          '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__: the marker Claude Code splits its system prompt at for the prompt cache, never sent; not loaded',
      })
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'line 1',
        problem:
          'what Claude Code recorded its requests were sent: the system prompt (4 blocks) and 3 tool definitions (recorded at line 4), read as instructions in front of the messages',
      })
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('takes the side of the file the thread is on, and notes what a later one changes', () => {
      const lines = file
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
      // A subagent's snapshot among the main thread's events (a sidechain's, as an inline
      // subagent's events are): not the main thread's prompt, though later than its own.
      const other = {
        ...lines[1],
        uuid: 's-side',
        parentUuid: null,
        isSidechain: true,
        attachment: { type: 'prompt_snapshot', systemPrompt: ['A subagent’s prompt.'] },
      }
      const mixed = importConversation(
        [lines[0], lines[1], other, ...lines.slice(2)].map((v) => JSON.stringify(v)).join('\n'),
      )
      expect(mixed.messages[1].text).toBe(lines[1].attachment.systemPrompt[0])
      expect(mixed.messages.some((m) => m.text === 'A subagent’s prompt.')).toBe(false)
      // A later snapshot with the same prompt and one tool more: an info note naming it.
      const later = { ...lines[6] }
      later.attachment = {
        ...lines[1].attachment,
        tools: [...lines[1].attachment.tools, { name: 'WebFetch', description: 'Fetches a URL.' }],
      }
      const withTool = [...lines.slice(0, 6), later, ...lines.slice(7)]
      const imported = importConversation(withTool.map((v) => JSON.stringify(v)).join('\n'))
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'line 7',
        problem:
          'Claude Code recorded its tools again here (WebFetch added): the requests after it were sent them; the instructions hold those read at line 2',
      })
      // The rows before the first reply record the prompt alone, the tools come a moment later:
      // the tools are still the ones every request was sent.
      const toolsLater = { ...lines[1], uuid: 's-late', parentUuid: 'c-0002' }
      const late = importConversation(
        [lines[0], ...lines.slice(2, 4), toolsLater, ...lines.slice(4)]
          .map((v) => JSON.stringify(v))
          .join('\n'),
      )
      expect(late.messages.slice(0, 5).map((m) => m.type)).toEqual(Array(5).fill('instructions'))
      expect(late.messages[4].payload).toContain('"name":"ToolSearch"')
      expect(late.report).toContainEqual({
        severity: 'info',
        path: 'line 1',
        problem:
          'what Claude Code recorded its requests were sent: the system prompt (4 blocks) and 3 tool definitions (recorded at line 4), read as instructions in front of the messages',
      })
      // A snapshot that cannot be read is warned and left out; the file is read as before 2.1.260.
      const broken = [
        { ...lines[0], attachment: { type: 'prompt_snapshot', systemPrompt: 'text' } },
      ]
      const unread = importConversation(
        [...broken, ...lines.slice(2, 6)].map((v) => JSON.stringify(v)).join('\n'),
      )
      expect(unread.messages[0].id).toBe('c-0001')
      expect(unread.systemPromptUnrecorded).toBe(true)
      expect(unread.report).toContainEqual({
        severity: 'warning',
        path: 'line 1',
        problem:
          'a record of the system prompt and tools that cannot be read: its "systemPrompt" is not a list of texts; not loaded',
      })
    })
  })

  it('leaves out, and counts, what Claude Code shows and never sends', () => {
    // Questions Claude Code asks itself are written as a virtual call and answer; a local
    // command's output can be marked display-only. Neither is in any request.
    const ask = { type: 'tool_use', id: 'toolu_ask', name: 'AskUserQuestion', input: {} }
    const answer = { type: 'tool_result', tool_use_id: 'toolu_ask', content: 'Yes' }
    const stdout = '<local-command-stdout>ok</local-command-stdout>'
    const text = [
      user('q', null, 'Check the ledger.'),
      reply('a', 'q', [{ type: 'text', text: 'Checked.' }], 100),
      line('v1', 'a', {
        type: 'assistant',
        isVirtual: true,
        message: { id: 'msg_01v1', role: 'assistant', model: 'claude-opus-4-8', content: [ask] },
      }),
      line('v2', 'v1', {
        type: 'user',
        isVirtual: true,
        message: { role: 'user', content: [answer] },
      }),
      line('c1', 'v2', {
        type: 'system',
        subtype: 'local_command',
        content: stdout,
        isDisplayOnly: true,
      }),
      line('c2', 'c1', { type: 'system', subtype: 'local_command', content: stdout }),
      user('p', 'c2', 'Next.'),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
      ['q', 'user'],
      ['a', 'bot'],
      ['c2', 'context'],
      ['p', 'user'],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 3–4',
      problem: '2 display-only messages: shown by Claude Code and never sent (isVirtual)',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 5',
      problem:
        '1 display-only local command output: shown by Claude Code and never sent (isDisplayOnly)',
    })
    // The virtual call and its answer go together: no half of the exchange is left behind.
    expect(JSON.stringify(imported.messages)).not.toContain('toolu_ask')
  })

  it('estimates the requests after a cut with the results it names cut, and loads them whole', () => {
    const call = (id: string) => ({ type: 'tool_use', id, name: 'Read', input: { file_path: id } })
    const result = (id: string, content: string) => [
      { type: 'tool_result', tool_use_id: id, content },
    ]
    const text = [
      user('q', null, 'Read both ledgers.'),
      reply('a', 'q', [call('c1')], 100),
      user('r', 'a', result('c1', 'ledger one, 40 rows')),
      reply('a2', 'r', [call('c2')], 200),
      user('r2', 'a2', result('c2', 'ledger two, 60 rows')),
      reply('b', 'r2', [{ type: 'text', text: 'Both read.' }], 250),
      attachment('x', 'b', {
        type: 'tool_results_cut',
        callIds: ['c1', 'c0'],
        standIn: '[Old tool result content cleared]',
        roughTokens: 12000,
      }),
      user('q2', 'x', 'Which is longer?'),
      reply('b2', 'q2', [{ type: 'text', text: 'Two.' }], 90),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => m.id)).toEqual([
      'q',
      'a',
      'c1',
      'a2',
      'c2',
      'b',
      'q2',
      'b2',
    ])
    expect(imported.messages[2].payload).toContain('ledger one')
    // c0 is on no line of the thread: not listed. The request after the cut lists result c1.
    expect(imported.usage?.map((u) => [u.prompt, u.cleared])).toEqual([
      [1, undefined],
      [3, undefined],
      [5, undefined],
      [7, [2]],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 7: attachment',
      problem:
        'Claude Code cut 2 tool results (c1, c0) from the requests after this line with "[Old tool result content cleared]" in their place, about 12,000 tokens by its estimate; the usage view estimates those requests with them cut, and they are loaded whole',
    })
  })

  it('estimates the requests after a thinking_stripped record without the thinking it names', () => {
    const text = (record: Record<string, unknown>) =>
      [
        user('q', null, 'Check the ledger.'),
        reply('a', 'q', [think('Open the ledger first.'), { type: 'text', text: 'Done.' }], 100),
        user('q2', 'a', 'And the bank?'),
        reply('a2', 'q2', [think('The bank statement next.'), think('Then compare.')], 150),
        reply('a2b', 'a2', [{ type: 'text', text: 'Matches.' }], 150, 'a2'),
        attachment('x', 'a2b', record),
        user('q3', 'x', 'Any gaps?'),
        reply('a3', 'q3', [{ type: 'text', text: 'None.' }], 60),
      ].join('\n')
    // Messages: q, thinking, a, q2, thinking, thinking, a2, q3, a3.
    const all = importConversation(
      text({ type: 'thinking_stripped', scope: 'all', cause: 'return_after_idle' }),
    )
    expect(all.messages.map((m) => m.type)).toEqual([
      'user',
      'reasoning',
      'bot',
      'user',
      'reasoning',
      'reasoning',
      'bot',
      'user',
      'bot',
    ])
    expect(all.usage?.map((u) => [u.prompt, u.stripped])).toEqual([
      [1, undefined],
      [4, undefined],
      [8, [1, 4, 5]],
    ])
    expect(all.report).toContainEqual({
      severity: 'info',
      path: 'line 6: attachment',
      problem:
        'Claude Code took the thinking of every reply before this line out of the requests after it, on a return from idle; the usage view estimates those requests without it, and it is loaded whole',
    })
    // From the second thinking block of the reply msg_01a2 on: message 5 only.
    const partial = importConversation(
      text({
        type: 'thinking_stripped',
        scope: 'partial',
        from: { messageId: 'msg_01a2', thinkingIndex: 1 },
      }),
    )
    expect(partial.usage?.[2].stripped).toEqual([5])
    // A reply not on the thread: every block before the record, as Claude Code reads it.
    const unknown = importConversation(
      text({
        type: 'thinking_stripped',
        scope: 'partial',
        from: { messageId: 'msg_gone', thinkingIndex: 0 },
      }),
    )
    expect(unknown.usage?.[2].stripped).toEqual([1, 4, 5])
  })

  it('reads what Anthropic’s context editing cleared from a request, from its reply', () => {
    const edited = (input: number, edits: object[]) => {
      const v = JSON.parse(reply('a', 'q', [{ type: 'text', text: 'Done.' }], input))
      v.message.context_management = { applied_edits: edits }
      return JSON.stringify(v)
    }
    const text = [
      user('q', null, 'Sum the ledger.'),
      edited(900, [
        { type: 'clear_thinking_20251015', cleared_thinking_turns: 2, cleared_input_tokens: 640 },
        { type: 'clear_tool_uses_20250919', cleared_tool_uses: 5, cleared_input_tokens: 18000 },
      ]),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.usage?.map((u) => [u.inputTokens, u.apiCleared])).toEqual([[900, 18640]])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 2: message.context_management',
      problem:
        "Anthropic's context editing cleared 18,640 tokens (5 tool uses, 2 thinking turns) from this reply's request before the model read it; the usage view takes them off that request's estimate",
    })
    // An edit that cleared nothing (Claude Code sends clear_thinking with keep "all") says nothing.
    const none = importConversation(
      [
        user('q', null, 'Sum it.'),
        edited(900, [
          { type: 'clear_thinking_20251015', cleared_thinking_turns: 0, cleared_input_tokens: 0 },
        ]),
      ].join('\n'),
    )
    expect(none.usage?.[0].apiCleared).toBeUndefined()
  })

  it('leaves out a model fallback block: Claude Code takes it out of every request', () => {
    const fallback = {
      type: 'fallback',
      from: { model: 'claude-fable-5' },
      to: { model: 'claude-opus-4-8' },
    }
    // As Claude Code 2.1.170 wrote it (the first version that knows the block), one line to itself.
    const text = [
      event('q', null, {
        version: '2.1.170',
        type: 'user',
        message: { role: 'user', content: 'Go on.' },
      }),
      event('a', 'q', {
        version: '2.1.170',
        type: 'assistant',
        message: {
          id: 'msg_01f',
          role: 'assistant',
          model: 'claude-opus-4-8',
          content: [fallback],
        },
      }),
      event('a2', 'a', {
        version: '2.1.170',
        type: 'assistant',
        message: {
          id: 'msg_01f',
          role: 'assistant',
          model: 'claude-opus-4-8',
          content: [{ type: 'text', text: 'Done.' }],
        },
      }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.map((m) => [m.type, m.text])).toEqual([
      ['user', 'Go on.'],
      ['bot', 'Done.'],
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 2: message.content[0]',
      problem:
        'model fallback from claude-fable-5 to claude-opus-4-8: Claude Code takes the block out of every request; not loaded',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })
})

describe('Claude Code: tool results sent as a preview (content-replacement)', () => {
  // Fixtures of our own, in the shape Claude Code writes (utils/toolResultStorage.ts, 2.1.88;
  // the compiled 2.1.332): the result stays whole on its line, the line without a uuid says what
  // was sent in its place.
  const call = (id: string) => ({ type: 'tool_use', id, name: 'Bash', input: { command: id } })
  const result = (id: string, content: string, isError = false) => ({
    type: 'tool_result',
    tool_use_id: id,
    content,
    ...(isError ? { is_error: true } : {}),
  })
  const whole = 'row\n'.repeat(1250) // 5,000 characters
  const replacement = (records: unknown[]) =>
    JSON.stringify({ type: 'content-replacement', sessionId: 's', replacements: records })
  const text = (records: unknown[]) =>
    [
      event('q', null, { type: 'user', message: { role: 'user', content: 'Dump both tables.' } }),
      event('a', 'q', {
        type: 'assistant',
        message: { role: 'assistant', content: [call('c1'), call('c2')] },
      }),
      event('r', 'a', {
        type: 'user',
        message: { role: 'user', content: [result('c1', whole), result('c2', whole, true)] },
      }),
      replacement(records),
      event('b', 'r', {
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'text', text: 'Both dumped.' }] },
      }),
    ].join('\n')

  it('loads a replaced result as the preview that was sent, and says so', () => {
    const { messages, report } = importConversation(
      text([
        { kind: 'tool-result', toolUseId: 'c1', replacement: 'PREVIEW' },
        { kind: 'tool-result', toolUseId: 'c2', replacement: 'PREVIEW TWO' },
      ]),
    )
    expect(messages.map((m) => [m.id, m.type, m.payload])).toEqual([
      ['q', 'user', undefined],
      ['a', 'bot', expect.stringContaining('"tool_calls"')],
      ['c1', 'activity', 'PREVIEW'],
      // The error flag stays with the result.
      ['c2', 'activity', '{"content":"PREVIEW TWO","is_error":true}'],
      ['b', 'bot', undefined],
    ])
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 4: replacements[0]',
      problem:
        'Claude Code sent the result of c1 as a 7-character preview in place of its 5,000 characters (its budget for the tool results of one message; the whole result went to a file): loaded as sent, as Claude Code resumes the session',
    })
    // The line is read, not counted as metadata.
    expect(report.some((n) => n.problem.includes('"content-replacement" line'))).toBe(false)
  })

  it('keeps the first record for a result, and notes what it cannot apply', () => {
    const { messages, report } = importConversation(
      text([
        { kind: 'tool-result', toolUseId: 'c1', replacement: 'FIRST' },
        { kind: 'tool-result', toolUseId: 'c1', replacement: 'SECOND' },
        { kind: 'tool-result', toolUseId: 'c9', replacement: 'ELSEWHERE' },
        { kind: 'image', toolUseId: 'c2' },
        { kind: 'tool-result', toolUseId: 'c2' },
      ]),
    )
    expect(messages.find((m) => m.id === 'c1')?.payload).toBe('FIRST')
    expect(messages.find((m) => m.id === 'c2')?.payload).toBe(
      JSON.stringify({ content: whole, is_error: true }),
    )
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 4: replacements[1]',
      problem: 'c1 was replaced by an earlier record; this one is not applied',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 4: replacements[2]',
      problem: 'no result of c9 on the thread (a subagent’s, or a branch not loaded); not applied',
    })
    for (const [k, problem] of [
      [3, 'a replacement of kind "image"'],
      [4, 'a tool-result replacement without its toolUseId or text'],
    ] as const) {
      expect(report).toContainEqual({
        severity: 'warning',
        path: `line 4: replacements[${k}]`,
        problem: `${problem}: a content replacement this reader cannot apply; the tool result it names is loaded as recorded, and may cost more than Claude Code sent`,
      })
    }
  })
})

describe('Claude Code: a subagent forked with its parent’s conversation', () => {
  // A fixture of our own, in the shape Claude Code 2.1.150 to 2.1.332 writes (compiled code read):
  // the subagent's file refers to the parent's conversation instead of copying it.
  const own = (uuid: string, parent: string | null, extra: Record<string, unknown>) =>
    event(uuid, parent, { isSidechain: true, agentId: 'af1', version: '2.1.332', ...extra })
  const text = (firstParent: string | null) =>
    [
      JSON.stringify({
        type: 'fork-context-ref',
        agentId: 'af1',
        parentSessionId: 'sess-1',
        parentLastUuid: 'p-40',
        contextLength: 40,
      }),
      own('f1', firstParent, {
        type: 'user',
        message: { role: 'user', content: 'Now check the tests.' },
      }),
      own('f2', 'f1', {
        type: 'assistant',
        message: { role: 'assistant', content: [{ type: 'text', text: 'They pass.' }] },
      }),
    ].join('\n')

  for (const firstParent of ['p-40', null]) {
    it(`loads its own messages and warns of the ones it was sent first (parent ${firstParent})`, () => {
      const { messages, report } = importConversation(text(firstParent), 'claude-code')
      expect(messages.map((m) => [m.id, m.type, m.text])).toEqual([
        ['f1', 'user', 'Now check the tests.'],
        ['f2', 'bot', 'They pass.'],
      ])
      expect(report).toContainEqual({
        severity: 'warning',
        path: 'line 1',
        problem:
          'a forked subagent: Claude Code sent it its parent’s conversation first (40 messages of session sess-1 up to p-40), which this file refers to and does not hold (Claude Code reads them from sess-1.jsonl, the parent’s transcript in the project folder); they are not loaded, and the usage view counts them in the context not in the file',
      })
      // The fork point is in the parent's transcript, as the reference says: no gap in this file.
      expect(report.filter((n) => n.severity === 'warning')).toHaveLength(1)
    })
  }
})

describe('Claude Code: thinking another model wrote', () => {
  // Replies by two models (a /model switch): Claude Code 2.1.152 and later send a request to one
  // model without the signed and redacted thinking of the other's replies; unsigned thinking stays
  // (docs/tokens.md, "Thinking another model wrote"). `version` and the reply ids vary.
  const SONNET = 'claude-sonnet-4-5-20250929'
  const OPUS = 'claude-opus-4-7'
  const session = (version: string, idPrefix = 'msg_01') => {
    const line = (uuid: string, parent: string | null, extra: Record<string, unknown>) =>
      event(uuid, parent, { version, ...extra })
    const user = (uuid: string, parent: string | null, content: string) =>
      line(uuid, parent, { type: 'user', message: { role: 'user', content } })
    const reply = (
      uuid: string,
      parent: string,
      model: string,
      content: unknown[],
      input: number,
    ) =>
      line(uuid, parent, {
        type: 'assistant',
        message: {
          id: `${idPrefix}${uuid}`,
          role: 'assistant',
          model,
          content: [...content, { type: 'text', text: `Reply ${uuid}.` }],
          usage: { input_tokens: input, output_tokens: 20 },
        },
      })
    const signed = (text: string) => ({ type: 'thinking', thinking: text, signature: 'c2ln' })
    return [
      user('q1', null, 'Check the ledger.'),
      reply('a1', 'q1', SONNET, [signed('Open the ledger first.')], 100),
      user('q2', 'a1', 'And the bank?'),
      reply('a2', 'q2', SONNET, [{ type: 'redacted_thinking', data: 'ZW5jcnlwdGVk' }], 150),
      user('q3', 'a2', 'Now compare them.'),
      reply('a3', 'q3', SONNET, [{ type: 'thinking', thinking: 'Unsigned: line them up.' }], 200),
      user('q4', 'a3', 'Use Opus for the reconciliation.'),
      reply('a4', 'q4', OPUS, [signed('Reconcile month by month.')], 250),
      user('q5', 'a4', 'Any gaps?'),
      reply('a5', 'q5', OPUS, [], 300),
      user('q6', 'a5', 'Back to Sonnet: summarise.'),
      reply('a6', 'q6', SONNET, [], 350),
    ].join('\n')
  }
  // Messages: q1, thinking (1), a1, q2, redacted (4), a2, q3, unsigned (7), a3, q4, thinking
  // (10), a4, q5, a5, q6, a6.
  const strippedOf = (text: string) => importConversation(text).usage?.map((u) => u.stripped)

  it('sends a request without the signed thinking other models wrote, from 2.1.152', () => {
    const imported = importConversation(session('2.1.152'))
    expect(
      imported.messages.map((m, i) => (m.type === 'reasoning' ? i : -1)).filter((i) => i >= 0),
    ).toEqual([1, 4, 7, 10])
    expect(imported.usage?.map((u) => [u.model, u.stripped])).toEqual([
      [SONNET, undefined],
      [SONNET, undefined],
      [SONNET, undefined],
      // Opus: Sonnet's signed thinking and its redacted thinking, not its unsigned thinking.
      [OPUS, [1, 4]],
      [OPUS, [1, 4]],
      // Back on Sonnet: Opus's thinking is out, Sonnet's own is in again.
      [SONNET, [10]],
    ])
    const notes = imported.report.filter((n) => n.problem.includes('other models wrote'))
    expect(notes.map((n) => n.path)).toEqual(['line 8: message.model', 'line 12: message.model'])
    expect(notes[0]).toEqual({
      severity: 'info',
      path: 'line 8: message.model',
      problem: `Claude Code 2.1.152 sent this request to ${OPUS} without the 2 thinking blocks other models wrote before it (from 2.1.152 it takes another model's signed thinking out of every request, on Bedrock from 2.1.108); the usage view estimates the requests so, and the thinking is loaded whole`,
    })
  })

  it('does so from 2.1.108 on Bedrock only, and not before', () => {
    const none = [undefined, undefined, undefined, undefined, undefined, undefined]
    expect(strippedOf(session('2.1.150'))).toEqual(none)
    expect(strippedOf(session('2.1.107', 'msg_bdrk_01'))).toEqual(none)
    expect(strippedOf(session('2.1.108', 'msg_bdrk_01'))).toEqual(strippedOf(session('2.1.152')))
    expect(strippedOf(session('2.1.221'))).toEqual(strippedOf(session('2.1.152')))
  })

  it('adds them to what a thinking_stripped record took out', () => {
    const lines = session('2.1.332').split('\n')
    const record = event('x', 'a4', {
      version: '2.1.332',
      type: 'attachment',
      attachment: { type: 'thinking_stripped', scope: 'all' },
    })
    // The record after Opus's first reply takes out every block before it, Opus's 10 too.
    const q5 = JSON.parse(lines[8])
    q5.parentUuid = 'x'
    const text = [...lines.slice(0, 8), record, JSON.stringify(q5), ...lines.slice(9)].join('\n')
    expect(strippedOf(text)).toEqual([
      undefined,
      undefined,
      undefined,
      [1, 4],
      [1, 4, 7, 10],
      [1, 4, 7, 10],
    ])
  })
})
