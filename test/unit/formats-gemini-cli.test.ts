import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { cutAt, fixture, warnings } from './formats-fixtures'

const calls = (...ids: string[]) => ids.map((id) => expect.objectContaining({ id }))

/** A reply record as Gemini CLI writes it, with the request's reported prompt and output. */
const reply = (id: string, content: string, input: number, output: number, more = {}) => ({
  id,
  type: 'gemini',
  content,
  tokens: { input, output, cached: 0, thoughts: 0, tool: 0, total: input + output },
  ...more,
})

describe('Gemini CLI session in', () => {
  describe('the single-document session (before JSONL)', () => {
    const imported = importConversation(fixture('gemini-cli.json'))

    it('reads user and gemini messages, thoughts before the reply, results after it', () => {
      expect(imported.format).toBe('gemini-cli')
      expect(imported.messages).toEqual([
        {
          id: 'm-01',
          type: 'user',
          text: 'Why does `npm test` hang on CI but not on my laptop?',
        },
        {
          type: 'reasoning',
          // A thought summary is sent as **subject** description (convertSessionToClientHistory).
          text: '**Checking the config** A hang only on CI usually means watch mode or an open handle.',
          // The reply's tokens.thoughts (120): what this thinking costs while its turn lasts.
          payload: '{"reasoning_tokens":120}',
        },
        {
          id: 'm-02',
          type: 'bot',
          text: "I'll read the test config and the CI workflow.",
          payload: JSON.stringify({
            tool_calls: [
              {
                id: 'read_file-1759395612000-a1',
                name: 'read_file',
                arguments: { absolute_path: '/home/lea/shop/vitest.config.ts' },
              },
              {
                id: 'read_file-1759395612000-b2',
                name: 'read_file',
                arguments: { absolute_path: '/home/lea/shop/.github/workflows/ci.yml' },
              },
            ],
          }),
        },
        {
          id: 'read_file-1759395612000-a1',
          type: 'activity',
          text: '',
          payload: 'export default { test: { watch: true } }',
        },
        {
          id: 'read_file-1759395612000-b2',
          type: 'activity',
          text: '',
          payload: '- run: npx vitest',
        },
        {
          id: 'm-04',
          type: 'bot',
          text: 'The config sets `watch: true`. On your laptop vitest waits for changes and you quit it; on CI nothing ever quits it. Use `vitest run` in CI, or set `watch: false`.',
        },
        { id: 'm-05', type: 'user', text: '?? which test hangs' },
        { id: 'm-06', type: 'user', text: 'Please make the change. Merci ! 🙏' },
        {
          id: 'm-07',
          type: 'bot',
          text: '',
          payload: JSON.stringify({
            tool_calls: [
              {
                id: 'replace-1759395730000-c3',
                name: 'replace',
                arguments: {
                  file_path: '/home/lea/shop/vitest.config.ts',
                  old_string: 'watch: true',
                  new_string: 'watch: false',
                },
              },
            ],
          }),
        },
        {
          id: 'replace-1759395730000-c3',
          type: 'activity',
          text: '',
          payload: 'Successfully modified file: /home/lea/shop/vitest.config.ts (1 replacements).',
        },
        {
          id: 'm-09',
          type: 'bot',
          text: 'Done: vitest.config.ts now sets watch: false, so CI exits after one run. ✅',
        },
      ])
    })

    it('takes the model of the last reply', () => {
      // m-04 ran on gemini-2.5-flash; the last reply, m-09, on gemini-2.5-pro.
      expect(imported.model).toBe('gemini-2.5-pro')
    })

    it('reports the UI messages, a prompt a resume would leave out, usage and UI fields, by kind', () => {
      const { report } = imported
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[2]',
        problem: '"info" message: shown in Gemini CLI, never sent to the model; not loaded',
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[7]',
        problem: '"error" message: shown in Gemini CLI, never sent to the model; not loaded',
      })
      // m-05 starts with "?": Gemini CLI sent it, and leaves it out only when the session resumes.
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[4].content',
        problem:
          'starts with / or ?: sent in the session it was typed in; Gemini CLI leaves it out when the session is resumed',
      })
      // Three replies carry tokens.
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[*].tokens',
        problem:
          "provider-reported usage: read by the usage view; its thoughts count prices the reply's thinking",
        count: 3,
      })
      expect(report).toContainEqual(
        expect.objectContaining({ path: 'messages[*].toolCalls[*].resultDisplay', count: 2 }),
      )
      expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('finds a cut tool exchange', () => {
      const { messages } = imported
      const result = messages.findIndex((m) => m.id === 'read_file-1759395612000-b2')
      const codes = cutAt(messages, result).map((f) => f.code)
      expect(codes).toContain('tool-exchange-cut')
    })
  })

  describe('the JSONL session', () => {
    const imported = importConversation(fixture('gemini-cli.jsonl'))
    const types = imported.messages.map((m) => [m.id ?? '', m.type])

    it('replays appends, the history rewrite of a compression, and a rewind', () => {
      expect(imported.format).toBe('gemini-cli')
      // Line 9 rewrites the history to [s1, s2, g1]: u1 is gone; u3 is rewound at line 13.
      expect(types).toEqual([
        ['s1', 'context'],
        ['s2', 'bot'],
        ['', 'reasoning'],
        ['g1', 'bot'],
        ['run_shell_command-1763647270000-01', 'activity'],
        ['u2', 'user'],
        ['g3', 'bot'],
        ['run_shell_command-1763647450000-02', 'activity'],
        ['run_shell_command-1763647450000-03', 'activity'],
        ['g4', 'bot'],
      ])
      expect(imported.model).toBe('gemini-3-flash-preview')
    })

    it('warns when no record names the session, as a file that lost its start', () => {
      const named = (n: { problem: string }) => n.problem.startsWith('no record names the session')
      expect(imported.report.some(named)).toBe(false)
      // Without its first line, the record that names the session (sessionId, projectHash).
      const text = fixture('gemini-cli.jsonl').toString().split('\n').slice(1).join('\n')
      const cut = importConversation(text)
      expect(cut.format).toBe('gemini-cli')
      expect(warnings(cut)).toContainEqual([
        '',
        'no record names the session (sessionId and projectHash), which Gemini CLI writes first and needs to load the file: its beginning may be missing, and what its first request held beyond the file may be earlier conversation, not only the system prompt and tools',
      ])
    })

    it('says where a reply held nothing, and still reads its tokens as its request’s', () => {
      // A request cancelled before the model wrote anything: Gemini CLI records the reply with
      // empty content and its tokens, then "Request cancelled." as an info record.
      const text = [
        '{"sessionId": "s-empty", "projectHash": "p", "startTime": "2026-06-09T08:23:00.000Z", "kind": "main"}',
        '{"id": "u1", "timestamp": "2026-06-09T08:23:01.000Z", "type": "user", "content": [{"text": "List the files."}]}',
        '{"id": "g1", "timestamp": "2026-06-09T08:23:02.000Z", "type": "gemini", "content": "", "thoughts": [], "tokens": {"input": 18840, "output": 42, "cached": 17407, "thoughts": 0, "tool": 0, "total": 18882}, "model": "gemini-3.1-flash-lite"}',
        '{"id": "i1", "timestamp": "2026-06-09T08:23:03.000Z", "type": "info", "content": "Request cancelled."}',
      ].join('\n')
      const read = importConversation(text)
      expect(read.messages.map((m) => m.id)).toEqual(['u1'])
      expect(read.usage?.map((u) => u.inputTokens)).toEqual([18840])
      // Its tokens report output (42): cancelled as it wrote, or calls that never finished were made.
      expect(read.report).toContainEqual({
        severity: 'info',
        path: 'line 3: content',
        problem:
          'a reply with no text, thought or tool call, though its tokens report output: its request was cancelled, or the tool calls it made did not finish or were not recorded; no message to load; its tokens still report its request',
      })
      // With no output reported, nothing was written: cancelled before the model wrote anything.
      const none = importConversation(text.replace('"output": 42', '"output": 0'))
      expect(none.report).toContainEqual({
        severity: 'info',
        path: 'line 3: content',
        problem:
          'a reply with no text, thought or tool call (a request cancelled before the model wrote anything): no message to load; its tokens still report its request',
      })
    })

    it('reads the compression summary as an earlier summary of the one message it replaced', () => {
      expect(imported.messages[0].meta).toEqual({ compacted: true, droppedCount: 1 })
      expect(imported.messages[0].text).toMatch(/^<state_snapshot>/)
      const codes = diagnose({
        messages: imported.messages,
        options: { maxTokens: 1, keepRecentCount: 2 },
      }).map((f) => f.code)
      expect(codes).toContain('earlier-summary')
    })

    it('reads thought parts and calls from content, and results from toolCalls', () => {
      const [, , thought, g1] = imported.messages
      expect(thought).toEqual({
        type: 'reasoning',
        text: 'The user wants a flag that prints instead of deploying.',
        // The signature, kept for export, and the reply's tokens.thoughts (210).
        payload: '{"signature":"CiQBjz1rX2Fk","reasoning_tokens":210}',
      })
      expect(JSON.parse(g1.payload ?? '').tool_calls).toEqual(
        calls('run_shell_command-1763647270000-01'),
      )
      const g3 = imported.messages[6]
      expect(JSON.parse(g3.payload ?? '').tool_calls).toEqual(
        calls('run_shell_command-1763647450000-02', 'run_shell_command-1763647450000-03'),
      )
    })

    it('loses only the broken line, and reports every record left out', () => {
      const { report } = imported
      expect(report).toContainEqual(
        expect.objectContaining({ severity: 'warning', path: 'line 6' }),
      )
      expect(report).toContainEqual({
        severity: 'warning',
        path: 'line 8',
        problem: 'an object with fields type, at, not a Gemini CLI session record; not loaded',
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: '',
        problem: '1 message(s) undone by /rewind; not part of the conversation',
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: '',
        problem:
          '1 message(s) replaced when Gemini CLI rewrote its history (a compression, a masking, or a failed or cancelled request taken back); not loaded',
      })
      expect(report).toContainEqual(expect.objectContaining({ path: 'line 4', severity: 'info' }))
      expect(report.filter((n) => n.severity === 'warning')).toHaveLength(2)
    })

    it('finds a cut parallel tool exchange', () => {
      const { messages } = imported
      const second = messages.findIndex((m) => m.id === 'run_shell_command-1763647450000-03')
      expect(cutAt(messages, second).map((f) => f.code)).toContain('tool-exchange-cut')
    })

    it('pairs a skill activation, whose call Gemini CLI records without an id, with its result', () => {
      // Gemini CLI 0.36 on (useGeminiStream): the model turn of a skill the user activated holds an
      // id-less functionCall, and the next user turn its functionResponse, under the id of the
      // CLI's own request. Two activations, so each call keeps an id of its own.
      const activation = (n: number, skill: string) => [
        {
          id: `g${n}`,
          type: 'gemini',
          content: [{ functionCall: { name: 'activate_skill', args: { name: skill } } }],
        },
        {
          id: `r${n}`,
          type: 'user',
          content: [
            {
              functionResponse: {
                id: `activate_skill-176449320${n}000-a${n}`,
                name: 'activate_skill',
                response: { output: `<activated_skill name="${skill}">Steps.</activated_skill>` },
              },
            },
          ],
        },
      ]
      const text = [
        { sessionId: 's', projectHash: 'p' },
        { id: 'u1', type: 'user', content: [{ text: 'Use the release-notes skill.' }] },
        ...activation(1, 'release-notes'),
        reply('a1', 'Notes written.', 4100, 20),
        { id: 'u2', type: 'user', content: [{ text: 'Now the changelog skill.' }] },
        ...activation(2, 'changelog'),
        reply('a2', 'Changelog written.', 4300, 20),
      ]
        .map((record) => JSON.stringify(record))
        .join('\n')
      const imported = importConversation(text)
      const { messages } = imported
      const callOf = (i: number) => JSON.parse(messages[i].payload!).tool_calls[0].id as string
      expect(messages.map((m) => m.type)).toEqual([
        'user',
        'bot',
        'activity',
        'bot',
        'user',
        'bot',
        'activity',
        'bot',
      ])
      // Each result answers the call before it, and the two calls are told apart.
      expect(messages[2].id).toBe(callOf(1))
      expect(messages[6].id).toBe(callOf(5))
      expect(callOf(1)).not.toBe(callOf(5))
      expect(imported.report).toContainEqual(
        expect.objectContaining({
          severity: 'info',
          path: 'line *: content[*].functionResponse.id',
          problem: expect.stringContaining('whose call was recorded without an id'),
        }),
      )
      // A tail that starts on the result cuts the exchange.
      expect(cutAt(messages, 2).map((f) => f.code)).toContain('tool-exchange-cut')
    })

    it('pairs a skill activation whose call a rewritten history gave a synth_ id', () => {
      // updateMessagesFromHistory writes the parts as they are in memory, where
      // ensureStableToolIds gave the id-less call `synth_<name>_<hash>`; the result keeps its own.
      const text = [
        { sessionId: 's', projectHash: 'p' },
        { id: 'u1', type: 'user', content: [{ text: 'Use the release-notes skill.' }] },
        {
          id: 'g1',
          type: 'gemini',
          content: [
            {
              functionCall: {
                id: 'synth_activate_skill_5d41402a',
                name: 'activate_skill',
                args: { name: 'release-notes' },
              },
            },
          ],
        },
        {
          id: 'r1',
          type: 'user',
          content: [
            {
              functionResponse: {
                id: 'activate_skill-1764493201000-a1',
                name: 'activate_skill',
                response: { output: 'Steps.' },
              },
            },
          ],
        },
        reply('a1', 'Notes written.', 4100, 20),
      ]
        .map((record) => JSON.stringify(record))
        .join('\n')
      const { messages } = importConversation(text)
      expect(messages.map((m) => [m.type, m.id])).toEqual([
        ['user', 'u1'],
        ['bot', 'g1'],
        ['activity', 'synth_activate_skill_5d41402a'],
        ['bot', 'a1'],
      ])
    })
  })

  describe('a /chat save checkpoint', () => {
    const imported = importConversation(fixture('gemini-cli-checkpoint.json'))

    it('reads the API contents and pairs an id-less response with its call by name', () => {
      expect(imported.format).toBe('gemini-cli')
      const [user, bot, result, last] = imported.messages
      expect(user).toEqual({ type: 'user', text: 'List the TODO comments under src/.' })
      const [call] = JSON.parse(bot.payload ?? '').tool_calls as { id: string; name: string }[]
      expect(call.name).toBe('grep_search')
      expect(result).toEqual({
        id: call.id,
        type: 'activity',
        text: '',
        payload: 'src/cart.ts:12: // TODO handle an empty cart',
      })
      expect(last.type).toBe('bot')
      expect(cutAt(imported.messages, 2).map((f) => f.code)).toContain('tool-exchange-cut')
    })

    it('reads the environment turn that opens the history as context, tagged or not', () => {
      // getEnvironmentContext's turn, and the reply Gemini CLI and Qwen Code wrote for the model
      // after it; before <session_context> (and in Qwen Code) the turn had no tag.
      const setup = (text: string) => [
        { role: 'user', parts: [{ text }] },
        { role: 'model', parts: [{ text: 'Got it. Thanks for the context!' }] },
        { role: 'user', parts: [{ text: 'Add a test for the empty cart.' }] },
      ]
      const env = "We are setting up the context for our chat.\nToday's date is Friday."
      for (const text of [
        `This is the Gemini CLI. ${env}`,
        `This is the Qwen Code. ${env}`,
        `<session_context>\nThis is the Gemini CLI. ${env}\n</session_context>`,
      ]) {
        const read = importConversation(JSON.stringify(setup(text)), 'gemini-cli')
        expect(read.messages.map((m) => m.type)).toEqual(['context', 'bot', 'user'])
        expect(read.messages[2].text).toBe('Add a test for the empty cart.')
      }
    })

    it("gives an id-less call the id its response carries, as Gemini CLI's checkpoints have them", () => {
      // Gemini CLI puts the id it makes (name-time-random, turn.ts) on the functionResponse only.
      const call = (name: string) => ({ functionCall: { name, args: {} } })
      const answer = (name: string, id: string) => ({
        functionResponse: { id, name, response: { output: `${name} done` } },
      })
      const contents = [
        { role: 'user', parts: [{ text: 'Check both.' }] },
        { role: 'model', parts: [call('read_file'), call('read_file'), call('glob')] },
        {
          role: 'user',
          parts: [
            answer('read_file', 'read_file-1-a'),
            answer('glob', 'glob-1-c'),
            answer('read_file', 'read_file-1-b'),
          ],
        },
      ]
      const { messages, report } = importConversation(JSON.stringify(contents), 'gemini-cli')
      const calls = JSON.parse(messages[1].payload ?? '').tool_calls as { id: string }[]
      // By name and in order: the first read_file call gets the first read_file answer.
      expect(calls.map((c) => c.id)).toEqual(['read_file-1-a', 'read_file-1-b', 'glob-1-c'])
      expect(messages.slice(2).map((m) => m.id)).toEqual([
        'read_file-1-a',
        'glob-1-c',
        'read_file-1-b',
      ])
      expect(report).toContainEqual({
        severity: 'info',
        path: '[*].parts[*].functionCall',
        problem: 'a call without an id; given the id of its response in the next turn',
        count: 3,
      })
    })
  })

  describe('what is not a Gemini CLI session', () => {
    it('names the place when a forced file is not one', () => {
      const text = JSON.stringify({ messages: [{ id: 'a', type: 'user', content: 'Hi' }] })
      expect(() => importConversation(text, 'gemini-cli')).toThrow(
        'not Gemini CLI session: missing "sessionId" (a Gemini CLI session has one)',
      )
    })

    it('loses only a message that is not one, and says where', () => {
      const text = JSON.stringify({
        sessionId: 's',
        messages: [
          { id: 'a', type: 'model', content: 'x' },
          { id: 'b', type: 'user', content: 'Hi' },
        ],
      })
      const imported = importConversation(text)
      expect(imported.messages).toEqual([{ id: 'b', type: 'user', text: 'Hi' }])
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'messages[0].type',
        problem:
          '"model" is not a Gemini CLI message type (user, gemini, info, error, warning); message skipped',
      })
    })

    it("reads a fork's own name for the model's reply by what the message carries", () => {
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          { id: 'a', type: 'user', content: 'Hi' },
          { id: 'b', type: 'bob-shell', content: 'Hello', model: 'granite-4', tokens: null },
        ],
      })
      const imported = importConversation(text)
      expect(imported.format).toBe('gemini-cli')
      expect(imported.messages).toEqual([
        { id: 'a', type: 'user', text: 'Hi' },
        { id: 'b', type: 'bot', text: 'Hello' },
      ])
      expect(imported.model).toBe('granite-4')
    })

    // One ls call and its result, as a reply's toolCalls record them.
    const call = { id: 'c1', name: 'ls', args: {} }
    const response = { functionResponse: { id: 'c1', name: 'ls', response: { output: 'a.txt' } } }

    it('reads a result once when a resumed session repeats it as a user turn', () => {
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          { id: 'u', type: 'user', content: 'List.' },
          { id: 'g', type: 'gemini', content: '', toolCalls: [{ ...call, result: [response] }] },
          { id: 'g_response', type: 'user', content: [response] },
          { id: 'g2', type: 'gemini', content: 'One file.' },
        ],
      })
      const imported = importConversation(text)
      expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
        ['u', 'user'],
        ['g', 'bot'],
        ['c1', 'activity'],
        ['g2', 'bot'],
      ])
    })

    it('reads the turn Gemini CLI sends after an empty reply as context, not a prompt', () => {
      // Gemini CLI 0.61.0's words, as it records them (useGeminiStream).
      const nudge =
        '[System: You successfully executed a tool but returned an empty response. Please analyze the tool output and explain your progress or final answer.]'
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          { id: 'u', type: 'user', content: 'List.' },
          { id: 'g', type: 'gemini', content: '', toolCalls: [{ ...call, result: [response] }] },
          { id: 'g2', type: 'gemini', content: '' },
          { id: 'n', type: 'user', content: [{ text: nudge }] },
          { id: 'g3', type: 'gemini', content: 'One file.' },
        ],
      })
      const imported = importConversation(text)
      expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
        ['u', 'user'],
        ['g', 'bot'],
        ['c1', 'activity'],
        // The empty reply holds nothing to load.
        ['n', 'context'],
        ['g3', 'bot'],
      ])
    })

    it('reads the notice Gemini CLI sends when the user leaves plan mode as context', () => {
      // useGeminiStream.handleApprovalModeChange adds it to the history as a user turn
      // (getPlanModeExitMessage, packages/core/src/utils/approvalModeUtils.ts at 5411f113).
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        kind: 'main',
        userMessageCount: 2,
        hasUserOrAssistantMessage: true,
        messages: [
          { id: 'u', type: 'user', content: [{ text: 'Plan the migration.' }] },
          { id: 'g', type: 'gemini', content: 'Here is the plan.' },
          {
            id: 'x',
            type: 'user',
            content: [{ text: 'User has manually exited Plan Mode. Switching to Default mode.' }],
          },
          { id: 'u2', type: 'user', content: [{ text: 'Go ahead.' }] },
        ],
      })
      const imported = importConversation(text)
      expect(imported.messages.map((m) => [m.id, m.type])).toEqual([
        ['u', 'user'],
        ['g', 'bot'],
        ['x', 'context'],
        ['u2', 'user'],
      ])
      // The session list's counts are metadata, not fields the import does not know.
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
      expect(imported.report).toContainEqual(
        expect.objectContaining({ severity: 'info', path: 'userMessageCount' }),
      )
    })

    it('reads the shell command, directory, editor context and tool answers Gemini CLI adds as context', () => {
      // Each is added as a user turn by GeminiClient.addHistory, which records it (at 5411f113):
      // a `!` command and its output (useExecutionLifecycle), the workspace's directories
      // (getDirectoryContextString) and the IDE's editor context (getIdeContextParts).
      const user = (id: string, text: string) => ({ id, type: 'user', content: [{ text }] })
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          user(
            'c',
            'I ran the following shell command:\n```sh\nls\n```\n\nThis produced the following result:\n```\nREADME.md\n```',
          ),
          user(
            'd',
            '- **Workspace Directories:**\n  - /w\n- **Directory Structure:**\n\n/w/\n└───README.md',
          ),
          user(
            'e',
            "Here is the user's editor context as a JSON object. This is for your information only.\n```json\n{}\n```",
          ),
          user(
            'f',
            "Here is a summary of changes in the user's editor context, in JSON format. This is for your information only.\n```json\n{}\n```",
          ),
          // A tool answer with file parts beside its functionResponse (read_many_files), which
          // Gemini CLI 0.4 – 0.40 recorded as a user turn of its parts as text (partListUnionToString).
          user('g', '[Function Response: read_many_files]--- /w/README.md ---\n# w\n'),
          user('u', 'What is in the README?'),
        ],
      })
      expect(importConversation(text).messages.map((m) => [m.id, m.type])).toEqual([
        ['c', 'context'],
        ['d', 'context'],
        ['e', 'context'],
        ['f', 'context'],
        ['g', 'context'],
        ['u', 'user'],
      ])
    })

    it('takes the reminders Qwen Code puts before a prompt apart from what the user typed', () => {
      // Qwen Code wrote Gemini CLI's format, and sent its subagent reminder in front of each
      // prompt: in a session, one text with the prompt; in a checkpoint, a part of its own.
      const reminder =
        '<system-reminder>You have specialized agents at your disposal: tester.</system-reminder>'
      const session = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [{ id: 'u', type: 'user', content: `${reminder}\nFix the failing test.` }],
      })
      const checkpoint = JSON.stringify([
        { role: 'user', parts: [{ text: reminder }, { text: 'Fix the failing test.' }] },
      ])
      for (const text of [session, checkpoint]) {
        const { messages } = importConversation(text, 'gemini-cli')
        expect(messages.map((m) => [m.type, m.text])).toEqual([
          ['context', reminder],
          ['user', 'Fix the failing test.'],
        ])
      }
      expect(importConversation(session, 'gemini-cli').messages[1].id).toBe('u')
    })

    it('warns at each tool result Gemini CLI masked: the requests before it carried the whole output', () => {
      const MASKED =
        'a tool result Gemini CLI masked after it was sent (<tool_output_masked>): the file holds its head and tail, and the requests before the masking carried the whole output, which is not in the file; counted as the masked text, so those requests are counted low'
      // As ToolOutputMaskingService writes it: the head and tail of the output, and where the
      // whole of it was saved.
      const masked =
        '<tool_output_masked>\n{\n  "output": "def main():\n... [TRUNCATED] ...\n    main()\n"\n}\n\n' +
        'Output too large. Full output available at: /home/ana/.gemini/tmp/app/tool-outputs/read_file_1.txt\n</tool_output_masked>'
      const response = (id: string, output: string) => ({
        functionResponse: { id, name: 'read_file', response: { output } },
      })
      const call = (id: string, output: string) => ({
        id,
        name: 'read_file',
        args: { file_path: `${id}.py` },
        result: [response(id, output)],
      })
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          { id: 'u', type: 'user', content: 'Read both.' },
          {
            id: 'g',
            type: 'gemini',
            content: '',
            toolCalls: [call('r1', masked), call('r2', 'print("small")')],
          },
          // A result in the API's own shape, as newer sessions record it.
          { id: 'u2', type: 'user', content: [response('r3', masked)] },
        ],
      })
      const imported = importConversation(text)
      // The masked text is what the file holds, and is what is counted.
      expect(imported.messages.find((m) => m.id === 'r1')?.payload).toBe(masked)
      expect(imported.report.filter((n) => n.problem === MASKED)).toEqual([
        {
          severity: 'warning',
          path: 'messages[1].toolCalls[0].result[0].functionResponse',
          problem: MASKED,
        },
        { severity: 'warning', path: 'messages[2].content[0].functionResponse', problem: MASKED },
      ])
    })

    it('warns where a step’s tool calls were sent but never recorded (Gemini CLI 0.4 – 0.8)', () => {
      const UNRECORDED =
        "a reply to a request with no prompt, after a reply that records no tool call: that step's tool calls and results were sent but are not in the file (Gemini CLI 0.4 – 0.8 recorded none, nor a reply of calls alone; later versions record them, but not these), so this request and the later ones are counted low"
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          { id: 'u1', type: 'user', content: 'Check the config.' },
          // As 0.4 – 0.8 wrote a tool loop: each step's text, no calls, a larger prompt each time.
          reply('g1', 'Reading .bashrc first.', 5000, 20),
          reply('g2', '.bashrc is standard. Checking .profile.', 5600, 18),
          { id: 'i1', type: 'info', content: 'Request cancelled.' },
          reply('g3', 'Nothing there either.', 6100, 9),
          // A third step, whose broken reply Gemini CLI retried: the same request sent again.
          reply('g4', 'Let me', 6300, 2),
          reply('g5', 'Done.', 6300, 4),
          { id: 'u2', type: 'user', content: 'Thanks. Now list the files.' },
          // As current versions write it: a reply's text, then its calls in a record of their own.
          reply('g6', 'Listing them.', 7000, 12),
          reply('g7', '', 7050, 0, {
            toolCalls: [
              { id: 'ls-1', name: 'list_directory', args: { path: '.' }, result: 'a.txt' },
            ],
          }),
          reply('g8', 'One file: a.txt.', 7200, 8),
        ],
      })
      const imported = importConversation(text)
      // Steps g2, g3 (past an info record) and g4 followed a step whose calls the file does not
      // hold; g5 is g4's request again, g7 holds g6's calls (output 0), and g8 follows a reply
      // that records its calls.
      expect(imported.report.filter((n) => n.problem === UNRECORDED)).toEqual([
        { severity: 'warning', path: 'messages[2]', problem: UNRECORDED },
        { severity: 'warning', path: 'messages[4]', problem: UNRECORDED },
        { severity: 'warning', path: 'messages[5]', problem: UNRECORDED },
      ])
    })

    it('warns where a new prompt’s request held far more than the file records', () => {
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          { id: 'u1', type: 'user', content: 'What does deploy.sh do?' },
          reply('g1', 'It builds the image and pushes it.', 6000, 10),
          // 20 characters: about 5 tokens. 6,000 + 10 + 5 = 6,015, and the request reported 8,515:
          // as 0.4 – 0.8 wrote a turn whose calls (a read of deploy.sh) it did not record.
          { id: 'u2', type: 'user', content: 'Add a --dry-run flag' },
          reply('g2', 'Added it: the script now echoes each command.', 8515, 12),
          // 6,900 characters (1,725 tokens), and the request 1,500 tokens larger than 8,515 + 12 +
          // 1,725: more than 1,000, but no more than the prompt's estimate again, which a long
          // prompt's error could make. Not warned.
          { id: 'u3', type: 'user', content: 'x'.repeat(6900) },
          reply('g3', 'Noted.', 11752, 3),
          // 7 characters; 11,752 + 3 + 2 + 70: not warned.
          { id: 'u4', type: 'user', content: 'Thanks.' },
          reply('g4', 'You are welcome.', 11827, 5),
        ],
      })
      const imported = importConversation(text)
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([
        {
          severity: 'warning',
          path: 'messages[3].tokens.input',
          problem:
            "the reported prompt is about 2,500 tokens larger than the last request, its reply and the new prompt: the request held content the file does not record (Gemini CLI 0.4 – 0.8 recorded no tool calls, and before 0.44 no shell command's output it added to the conversation), so it and the later ones are counted low",
        },
      ])
    })

    it('keeps the parts after a functionResponse with that result (read_many_files)', () => {
      const text = JSON.stringify({
        sessionId: 's',
        projectHash: 'p',
        messages: [
          {
            id: 'g',
            type: 'gemini',
            content: '',
            toolCalls: [
              {
                id: 'rmf-1',
                name: 'read_many_files',
                args: { paths: ['a.txt', 'b.txt'] },
                result: [
                  {
                    functionResponse: {
                      id: 'rmf-1',
                      name: 'read_many_files',
                      response: { output: 'Read 2 files.' },
                    },
                  },
                  { text: '--- a.txt ---\nalpha' },
                  { text: '--- b.txt ---\nbeta' },
                ],
              },
            ],
          },
        ],
      })
      const [, result] = importConversation(text).messages
      expect(result).toEqual({
        id: 'rmf-1',
        type: 'activity',
        text: '',
        payload: 'Read 2 files.\n--- a.txt ---\nalpha\n--- b.txt ---\nbeta',
      })
    })

    it('keeps media a result holds, and reads the audio Gemini CLI sends as a turn of its own', () => {
      // 0.44 on (generateContentResponseUtilities.ts, geminiChat.ts): an image read for a model
      // that takes media in a function response is nested in it (`parts`); audio read by
      // read_file is kept under __binary_injection__, taken out before the result is sent, and sent
      // as the next user turn, which the file records as an "info" record.
      const image = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }
      const audio = { inlineData: { mimeType: 'audio/mpeg', data: 'SUQzBAAAAAAA' } }
      const call = (id: string, path: string, functionResponse: object) => ({
        id,
        name: 'read_file',
        args: { absolute_path: path },
        result: [{ functionResponse: { id, name: 'read_file', ...functionResponse } }],
      })
      const lines = [
        { sessionId: 's', projectHash: 'p', startTime: 't', lastUpdated: 't' },
        { id: 'u', type: 'user', content: [{ text: 'Describe the logo and the jingle.' }] },
        {
          id: 'g',
          type: 'gemini',
          content: '',
          toolCalls: [
            call('c1', '/w/logo.png', {
              response: { output: 'Binary content provided (1 item(s)).' },
              parts: [image],
            }),
            call('c2', '/w/jingle.mp3', {
              response: {
                output: 'Binary content (audio/mpeg) read successfully.',
                __binary_injection__: [audio],
              },
            }),
          ],
        },
        {
          id: 'g2',
          type: 'gemini',
          content: [{ text: 'Binary content received.', thought: true }],
        },
        { id: 'i', type: 'info', content: [audio] },
        { id: 'e', type: 'error', content: 'Quota exceeded.' },
        { $set: { messages: [{ id: 'u', type: 'user', content: [{ text: 'Describe it.' }] }] } },
      ]
      const all = lines.map((l) => JSON.stringify(l))
      const { messages, report } = importConversation(all.slice(0, 6).join('\n') + '\n')
      expect(messages.find((m) => m.id === 'c1')?.payload).toBe(
        JSON.stringify({ content: 'Binary content provided (1 item(s)).', attachments: [image] }),
      )
      expect(messages.find((m) => m.id === 'c2')?.payload).toBe(
        'Binary content (audio/mpeg) read successfully.',
      )
      expect(messages[messages.length - 1]).toEqual({
        id: 'i',
        type: 'context',
        text: '',
        payload: JSON.stringify({ attachments: [audio] }),
      })
      expect(report).toContainEqual(
        expect.objectContaining({
          severity: 'info',
          path: 'line 3: toolCalls[1].result[0].functionResponse.response.__binary_injection__',
        }),
      )
      // A rewrite that takes back the failed request says what it removed, notices included.
      const rewritten = importConversation(all.join('\n') + '\n').report
      expect(rewritten).toContainEqual({
        severity: 'info',
        path: '',
        problem:
          '1 notice(s) (info, error, warning) removed when Gemini CLI rewrote its history; never sent, not loaded',
      })
    })

    it('refuses JSONL with no Gemini CLI record', () => {
      const text = '{"type":"x"}\n{"type":"y"}\n'
      expect(() => importConversation(text, 'gemini-cli')).toThrow(FormatError)
    })

    it('skips a bad JSONL record and loads the rest', () => {
      const text = [
        JSON.stringify({ sessionId: 's', projectHash: 'p' }),
        JSON.stringify({ id: 'a', type: 'user', content: [{ text: 'Hi' }] }),
        JSON.stringify({ id: 'b', type: 'gemini', content: 'Hello', toolCalls: 'oops' }),
        JSON.stringify({ id: 'c', type: 'user', content: 'Bye' }),
      ].join('\n')
      const imported = importConversation(text)
      expect(imported.messages.map((m) => m.id)).toEqual(['a', 'c'])
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'line 3: toolCalls',
        problem: '"toolCalls" is a string, not an array; message skipped',
      })
    })
  })
})
