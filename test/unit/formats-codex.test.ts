import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { importConversation, type Message } from '../../src/index'
import { fixture } from './formats-fixtures'
import { codexCutOf } from '../../src/formats/codex-truncation'

// Expectations come from the fixtures, read by hand against the mapping in docs/formats/codex.md.
const BASE = 'You are Codex, a coding agent. Keep edits small and run the tests before you finish.'
const PERMISSIONS =
  '<permissions instructions>\nsandbox_mode is workspace-write; approval policy is on-request.\n</permissions instructions>'
const AGENTS =
  '# AGENTS.md instructions for /home/mara/tidewatch\n\n<INSTRUCTIONS>\nUse pnpm. Never commit to main.\n</INSTRUCTIONS>'
const ENV =
  '<environment_context>\n  <cwd>/home/mara/tidewatch</cwd>\n  <shell>bash</shell>\n</environment_context>'
const PATCH =
  "*** Begin Patch\n*** Update File: src/tides/parse.ts\n-  return s.replace(/^0/, '')\n+  return s\n*** End Patch"

/** A rollout line as Codex writes it, and a message item of a role, one part per text. */
const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: 't', type, payload })
const messageItem = (role: string, ...texts: string[]) => ({
  type: 'message',
  role,
  content: texts.map((text) => ({
    type: role === 'assistant' ? 'output_text' : 'input_text',
    text,
  })),
})
const userItem = (text: string) => messageItem('user', text)

/** A rollout of one prompt, the lines `before` (other calls), then a shell call `c1` and its output. */
const shellRollout = (version: string, model: string, output: unknown, before: string[] = []) =>
  [
    line('session_meta', { id: 's', cli_version: version }),
    line('turn_context', { model }),
    line('response_item', messageItem('user', 'Dump it.')),
    ...before,
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' }),
    line('response_item', { type: 'function_call_output', call_id: 'c1', output }),
  ].join('\n')

describe('Codex CLI rollout in', () => {
  const file = fixture('codex.jsonl')

  it('reads the history the model saw: instructions, context, prompts, calls paired by call_id', () => {
    const imported = importConversation(file)
    expect(imported.format).toBe('codex')
    expect(imported.model).toBe('gpt-5.3-codex')
    const expected: Message[] = [
      { type: 'instructions', text: BASE },
      { type: 'instructions', text: PERMISSIONS },
      { type: 'instructions', text: AGENTS },
      { type: 'context', text: ENV },
      { type: 'user', text: 'Why does `pnpm test` fail on the tide table parser? Fix it.' },
      {
        type: 'reasoning',
        text: '**Reading the failing test**',
        // The token_count on line 15 is this reply's: Codex writes it once the reply's calls have
        // run and their outputs are recorded (codex-rs turn.rs: drain_in_flight, then
        // send_token_count_event), and it reports 64 reasoning tokens.
        payload: '{"encrypted_content":"gAAAAB-codex-enc-01","reasoning_tokens":64}',
      },
      {
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_t1a","name":"exec_command","arguments":{"cmd":"pnpm test --filter parser"}},' +
          '{"id":"call_t1b","name":"exec_command","arguments":{"cmd":"cat src/tides/parse.ts"}}]}',
      },
      {
        id: 'call_t1a',
        type: 'activity',
        text: '',
        payload: 'FAIL parse.test.ts: expected 06:12, got 6:12\nProcess exited with code 1',
      },
      {
        id: 'call_t1b',
        type: 'activity',
        text: '',
        payload: "export function parseTime(s) { return s.replace(/^0/, '') }",
      },
      {
        type: 'bot',
        text: 'The parser strips the leading zero. I will keep it.',
        payload: JSON.stringify({
          tool_calls: [{ id: 'call_t1c', name: 'apply_patch', arguments: PATCH }],
        }),
      },
      {
        id: 'call_t1c',
        type: 'activity',
        text: '',
        payload: 'Success. Updated src/tides/parse.ts',
      },
      {
        type: 'bot',
        text: 'Fixed: `parseTime` keeps the leading zero, so 06:12 parses as written. ⚓',
      },
    ]
    expect(imported.messages).toEqual(expected)
  })

  it('reports the broken line and the unknown line type as warnings, and the UI copies by kind', () => {
    const { report } = importConversation(file, 'codex')
    const warnings = report.filter((n) => n.severity === 'warning')
    expect(warnings.map((n) => n.path)).toEqual(['line 16', 'line 21: type'])
    expect(warnings[0].problem).toMatch(
      /^truncated or malformed JSON \(column \d+: .*\); skipped, the rest loaded$/,
    )
    expect(warnings[1].problem).toBe(
      '"session_note" is not a line type Codex writes (session_meta, response_item, event_msg, turn_context, compacted, world_state, inter_agent_communication); skipped',
    )
    const info = (path: string, problem: string, count?: number) =>
      expect(report).toContainEqual({
        severity: 'info',
        path,
        problem,
        ...(count ? { count } : {}),
      })
    info(
      'line 8: payload',
      '"user_message" event: the UI\'s copy of a response_item; not loaded twice',
    )
    info(
      'line 10: payload',
      '"agent_reasoning" event: the UI\'s copy of a response_item; not loaded twice',
    )
    info(
      'line *: payload',
      '"agent_message" event: the UI\'s copy of a response_item; not loaded twice',
      2,
    )
    info('line 15: payload', 'provider-reported usage; read by the usage view')
    info('line 1: payload.cli_version', 'session metadata; not part of the conversation')
    info('line 19: payload.status', 'item status; not part of the conversation')
    info('line 5: payload', '"task_started" event; not part of the conversation')
  })

  it('finds a parallel call cut from its result by the split', () => {
    const { messages } = importConversation(file)
    // 12 messages; keeping the last 4 keeps call_t1b's result (index 8) but not its call (index 6).
    const findings = diagnose({ messages, options: { maxTokens: 60, keepRecentCount: 4 } })
    const cut = findings.filter((f) => f.code === 'tool-exchange-cut')
    expect(cut.map((f) => f.callId)).toEqual(['call_t1b'])
  })

  it('rebuilds the history at a compaction: prompts kept, the rest replaced by the summary', () => {
    const imported = importConversation(fixture('codex-compacted.jsonl'))
    expect(imported.format).toBe('codex')
    expect(imported.model).toBe('gpt-5.1-codex-max')
    expect(imported.messages).toEqual([
      {
        type: 'context',
        text: '<environment_context>\n  <cwd>/work/gauges</cwd>\n</environment_context>',
      },
      { type: 'user', text: 'Rename the `Gauge` type to `TideGauge` across the repo.' },
      {
        type: 'context',
        text: 'The user asked to rename Gauge to TideGauge. rg found src/gauge.ts and src/station.ts; the rename is not applied yet.',
        // Replaced: the bot turn with call_c1, its result, and the bot reply after it.
        meta: { compacted: true, droppedCount: 3, summarizedIds: ['call_c1'] },
      },
      { type: 'user', text: 'Also update the README.' },
      {
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_c2","name":"shell","arguments":{"command":["sed","-i","s/Gauge/TideGauge/g","README.md"]}}]}',
      },
      { id: 'call_c2', type: 'activity', text: '', payload: 'done' },
      { type: 'bot', text: 'Renamed in the code and the README.' },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    // This session_meta has no base_instructions: the system prompt Codex sent is not in the file.
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        'no base instructions in the file: Codex sent its built-in system prompt, which is not counted here',
    })
    const findings = diagnose({ messages: imported.messages, options: { maxTokens: 100_000 } })
    expect(findings.find((f) => f.code === 'earlier-summary')?.indexes).toEqual([2])
  })

  it('replaces the history with replacement_history, its encrypted compaction item the summary', () => {
    const text = [
      line('session_meta', { id: 's', cwd: '/w', cli_version: '0.116.0' }),
      line('response_item', userItem('first prompt')),
      line('response_item', messageItem('assistant', 'ok')),
      line('compacted', {
        message: '',
        replacement_history: [
          userItem('first prompt'),
          { type: 'compaction', encrypted_content: 'ENC' },
        ],
      }),
      line('response_item', userItem('second prompt')),
    ].join('\n')
    expect(importConversation(text).messages).toEqual([
      { type: 'user', text: 'first prompt' },
      {
        type: 'context',
        text: '',
        payload: '{"encrypted_content":"ENC"}',
        meta: { compacted: true, droppedCount: 2 },
      },
      { type: 'user', text: 'second prompt' },
    ])
  })

  it("names a compaction's own records (0.15x – 0.171's CompactedItem) as such, not as unknown", () => {
    // A sub-agent's rollout of 0.154 copies its parent's compaction with these fields.
    const text = [
      line('session_meta', { id: 's', cwd: '/w', cli_version: '0.154.0' }),
      line('response_item', userItem('first prompt')),
      line('compacted', {
        message: '',
        replacement_history: [
          userItem('first prompt'),
          { type: 'compaction', encrypted_content: 'E' },
        ],
        compaction_response_id: 'resp_c1',
        latest_token_usage_record: null,
        guardian_history: null,
        mcp_resource_origins: { origins: [], turns: [] },
        window_number: 1,
      }),
    ].join('\n')
    const { report } = importConversation(text)
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 3: payload.compaction_response_id',
      problem: "the compaction request's response id; Codex's own record",
    })
  })

  it('carries the call ids an earlier summary stands for into the summary that replaces it', () => {
    // Two remote compactions (0.142, windows 1 and 2): the second replaces the first's summary,
    // so the call the first replaced is reached only through the second's summarizedIds.
    const call = (callId: string) => ({
      type: 'function_call',
      call_id: callId,
      name: 'exec_command',
      arguments: '{"cmd":"ls"}',
    })
    const output = (callId: string) => ({
      type: 'function_call_output',
      call_id: callId,
      output: 'berths',
    })
    const text = [
      line('session_meta', { id: 's', cli_version: '0.142.5' }),
      line('response_item', userItem('first prompt')),
      line('response_item', call('call_a')),
      line('response_item', output('call_a')),
      line('compacted', {
        message: '',
        replacement_history: [
          userItem('first prompt'),
          { type: 'compaction', encrypted_content: 'E1' },
        ],
      }),
      line('response_item', userItem('second prompt')),
      line('response_item', call('call_b')),
      line('response_item', output('call_b')),
      line('compacted', {
        message: '',
        replacement_history: [
          userItem('second prompt'),
          { type: 'compaction', encrypted_content: 'E2' },
        ],
      }),
    ].join('\n')
    const summaries = importConversation(text).messages.filter((m) => m.meta?.compacted)
    expect(summaries).toHaveLength(1)
    // The second window replaced the first prompt, the first summary, the second prompt, the call
    // and its output: five messages; it stands for call_b, and through the first summary, call_a.
    expect(summaries[0].meta).toEqual({
      compacted: true,
      droppedCount: 5,
      summarizedIds: ['call_a', 'call_b'],
    })
  })

  it('reads the legacy schema: header instructions, state lines, bare items', () => {
    const imported = importConversation(fixture('codex-legacy.jsonl'))
    expect(imported.format).toBe('codex')
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'Answer in British English.' },
      {
        type: 'context',
        text: '<environment_context>\n  <cwd>/srv/harbour</cwd>\n</environment_context>',
      },
      { type: 'user', text: 'List the berth files.' },
      { id: 'rs_l1', type: 'reasoning', text: 'Listing the directory.' },
      {
        id: 'lsh_1',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_l1","name":"local_shell","arguments":{"type":"exec","command":["ls","berths"],"timeout_ms":null,"working_directory":null,"env":null,"user":null}}]}',
      },
      { id: 'call_l1', type: 'activity', text: '', payload: 'north.txt\nsouth.txt' },
      { type: 'bot', text: 'Two berth files: north.txt and south.txt.' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line *',
      problem: 'legacy session state line; not part of the conversation',
      count: 3,
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it('reads a legacy rollout that holds only its header: a session with no turn', () => {
    // codex-rs/core/src/rollout.rs (mid-2025) writes SessionMetaWithGit first, `instructions`
    // always present (an Option, so null when there are none), `git` when collected.
    const header = (instructions: string | null) =>
      JSON.stringify({
        id: '5f0c2a9e-1b7d-4c3e-8a61-2d9b7f4e0c13',
        timestamp: '2025-08-21T06:29:22.408Z',
        instructions,
        git: { commit_hash: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c', branch: 'main' },
      })
    const empty = importConversation(header(null) + '\n')
    expect(empty.format).toBe('codex')
    expect(empty.messages).toEqual([])
    const withInstructions = importConversation(header('Answer in British English.'))
    expect(withInstructions.format).toBe('codex')
    expect(withInstructions.messages).toEqual([
      { type: 'instructions', text: 'Answer in British English.' },
    ])
    // Any object with an id and a timestamp is not a rollout: the header names its instructions.
    expect(() => importConversation(JSON.stringify({ id: 'x', timestamp: 't' }))).toThrow(
      /no "messages" array/,
    )
  })

  it('reads the first schema: one JSON document {session, items, state}', () => {
    // codex-rs/core/src/rollout.rs (May – July 2025) rewrote `rollout-<time>-<uuid>.json` whole
    // after every update: SavedSession {session: SessionMeta {id, timestamp, instructions},
    // items, state: {previous_response_id}}. The items are Responses items, as later.
    const imported = importConversation(fixture('codex-first.json'))
    expect(imported.format).toBe('codex')
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'Prefer small commits.' },
      { type: 'user', text: 'Why does the ferry timetable test fail?' },
      {
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_f1","name":"shell","arguments":{"command":["npm","test"]}}]}',
      },
      {
        id: 'call_f1',
        type: 'activity',
        text: '',
        payload: 'FAIL timetable.test.js: expected 07:05, got 7:05',
      },
      { type: 'bot', text: 'The formatter drops the leading zero of the hour.' },
      { type: 'user', text: 'Fix it.' },
      {
        id: 'lsh_2',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_f2","name":"local_shell","arguments":{"type":"exec","command":["sed","-i","s/String(h)/String(h).padStart(2, \'0\')/","src/time.js"],"timeout_ms":null,"working_directory":null,"env":null,"user":null}}]}',
      },
      { id: 'call_f2', type: 'activity', text: '' },
      { type: 'bot', text: 'Padded the hour; the timetable test passes.' },
    ])
    const said = (path: string) => imported.report.filter((n) => n.path === path)
    expect(said('state')).toEqual([
      {
        severity: 'info',
        path: 'state',
        problem:
          'session state (the previous_response_id the next request chains to); not part of the conversation',
      },
    ])
    expect(said('session.id').map((n) => n.severity)).toEqual(['info'])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    // Keeping the last 2 keeps call_f2's result, not its call: the cut is found.
    const cut = diagnose({
      messages: imported.messages,
      options: { maxTokens: 60, keepRecentCount: 2 },
    }).filter((f) => f.code === 'tool-exchange-cut')
    expect(cut.map((f) => f.callId)).toEqual(['call_f2'])
  })

  it('refuses a first-schema document whose items are not Responses items, naming the item', () => {
    const chat = JSON.stringify({
      session: { id: '0b1c', timestamp: '2025-08-23T11:00:55.382Z', instructions: '' },
      items: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    })
    expect(() => importConversation(chat)).toThrow(
      'it looks most like OpenAI Codex CLI rollout, but items[0].content[0].type (line 1, column 119): "text" is not a Responses part type (input_text, output_text)',
    )
  })

  it('warns when a prompt the UI recorded never reached the history', () => {
    const text = [
      JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 's' } }),
      JSON.stringify({
        timestamp: 't',
        type: 'event_msg',
        payload: { type: 'user_message', message: 'lost prompt' },
      }),
    ].join('\n')
    expect(importConversation(text).report).toContainEqual({
      severity: 'warning',
      path: 'line 2: payload.message',
      problem:
        'a prompt the UI recorded is not in the loaded history (dropped by a compaction, or never recorded as a response_item)',
    })
  })

  it('finds each recorded prompt in the history wherever it is, and warns only for the lost one', () => {
    const user = (text: string) => line('response_item', userItem(text))
    const prompt = (message: string) => line('event_msg', { type: 'user_message', message })
    const users = Array.from({ length: 8 }, (_, i) => user(`prompt ${i}`))
    const text = [
      line('session_meta', { id: 's' }),
      // Recorded in order, with some padding: found where the one before was.
      user('  first, padded  '),
      prompt('first, padded'),
      ...users,
      // Out of order, far before the last match (line 12), and as part of a longer text.
      prompt('prompt 7'),
      prompt('prompt 0'),
      user('see: inside a longer text'),
      prompt('inside'),
      prompt('never sent'),
    ].join('\n')
    const warnings = importConversation(text).report.filter((n) => n.severity === 'warning')
    // Lines: 1 meta, 2 user, 3 prompt, 4-11 users, 12-13 prompts, 14 user, 15-16 prompts.
    expect(warnings).toEqual([
      {
        severity: 'warning',
        path: 'line 16: payload.message',
        problem:
          'a prompt the UI recorded is not in the loaded history (dropped by a compaction, or never recorded as a response_item)',
      },
    ])
  })

  it('finds a prompt Codex shortened in its history, and says so at info', () => {
    // A compaction's replacement history keeps a long prompt's head and tail around Codex's
    // marker (truncate.rs: `…N chars truncated…`); Codex resumes with that copy.
    const long = `Head of the plan. ${'Step. '.repeat(40)}Tail of the plan.`
    const shortened = `Head of the plan. …${long.length - 35} chars truncated…Tail of the plan.`
    const text = [
      line('session_meta', { id: 's' }),
      line('response_item', userItem(shortened)),
      line('event_msg', { type: 'user_message', message: long }),
    ].join('\n')
    const { report } = importConversation(text)
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 3: payload.message' }),
    )
  })

  it("checks a paginated rollout's prompts against its UserMessage items, and notes provenance", () => {
    // Codex 0.15x and 1.x in paginated mode write no user_message event: the UI's record of each
    // prompt is an item_completed UserMessage (codex-rs/rollout/src/policy.rs). base_instructions
    // carries a provenance beside its text (public 1.19.2 rollouts).
    const completed = (text: string) =>
      line('event_msg', {
        type: 'item_completed',
        item: {
          type: 'UserMessage',
          id: 'u',
          content: [{ type: 'text', text, text_elements: [] }],
        },
      })
    const text = [
      line('session_meta', {
        id: 's',
        cli_version: '1.19.2',
        history_mode: 'paginated',
        base_instructions: { text: BASE, provenance: { type: 'model', model: 'gpt-5.6' } },
      }),
      line('response_item', messageItem('user', 'Rename the berth files.')),
      completed('Rename the berth files.'),
      completed('A prompt no response_item holds.'),
    ].join('\n')
    const { messages, report, model } = importConversation(text)
    expect(messages.map((m) => m.type)).toEqual(['instructions', 'user'])
    // No turn_context names the model (a turn aborted before it was sent): the model whose
    // instructions these are stands in.
    expect(model).toBe('gpt-5.6')
    expect(report.filter((n) => n.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        path: 'line 4: payload.item.content',
        problem:
          'a prompt the UI recorded is not in the loaded history (dropped by a compaction, or never recorded as a response_item)',
      },
    ])
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 1: payload.base_instructions.provenance',
      problem: 'where the base instructions came from; not sent',
    })
  })

  it('refuses a Claude Code session forced as Codex with the first line named', () => {
    expect(() => importConversation(fixture('claude-code.jsonl'), 'codex')).toThrow(/line 1/)
  })
})

// Shapes seen in public rollouts of Codex 0.57 to 0.146 (docs/formats/codex.md), in fixtures of our
// own that follow their schema.
describe('Codex rollouts: shapes found in public sessions', () => {
  const user = (...texts: string[]) => line('response_item', messageItem('user', ...texts))
  const warnings = (text: string) =>
    importConversation(text).report.filter((n) => n.severity === 'warning')

  it('finds a prompt of several parts, which the UI recorded with the parts run together', () => {
    const text = [
      line('session_meta', { id: 's' }),
      user('Look at this:\n\n', 'the parser fails.'),
      line('event_msg', { type: 'user_message', message: 'Look at this:\n\nthe parser fails.' }),
    ].join('\n')
    expect(warnings(text)).toEqual([])
  })

  it('reads what Codex writes for itself as context and instructions, not as prompts', () => {
    const text = [
      line('session_meta', { id: 's' }),
      user('<recommended_plugins>\n- github\n</recommended_plugins>'),
      user('<subagent_notification>{"agent":"a1","status":"done"}</subagent_notification>'),
      user('<hook_prompt hook_run_id="stop:1:/w/.codex/hooks.json">Run the tests.</hook_prompt>'),
      user('<codex_internal_context source="user_goal">\nContinue.\n</codex_internal_context>'),
      // Codex 0.144 (VS Code) writes AGENTS.md with no directory after its heading.
      user('# AGENTS.md instructions\n\n<INSTRUCTIONS>\nUse pnpm.\n</INSTRUCTIONS>'),
      user('Go on.'),
    ].join('\n')
    expect(importConversation(text).messages.map((m) => m.type)).toEqual([
      'instructions',
      'context',
      'context',
      'context',
      'instructions',
      'user',
    ])
  })

  it('reads a user message by the kinds Codex 0.15x+ records for its parts, where it does', () => {
    // content_item_kinds, one a part (InternalChatMessageMetadataPassthrough): a part the user
    // wrote (user.*) makes the message a prompt; Codex's own kinds make it context, AGENTS.md's
    // instructions, whatever the text opens with.
    const kinds = (list: string[], ...texts: string[]) =>
      line('response_item', {
        ...messageItem('user', ...texts),
        internal_chat_message_metadata_passthrough: { turn_id: 't1', content_item_kinds: list },
      })
    const text = [
      line('session_meta', { id: 's', cli_version: '0.159.0' }),
      kinds(['agents_md.instructions'], 'Use pnpm. Never commit to main.'),
      kinds(['plugins.recommendations'], 'Plugins worth installing: github, linear.'),
      kinds(['environments.environment_context', 'user.text'], ENV, 'Fix the parser.'),
      kinds(['user.text'], '<turn_aborted> is a tag I made up; what does it mean?'),
    ].join('\n')
    expect(importConversation(text).messages.map((m) => m.type)).toEqual([
      'instructions',
      'context',
      'user',
      'user',
    ])
  })

  it('reads the per-turn context Codex 0.154+ writes as developer messages as context', () => {
    // A public rollout of August 2026 holds <turn_aborted> with role developer (content kind
    // generic.turn_aborted); 0.159 adds a developer message of the client's date and time.
    const developer = (text: string) => line('response_item', messageItem('developer', text))
    const text = [
      line('session_meta', { id: 's', cli_version: '0.159.0' }),
      developer(
        '<permissions instructions>\nsandbox_mode is read-only.\n</permissions instructions>',
      ),
      user('Fix the parser.'),
      developer('<turn_aborted>\nThe previous turn was interrupted.\n</turn_aborted>'),
      developer(
        '<codex_apps_client_time_context>\n2026-10-09 10:14\n</codex_apps_client_time_context>',
      ),
      user('Go on.'),
    ].join('\n')
    expect(importConversation(text).messages.map((m) => m.type)).toEqual([
      'instructions',
      'user',
      'context',
      'context',
      'user',
    ])
  })

  it("pairs a client tool search with its output, and notes 0.142's item metadata", () => {
    // ResponseToolSearchCall / ResponseToolSearchOutputItem (openai-node 7.60.0); Codex 0.142+
    // runs the search itself (execution "client"). The output's tools are sent back as JSON, the
    // way Codex sends them to a Chat Completions backend.
    const tools = [{ type: 'function', name: 'calendar_create', parameters: { type: 'object' } }]
    const text = [
      line('session_meta', { id: 's', cli_version: '0.142.0-alpha.6' }),
      user('Book the harbour meeting.'),
      line('response_item', {
        type: 'tool_search_call',
        id: 'tsc_1',
        call_id: 'call_ts1',
        status: 'completed',
        execution: 'client',
        arguments: { query: 'calendar', limit: 5 },
        metadata: { turn_id: 't1' },
      }),
      line('response_item', {
        type: 'tool_search_output',
        call_id: 'call_ts1',
        status: 'completed',
        execution: 'client',
        tools,
      }),
      user('Thanks.'),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages.slice(1, 3)).toEqual([
      {
        id: 'tsc_1',
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_ts1","name":"tool_search","arguments":{"query":"calendar","limit":5}}]}',
      },
      {
        id: 'call_ts1',
        type: 'activity',
        text: '',
        payload: JSON.stringify(tools),
      },
    ])
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 3: payload.metadata' }),
    )
    expect(imported.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line *: payload.execution', count: 2 }),
    )
    // Keeping the last two messages cuts the search from its output.
    const findings = diagnose({
      messages: imported.messages,
      options: { maxTokens: 20, keepRecentCount: 2 },
    })
    expect(findings.map((f) => f.code)).toContain('tool-exchange-cut')
  })

  it("notes Codex 0.145's world_state lines, item metadata and compaction window fields", () => {
    const text = [
      line('session_meta', { id: 's' }),
      line('world_state', { full: true, state: { cwd: '/w' } }),
      line('response_item', {
        ...messageItem('user', 'Hi.'),
        internal_chat_message_metadata_passthrough: { turn_id: 't1' },
      }),
      line('compacted', {
        message: '',
        replacement_history: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
        ],
        window_number: 2,
        window_id: 'w2',
        first_window_id: 'w1',
        previous_window_id: 'w1',
      }),
    ].join('\n')
    const { report } = importConversation(text)
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 2: payload' }),
    )
    expect(report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 4: payload.window_id' }),
    )
  })

  it("notes Codex 0.171's own records, line ordinals, item metadata and configuration updates", () => {
    // The shapes of RolloutItemWire and CodexHarnessMetadata, as the 0.171.0 binary names them.
    const withFields = (type: string, payload: unknown, fields: object) =>
      JSON.stringify({ timestamp: 't', ordinal: 7, type, payload, ...fields })
    const text = [
      line('session_meta', { id: 's' }),
      withFields(
        'response_item',
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
        { metadata: { client_authored: true } },
      ),
      line('response_item', { type: 'configuration_update', reasoning: { effort: 'medium' } }),
      line('token_usage_record', { turn_id: 't1', response_id: 'r1' }),
      line('retained_context', { kind: 'verified_answer' }),
      line('response_item', messageItem('assistant', 'Hello.')),
    ].join('\n')
    const { messages, report } = importConversation(text)
    expect(messages.map((m) => [m.type, m.text])).toEqual([
      ['user', 'Hi.'],
      ['bot', 'Hello.'],
    ])
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    for (const [path, problem] of [
      [
        'line 2: ordinal',
        "the line's place in the thread (Codex 0.15x+); not part of the conversation",
      ],
      [
        'line 2: metadata',
        "Codex's own metadata of the item (CodexHarnessMetadata, 0.16x+); not sent to the model",
      ],
      [
        'line 3: payload',
        'a configuration_update item (Codex 0.16x+: the reasoning effort, changed mid-thread): a request setting, not text the model reads; not loaded',
      ],
    ]) {
      expect(report).toContainEqual({ severity: 'info', path, problem })
    }
    // The two records, one note.
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: payload',
      problem: "Codex's own record; not sent to the model",
      count: 2,
    })
  })

  it("reads Codex 0.171's agent messages, encrypted content, added tools and paginated pages", () => {
    // The shapes of ResponseItem (AgentMessage, Message, AdditionalTools, ContextCompaction) and
    // InterAgentCommunication as the 0.171.0 binary names their fields.
    const text = [
      line('session_meta', {
        id: 's2',
        history_mode: 'paginated',
        history_base: { thread_id: 's1', end_ordinal_exclusive: 40, end_byte_offset: 51234 },
      }),
      line('response_item', {
        type: 'agent_message',
        author: '/root',
        recipient: '/root/tester',
        content: [{ type: 'input_text', text: 'Run the parser tests.' }],
      }),
      line('inter_agent_communication', {
        author: '/root/tester',
        recipient: '/root',
        other_recipients: [],
        content: 'All 12 tests pass.',
        trigger_turn: false,
      }),
      line('inter_agent_communication', {
        author: '/root',
        recipient: '/root/fixer',
        other_recipients: [],
        content: '',
        encrypted_content: 'gAAAAB-agent-enc',
        trigger_turn: true,
      }),
      line('inter_agent_communication_metadata', { trigger_turn: true }),
      line('response_item', {
        type: 'message',
        role: 'assistant',
        content: [],
        encrypted_content: 'gAAAAB-msg-enc',
      }),
      line('response_item', {
        type: 'function_call',
        name: 'exec',
        namespace: 'shell',
        arguments: '{"cmd":"ls"}',
        call_id: 'call_1',
      }),
      line('response_item', {
        type: 'function_call_output',
        call_id: 'call_1',
        name: 'exec',
        output: 'a.ts',
      }),
      line('response_item', {
        type: 'additional_tools',
        role: 'developer',
        tools: [{ type: 'function', name: 'grep', parameters: {} }],
      }),
      line('response_item', { type: 'context_compaction', encrypted_content: 'gAAAAB-cmp' }),
    ].join('\n')
    const { messages, report } = importConversation(text)
    expect(messages).toEqual([
      { type: 'context', text: 'Run the parser tests.', payload: '{"name":"/root"}' },
      { type: 'context', text: 'All 12 tests pass.', payload: '{"name":"/root/tester"}' },
      {
        type: 'context',
        // Codex's header of an encrypted agent message: its type, the task (recipient) and sender.
        text: 'Message Type: NEW_TASK\nTask name: /root/fixer\nSender: /root\nPayload:\n',
        payload: '{"name":"/root","encrypted_content":"gAAAAB-agent-enc"}',
      },
      {
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_1","name":"exec","arguments":{"cmd":"ls"}}],"encrypted_content":"gAAAAB-msg-enc"}',
      },
      { id: 'call_1', type: 'activity', text: '', payload: 'a.ts' },
      {
        type: 'instructions',
        text: '',
        payload: '{"tools":[{"type":"function","name":"grep","parameters":{}}]}',
      },
      {
        type: 'context',
        text: '',
        payload: '{"encrypted_content":"gAAAAB-cmp"}',
        meta: { compacted: true, droppedCount: 0 },
      },
    ])
    const warnings = report.filter((n) => n.severity === 'warning')
    expect(warnings).toEqual([
      {
        severity: 'warning',
        path: 'line 1: payload.history_base',
        problem:
          'a later page of a paginated thread: the history before it is in rollout s1 up to byte 51,234, which Codex sends first; that history is not in this file, so it is not loaded or counted',
      },
    ])
    for (const path of [
      'line *: payload.recipient',
      'line *: payload.trigger_turn',
      'line 7: payload.namespace',
      'line 8: payload.name',
      'line 9: payload.role',
    ]) {
      expect(report).toContainEqual(expect.objectContaining({ severity: 'info', path }))
    }
  })

  it('warns at encrypted call arguments, which it cannot count', () => {
    const text = [
      line('session_meta', { id: 's' }),
      line('response_item', {
        type: 'function_call',
        name: 'exec',
        arguments: '',
        encrypted_function_args: ['gAAAAB-args'],
        call_id: 'call_1',
      }),
    ].join('\n')
    const { report } = importConversation(text)
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 2: payload.encrypted_function_args',
      problem:
        "the call's arguments, encrypted by OpenAI; sent with the call, but neither loaded nor counted",
    })
  })

  it('leaves the usage of a /review thread out of the main history', () => {
    const usage = (total: number, last: number) =>
      line('event_msg', {
        type: 'token_count',
        info: {
          total_token_usage: { input_tokens: total, output_tokens: 10, total_tokens: total + 10 },
          last_token_usage: { input_tokens: last, output_tokens: 10, total_tokens: last + 10 },
        },
      })
    const text = [
      line('session_meta', { id: 's' }),
      user('Fix it.'),
      usage(1000, 1000),
      line('event_msg', { type: 'entered_review_mode' }),
      usage(300, 300),
      line('event_msg', { type: 'exited_review_mode' }),
      // Codex repeats the running total of before the review: no new request.
      usage(1000, 1000),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.usage?.map((u) => u.at)).toHaveLength(1)
    expect(imported.report).toContainEqual(
      expect.objectContaining({
        path: 'line 5: payload',
        problem: 'usage of a /review thread, whose requests do not send this history; not read',
      }),
    )
  })
})

describe('Codex rollouts: tool outputs as the history holds them', () => {
  // Fixtures of our own. The expected texts are worked out by hand from Codex's rule
  // (codex-rs/utils/string/src/truncate.rs, history.rs's `policy * 1.2`): a budget of 12,000
  // tokens of four bytes (48,000 bytes) or 12,000 bytes, half kept from the start, half from
  // the end, and a marker between.
  const rollout = (model: string, output: unknown, version = '0.142.0') =>
    shellRollout(version, model, output)
  const outputOf = (text: string) => importConversation(text).messages.find((m) => m.id === 'c1')!

  it('cuts an output over 48,000 bytes for a model whose budget is in tokens', () => {
    const whole = 'a'.repeat(30_000) + 'b'.repeat(30_000) // 60,000 bytes
    const imported = importConversation(rollout('gpt-5.4', whole))
    // (60,000 − 48,000) / 4 = 3,000 tokens removed.
    expect(outputOf(rollout('gpt-5.4', whole)).payload).toBe(
      'a'.repeat(24_000) + '…3000 tokens truncated…' + 'b'.repeat(24_000),
    )
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        "1 tool output (c1) over Codex's history budget for gpt-5.4 (12,000 tokens of four bytes): loaded as Codex sends it, the middle cut out and a marker in its place; the rollout holds it whole",
    })
    // At the budget exactly, nothing is cut.
    expect(outputOf(rollout('gpt-5.4', 'x'.repeat(48_000))).payload).toBe('x'.repeat(48_000))
    // Codex 0.40 recorded outputs as they came, and a legacy rollout names no version: whole.
    expect(outputOf(rollout('gpt-5.4', whole, '0.40.0')).payload).toBe(whole)
    expect(importConversation(rollout('gpt-5.4', whole, '0.40.0')).report).not.toContainEqual(
      expect.objectContaining({ path: '', problem: expect.stringContaining('history budget') }),
    )
  })

  it('cuts by bytes for GPT-5.2 and unknown models, on whole characters', () => {
    // 30,000 two-byte characters: 6,000 bytes (3,000 characters) kept at each end, 24,000
    // characters removed.
    const whole = 'é'.repeat(30_000)
    for (const model of ['gpt-5.2', 'llama3.3']) {
      expect(outputOf(rollout(model, whole)).payload, model).toBe(
        'é'.repeat(3_000) + '…24000 chars truncated…' + 'é'.repeat(3_000),
      )
    }
    // A three-byte character across the half: the prefix stops before it.
    const text = 'a'.repeat(5_999) + '€' + 'z'.repeat(10_000)
    expect(outputOf(rollout('gpt-5.2', text)).payload).toBe(
      'a'.repeat(5_999) + '…4001 chars truncated…' + 'z'.repeat(6_000),
    )
  })

  it('keeps an output within the budget of its items, and its error flag', () => {
    const items = [
      { type: 'input_text', text: 'x'.repeat(40_000) }, // 10,000 tokens
      { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'input_text', text: 'y'.repeat(12_000) }, // 3,000 tokens: 2,000 left
      { type: 'input_text', text: 'z'.repeat(100) },
    ]
    const m = outputOf(rollout('gpt-5.4', items))
    // The second text is cut to 2,000 tokens (8,000 bytes), 1,000 tokens removed; the third left
    // out and counted.
    expect(JSON.parse(m.payload!).content).toEqual([
      items[0],
      items[1],
      {
        type: 'input_text',
        text: 'y'.repeat(4_000) + '…1000 tokens truncated…' + 'y'.repeat(4_000),
      },
      { type: 'input_text', text: '[omitted 1 text items ...]' },
    ])
    const failed = outputOf(rollout('gpt-5.4', { content: 'q'.repeat(50_000), success: false }))
    expect(JSON.parse(failed.payload!)).toEqual({
      content: 'q'.repeat(24_000) + '…500 tokens truncated…' + 'q'.repeat(24_000),
      is_error: true,
    })
  })
  // Codex 0.51 – 0.58 (`format_output_for_model_body`, codex-rs/core/src/context_manager/
  // truncate.rs at rust-v0.57.0): at most 10,240 bytes and 256 lines; a header, the first 128
  // lines within 5,120 bytes, a marker, then the last 128 lines within what the 10,240 leaves.
  // Expected texts worked out by hand from that rule.
  it('cuts as 0.51 – 0.58 did: a one-line output to its first 5,120 bytes and a marker', () => {
    const whole = 'a'.repeat(10_300)
    const cut =
      'Total output lines: 1\n\n' +
      'a'.repeat(5_120) +
      '\n[... output truncated to fit 10240 bytes ...]\n\n'
    for (const version of ['0.51.0', '0.57.0', '0.58.1']) {
      expect(outputOf(rollout('gpt-5-codex', whole, version)).payload, version).toBe(cut)
    }
    expect(importConversation(rollout('gpt-5-codex', whole, '0.57.0')).report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        '1 tool output (c1) over the 10,240 bytes or 256 lines Codex 0.57.0 kept of an output in its history: loaded as Codex sent it, the first and last lines kept and a marker between; the rollout holds it whole',
    })
    // At the limit exactly, nothing is cut; 0.50 and the first 0.51 alphas did not cut at all.
    expect(outputOf(rollout('gpt-5-codex', 'a'.repeat(10_240), '0.57.0')).payload).toBe(
      'a'.repeat(10_240),
    )
    for (const version of ['0.50.0', '0.51.0-alpha.2']) {
      expect(outputOf(rollout('gpt-5-codex', whole, version)).payload, version).toBe(whole)
    }
  })

  it('cuts as 0.51 – 0.58 did: 300 short lines to the first and last 128, on whole characters', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i + 1}\n`)
    // 300 lines: 128 + 128 kept, 44 omitted; every kept line fits the bytes.
    expect(outputOf(rollout('gpt-5-codex', lines.join(''), '0.57.0')).payload).toBe(
      'Total output lines: 300\n\n' +
        lines.slice(0, 128).join('') +
        '\n[... omitted 44 of 300 lines ...]\n\n' +
        lines.slice(172).join(''),
    )
    // 'a' and 5,200 two-byte characters (10,401 bytes): the prefix stops at 5,119 bytes.
    const wide = 'a' + 'é'.repeat(5_200)
    expect(outputOf(rollout('gpt-5-codex', wide, '0.57.0')).payload).toBe(
      'Total output lines: 1\n\n' +
        'a' +
        'é'.repeat(2_559) +
        '\n[... output truncated to fit 10240 bytes ...]\n\n',
    )
  })

  it('cuts a list of items as 0.54 – 0.58 did, and each item as 0.51 – 0.53 did', () => {
    const items = [
      { type: 'input_text', text: 'x'.repeat(8_000) },
      { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'input_text', text: 'y'.repeat(4_000) }, // 2,240 bytes left: cut, no marker
      { type: 'input_text', text: 'z'.repeat(10) },
    ]
    expect(JSON.parse(outputOf(rollout('gpt-5-codex', items, '0.57.0')).payload!).content).toEqual([
      items[0],
      items[1],
      { type: 'input_text', text: 'y'.repeat(2_240) },
      { type: 'input_text', text: '[omitted 1 text items ...]' },
    ])
    // 0.53: each text on its own, none over the limit.
    expect(JSON.parse(outputOf(rollout('gpt-5-codex', items, '0.53.0')).payload!).content).toEqual(
      items,
    )
  })

  it('knows which rule each Codex version cut by', () => {
    const lines = (bytes: number, count: number, items: string) => ({
      kind: 'lines',
      bytes,
      lines: count,
      items,
    })
    expect(codexCutOf(undefined)).toBeUndefined()
    expect(codexCutOf('0.45.0')).toBeUndefined()
    expect(codexCutOf('0.51.0-alpha.2')).toBeUndefined()
    expect(codexCutOf('0.51.0-alpha.3')).toEqual(lines(10_240, 256, 'each'))
    expect(codexCutOf('0.53.0')).toEqual(lines(10_240, 256, 'each'))
    expect(codexCutOf('0.54.0')).toEqual(lines(10_240, 256, 'within-budget'))
    expect(codexCutOf('0.58.0')).toEqual(lines(10_240, 256, 'within-budget'))
    expect(codexCutOf('0.59.0-alpha.1')).toEqual(lines(10_240, 256, 'within-budget'))
    // 1.1 times the limits, in 0.59.0-alpha.2 to .9 only.
    expect(codexCutOf('0.59.0-alpha.5')).toEqual(lines(11_264, 281, 'within-budget'))
    // The policy's own limit in 0.59.0-alpha.10 to .14, then 1.2 times it.
    expect(codexCutOf('0.59.0-alpha.12')).toEqual({ kind: 'policy', limit: 10_000 })
    for (const version of [
      '0.59.0-alpha.15',
      '0.59.0',
      '0.77.0',
      '0.99.0',
      '0.142.0',
      '0.0.0',
      '1.2.3',
    ]) {
      expect(codexCutOf(version), version).toEqual({ kind: 'policy', limit: 12_000 })
    }
  })

  it('cuts by the model’s policy from 0.59 on', () => {
    const whole = 'a'.repeat(30_000) + 'b'.repeat(30_000)
    expect(outputOf(rollout('gpt-5.1-codex', whole, '0.80.0')).payload).toBe(
      'a'.repeat(24_000) + '…3000 tokens truncated…' + 'b'.repeat(24_000),
    )
  })
})

/** A token_count event of a request whose prompt was `total` tokens, with more of its info. */
const usage = (total: number, info: object = {}) =>
  line('event_msg', {
    type: 'token_count',
    info: {
      total_token_usage: { input_tokens: total, output_tokens: 10, total_tokens: total + 10 },
      last_token_usage: { input_tokens: total, output_tokens: 10, total_tokens: total + 10 },
      ...info,
    },
  })

describe('Codex CLI rollout: the context window it records', () => {
  it('is the last model_context_window a turn start or a usage report gives', () => {
    const text = [
      line('session_meta', { id: 's' }),
      line('event_msg', { type: 'task_started', model_context_window: 353_400 }),
      line('response_item', userItem('first prompt')),
      usage(100, { model_context_window: 258_400 }),
    ].join('\n')
    // Marked as Codex's effective window, which only the Codex presets work from.
    expect(importConversation(text).contextWindow).toEqual({
      tokens: 258_400,
      at: 'line 4: payload.info.model_context_window',
      codex: true,
    })
    expect(importConversation(line('session_meta', { id: 's' })).contextWindow).toBeUndefined()
  })
})

describe('Codex CLI rollout: a thread rollback', () => {
  const prompt = (text: string) => [
    line('event_msg', { type: 'user_message', message: text }),
    line('response_item', userItem(text)),
  ]
  const developer = (text: string) => messageItem('developer', text)
  const reply = (text: string) => messageItem('assistant', text)

  it('drops the turns it undid, and the context update before them, as Codex does', () => {
    const text = [
      line('session_meta', { id: 's', cli_version: '0.130.0' }),
      line('response_item', developer(PERMISSIONS)),
      line('response_item', userItem(ENV)),
      ...prompt('first prompt'), // lines 4, 5
      line('response_item', reply('one')),
      usage(100),
      line('response_item', userItem(ENV)), // line 8: a context update before the next prompt
      ...prompt('second prompt'), // lines 9, 10
      line('response_item', {
        type: 'function_call',
        call_id: 'call_x',
        name: 'exec_command',
        arguments: '{"cmd":"ls"}',
      }),
      line('response_item', { type: 'function_call_output', call_id: 'call_x', output: 'a.md' }),
      usage(250),
      line('event_msg', { type: 'thread_rolled_back', num_turns: 1 }), // line 14
      ...prompt('third prompt'),
    ].join('\n')
    const imported = importConversation(text)
    // codex-rs drop_last_n_user_turns: cut at the last prompt, then back over the context update
    // right before it; the turn's call, its result and the report of its request go with it.
    expect(imported.messages).toEqual([
      { type: 'instructions', text: PERMISSIONS },
      { type: 'context', text: ENV },
      { type: 'user', text: 'first prompt' },
      { type: 'bot', text: 'one' },
      { type: 'user', text: 'third prompt' },
    ])
    expect(imported.usage?.map((u) => u.at)).toEqual(['line 7'])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 14: payload',
      problem:
        'rolls back 1 turn(s), as Codex does: 4 message(s) left out (1 context, 1 user, 1 bot, 1 activity), and 1 usage report(s) of their requests',
    })
    // The undone prompt's UI copy is not looked for in the history.
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it("counts another agent's message as a turn, as Codex does", () => {
    // A multi-agent thread: a sub-agent's answer to the root agent opens a turn of its own
    // (codex-rs response_item_counts_as_user_turn), so undoing one turn drops only that answer.
    const text = [
      line('session_meta', { id: 's', cli_version: '0.146.0' }),
      ...prompt('audit the timers'),
      line('response_item', reply('asked a sub-agent')),
      line('response_item', {
        type: 'agent_message',
        author: '/root/audit',
        recipient: '/root',
        content: [{ type: 'input_text', text: 'FINAL_ANSWER: two timers leak' }],
      }),
      line('event_msg', { type: 'thread_rolled_back', num_turns: 1 }), // line 6
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages).toEqual([
      { type: 'user', text: 'audit the timers' },
      { type: 'bot', text: 'asked a sub-agent' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 6: payload',
      problem: 'rolls back 1 turn(s), as Codex does: 1 message(s) left out (1 context)',
    })
  })

  it('never drops what came before the first prompt, however many turns it undoes', () => {
    const text = [
      line('session_meta', { id: 's' }),
      line('response_item', userItem(ENV)),
      ...prompt('only prompt'),
      line('response_item', reply('done')),
      line('event_msg', { type: 'thread_rolled_back', num_turns: 5 }),
    ].join('\n')
    expect(importConversation(text).messages).toEqual([{ type: 'context', text: ENV }])
  })
})

describe('Codex rollouts: shell outputs as sent beside the freeform apply_patch tool', () => {
  // Fixtures of our own; the expected texts worked out by hand from `build_structured_output`
  // (codex-rs/core/src/client_common.rs at rust-v0.57.0 and rust-v0.115.0).
  // Its calls: a freeform apply_patch (raw input, a custom tool call) where `freeform`, then shell.
  const rollout = (version: string, output: string, freeform = true) =>
    shellRollout(
      version,
      'gpt-5-codex',
      output,
      freeform
        ? [
            line('response_item', {
              type: 'custom_tool_call',
              call_id: 'p1',
              name: 'apply_patch',
              input: '*** Begin Patch\n*** End Patch',
            }),
            line('response_item', {
              type: 'custom_tool_call_output',
              call_id: 'p1',
              output: 'Done',
            }),
          ]
        : [],
    )
  const json = (output: string, exitCode: number, seconds: string) =>
    `{"output":${JSON.stringify(output)},"metadata":{"exit_code":${exitCode},"duration_seconds":${seconds}}}`
  const sent = (text: string) =>
    importConversation(text).messages.find((m) => m.id === 'c1')!.payload

  it('sends the exit code, wall time and output as text, as Codex does', () => {
    const text = rollout('0.57.0', json('hello\n', 0, '0.5'))
    expect(sent(text)).toBe('Exit code: 0\nWall time: 0.5 seconds\nOutput:\nhello\n')
    expect(importConversation(text).report).toContainEqual({
      severity: 'info',
      path: '',
      problem:
        '1 shell output loaded as Codex sent it beside its freeform apply_patch tool: the exit code, wall time and output as text, where the rollout holds its JSON',
    })
    // Rust prints the f32 1.0 as "1".
    expect(sent(rollout('0.80.0', json('', 2, '1.0')))).toBe(
      'Exit code: 2\nWall time: 1 seconds\nOutput:\n',
    )
  })

  it('takes the line count from the cut’s marker before 0.59, from the header after', () => {
    const cutWithMarker =
      'Total output lines: 300\n\nhead\n[... omitted 44 of 300 lines ...]\n\ntail\n'
    for (const version of ['0.57.0', '0.80.0']) {
      expect(sent(rollout(version, json(cutWithMarker, 1, '2.25'))), version).toBe(
        'Exit code: 1\nWall time: 2.25 seconds\nTotal output lines: 300\nOutput:\n' +
          'head\n[... omitted 44 of 300 lines ...]\n\ntail\n',
      )
    }
    // A header and no marker (a cut by bytes): only 0.59 and later read the header.
    const cutByBytes = 'Total output lines: 3\n\nabc'
    expect(sent(rollout('0.57.0', json(cutByBytes, 0, '0.1')))).toBe(
      'Exit code: 0\nWall time: 0.1 seconds\nOutput:\n' + cutByBytes,
    )
    expect(sent(rollout('0.80.0', json(cutByBytes, 0, '0.1')))).toBe(
      'Exit code: 0\nWall time: 0.1 seconds\nTotal output lines: 3\nOutput:\nabc',
    )
  })

  it('leaves the JSON where Codex sent it: no freeform apply_patch, before 0.45, not that JSON', () => {
    const output = json('hello\n', 0, '0.5')
    expect(sent(rollout('0.57.0', output, false))).toBe(output)
    expect(sent(rollout('0.44.0', output))).toBe(output)
    for (const other of [
      'plain text',
      '{"output":"x"}',
      '{"output":"x","metadata":{"exit_code":0.5,"duration_seconds":1}}',
    ]) {
      expect(sent(rollout('0.57.0', other)), other).toBe(other)
    }
  })
})

describe('Codex CLI rollout: a call with no output', () => {
  // Codex puts "aborted" right after every call the history holds no output for, each time it
  // builds a prompt, and never writes it to the rollout (docs/formats/codex.md, "Calls with no
  // output").
  const text = [
    line('session_meta', { id: 's', cli_version: '0.98.0' }),
    line('turn_context', { model: 'gpt-5.2-codex' }),
    line('response_item', userItem('Fix the parser.')),
    // The user interrupts the patch, then asks for the shell.
    line('response_item', {
      type: 'custom_tool_call',
      name: 'apply_patch',
      input: PATCH,
      call_id: 'p1',
    }),
    line('response_item', userItem('Use the shell instead.')),
    line('response_item', { type: 'function_call', name: 'shell', arguments: '{}', call_id: 'c1' }),
    usage(300),
  ].join('\n')
  const imported = importConversation(text)

  it('is sent with the output "aborted" right after it, mid-thread and at the end', () => {
    const aborted = (id: string): Message => ({
      id,
      type: 'activity',
      text: '',
      // A result's text alone is its payload, as a recorded output's is.
      payload: 'aborted',
    })
    expect(imported.messages.map((m) => [m.type, m.id ?? null])).toEqual([
      ['user', null],
      ['bot', null],
      ['activity', 'p1'],
      ['user', null],
      ['bot', null],
      ['activity', 'c1'],
    ])
    expect(imported.messages[2]).toEqual(aborted('p1'))
    expect(imported.messages[5]).toEqual(aborted('c1'))
  })

  it("says so at the call's line, and the request after it held the first one", () => {
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 4: payload',
      problem:
        'call p1 has no output in the file: Codex sends the output "aborted" in its place in every request, and never records it; added, and counted',
    })
    // The call at the end may still be running in a session being written: said so.
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 6: payload',
      problem:
        'call c1 has no output in the file yet: it may still be running; if it was left, Codex sends the output "aborted" in its place in every later request, and never records it; added, and counted',
    })
    // The reply that called c1 was sent the prompt, the interrupted patch, its "aborted" and the
    // second prompt: four messages.
    expect(imported.usage?.map((u) => u.prompt)).toEqual([4])
  })
})
