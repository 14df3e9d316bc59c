import { describe, expect, it } from 'vitest'
import { importConversation } from '../../src/index'
import { cutAt, fixture } from './formats-fixtures'

describe('SWE-agent trajectory in', () => {
  describe('a 1.x function-calling trajectory', () => {
    const imported = importConversation(fixture('swe-agent.traj'))

    it('reads the history as the Chat Completions messages SWE-agent sends', () => {
      expect(imported.format).toBe('swe-agent')
      expect(imported.messages.map((m) => [m.type, m.id ?? ''])).toEqual([
        ['instructions', ''],
        ['user', ''],
        ['reasoning', ''],
        ['bot', ''],
        ['activity', 'toolu_01Sa'],
        ['activity', 'toolu_01Sb'],
        ['bot', ''],
        ['activity', 'toolu_01Sc'],
        ['bot', ''],
      ])
      const [system, task, thought, first] = imported.messages
      expect(system.text).toBe(
        'You are an autonomous programmer working in a command line with a special file viewer.',
      )
      expect(task.text).toMatch(/^<uploaded_files>\n\/testbed\n<\/uploaded_files>\n/)
      expect(task.text).toContain("`slugify('Crème brûlée')` returns `'crme-brle'`")
      expect(thought).toEqual({
        type: 'reasoning',
        text: 'Accents dropped means the code strips non-ASCII instead of normalising.',
        payload: '{"signature":"EpoBCkYIBRgC"}',
      })
      expect(first).toEqual({
        type: 'bot',
        text: 'Let me look at slugify and its tests first.',
        payload: JSON.stringify({
          tool_calls: [
            { id: 'toolu_01Sa', name: 'find_file', arguments: { file_name: 'slugify.py' } },
            {
              id: 'toolu_01Sb',
              name: 'search_dir',
              arguments: { search_term: 'slugify', dir: 'tests' },
            },
          ],
        }),
      })
      expect(imported.messages[4].payload).toBe(
        'Found 1 matches for "slugify.py" in /testbed:\n/testbed/src/text/slugify.py',
      )
    })

    it('leaves out the submission’s observation, written after the last of its 3 requests', () => {
      // info.model_stats reports 3 API calls: the 3 replies. The submit's result (history[8])
      // came after the third, and the run ended there.
      expect(imported.messages.filter((m) => m.type === 'bot')).toHaveLength(3)
      expect(imported.messages.some((m) => m.text.startsWith('diff --git'))).toBe(false)
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'history[8]',
        problem:
          'the observation of the step that ended the run (submitted), which SWE-agent writes once the last request has been answered: never sent to the model; not loaded',
      })
    })

    it('takes the model from replay_config, a JSON string', () => {
      expect(imported.model).toBe('claude-sonnet-4-20250514')
    })

    it("warns that a model's name may not be the model where a server of the user's serves it", () => {
      // SWE-agent-LM served by vLLM under OpenAI's name, as public SWE-bench runs were.
      const traj = JSON.parse(fixture('swe-agent.traj')) as Record<string, unknown>
      const served = (apiBase: string) =>
        importConversation(
          JSON.stringify({
            ...traj,
            replay_config: JSON.stringify({
              agent: { model: { name: 'gpt-4o', api_base: apiBase } },
            }),
          }),
        )
      const elsewhere = served('https://swe-lm.example.net:8000/v1')
      expect(elsewhere.model).toBe('gpt-4o')
      expect(elsewhere.report).toContainEqual({
        severity: 'warning',
        path: 'replay_config: agent.model.api_base',
        problem:
          'the model is served at swe-lm.example.net, not by its provider\'s own API: "gpt-4o" may be the name that server gives a model of its own; counted as gpt-4o (choose the model that ran to count as it)',
      })
      const own = served('https://api.openai.com/v1')
      expect(own.report.filter((n) => n.path.endsWith('api_base'))).toEqual([])
    })

    it('reports the duplicate trajectory, the cost and the bookkeeping fields', () => {
      const { report } = imported
      expect(report).toContainEqual({
        severity: 'info',
        path: 'trajectory',
        problem:
          '3 step(s) that repeat the history as SWE-agent saw them (action, observation, thought, response); not loaded again',
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: 'info.model_stats',
        problem:
          'provider-reported usage (cost $0.0712, 20,431 tokens sent, 512 received, 3 API calls); read by the usage view, not counted here',
      })
      expect(report).toContainEqual(
        // Every item's but the submission's observation, which is not loaded.
        expect.objectContaining({ path: 'history[*].message_type', count: 8 }),
      )
      expect(report).toContainEqual(
        expect.objectContaining({ path: 'history[*].content[*].cache_control', count: 2 }),
      )
      expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('finds a cut parallel tool exchange', () => {
      const second = imported.messages.findIndex((m) => m.id === 'toolu_01Sb')
      expect(cutAt(imported.messages, second).map((f) => f.code)).toContain('tool-exchange-cut')
    })
  })

  describe('a legacy text-only trajectory', () => {
    const imported = importConversation(fixture('swe-agent-legacy.traj'))

    it("reads the first agent's messages, demonstrations included, and reports the rest", () => {
      expect(imported.format).toBe('swe-agent')
      expect(imported.messages.map((m) => m.type)).toEqual([
        'instructions',
        'user',
        'user',
        'bot',
        'user',
        'bot',
      ])
      expect(imported.messages[3].text).toBe(
        'DISCUSSION\nOpen the wrapper.\n\n```\nopen src/wrap.py\n```',
      )
      expect(imported.model).toBeUndefined()
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'history',
        problem:
          '1 item(s) of agent "subroutine": SWE-agent sends each agent only its own items; the first agent\'s ("primary") are read',
      })
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'history[1]',
        problem: 'a demonstration; sent to the model as part of the prompt',
      })
    })
  })

  it('reads the last attempt of a retry loop that chose none', () => {
    const attempt = (text: string) => ({
      history: [{ role: 'user', content: text, agent: 'main', message_type: 'observation' }],
      info: {},
      replay_config: null,
    })
    const imported = importConversation(
      JSON.stringify({ attempts: [attempt('first try'), attempt('second try')] }),
    )
    expect(imported.format).toBe('swe-agent')
    expect(imported.messages).toEqual([{ type: 'user', text: 'second try' }])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'attempts',
      problem: '2 attempt(s) of a retry loop and none chosen; the last one is read',
    })
    expect(imported.report).toContainEqual(
      expect.objectContaining({ path: 'attempts[1].history[0].agent' }),
    )
  })

  describe("SWE-agent's own exit step", () => {
    // SWE-agent 1.x ends a run on an error with a step of its own: a reply holding its "Exit due
    // to …" text (no action, no tool calls), then the observation of the patch it submitted. 0.x
    // recorded the reply alone, its action the exit status. The model never saw either.
    const system = { role: 'system', content: 'You are a programmer.', agent: 'main' }
    const task = { role: 'user', content: 'Fix the parser.', agent: 'main' }
    const work = [
      system,
      task,
      {
        role: 'assistant',
        content: 'Let me read it.',
        thought: 'Let me read it.',
        action: 'cat parse.py',
        agent: 'main',
      },
      { role: 'user', content: 'OBSERVATION:\ndef parse(): ...', agent: 'main' },
    ]
    const exit = (action: string) => ({
      role: 'assistant',
      content: 'Exit due to context window',
      thought: 'Exit due to context window',
      action,
      agent: 'main',
      message_type: 'action',
    })
    const submitted = {
      role: 'user',
      content: 'OBSERVATION:\nExited (autosubmitted)',
      agent: 'main',
      message_type: 'observation',
    }
    const traj = (history: object[], status: string) =>
      JSON.stringify({ history, info: { exit_status: status } })
    const types = ['instructions', 'user', 'bot', 'user']

    it('leaves out the reply and observation SWE-agent writes when it ends a run on an error', () => {
      const v1 = importConversation(
        traj([...work, exit(''), submitted], 'submitted (exit_context)'),
      )
      expect(v1.messages.map((m) => m.type)).toEqual(types)
      expect(v1.messages.some((m) => m.text.includes('Exit'))).toBe(false)
      expect(v1.report).toContainEqual({
        severity: 'info',
        path: 'history[4]',
        problem:
          "SWE-agent's own message that the run ended (submitted (exit_context)), recorded as a reply: the model never wrote it, and no request held it; not loaded",
      })
      expect(v1.report).toContainEqual({
        severity: 'info',
        path: 'history[5]',
        problem:
          "SWE-agent's observation of the submission it attempted itself after the run ended: never sent to the model; not loaded",
      })
      // 0.x: the reply alone, whose action is the exit status.
      const v0 = importConversation(traj([...work, exit('exit_context')], 'exit_context'))
      expect(v0.messages.map((m) => m.type)).toEqual(types)
      // A run that ended by the model's own submit keeps its last reply, the last request's
      // answer; the observation after it is left out below ("the step that ended the run").
      const own = { ...exit('submit'), content: 'Done.', thought: 'Done.' }
      const normal = importConversation(traj([...work, own, submitted], 'submitted'))
      expect(normal.messages.map((m) => m.type)).toEqual([...types, 'bot'])
    })
  })

  describe('the step that ended the run', () => {
    // SWE-agent 1.x with text actions (xml_function_calling), as it writes a run that ended on the
    // model's submit: `step` adds the reply and then the observation, the patch, to the history;
    // the run ends there, so no request held that observation. Written by hand.
    const patch = 'diff --git a/parse.py b/parse.py\n-    return x\n+    return x.strip()\n'
    const item = (role: string, content: string, type: string, more: object = {}) => ({
      role,
      content,
      agent: 'main',
      message_type: type,
      ...more,
    })
    const reply = (thought: string, action: string) =>
      item('assistant', `${thought}\n\n<function=${action}>\n</function>`, 'action', {
        thought,
        action,
      })
    const history = [
      item('system', 'You are a programmer.', 'system_prompt'),
      item('user', '<uploaded_files>\n/repo\n</uploaded_files>\nFix the parser.', 'observation'),
      reply('Let me read it.', 'cat parse.py'),
      item('user', 'OBSERVATION:\ndef parse(x):\n    return x', 'observation'),
      reply('Strip it, then submit.', 'submit'),
      item('user', `OBSERVATION:\n${patch}`, 'observation'),
    ]
    const step = (action: string, observation: string) => ({
      action,
      observation,
      response: action,
      thought: action,
      execution_time: 0.1,
      state: {},
      messages: [],
      extra_info: {},
    })
    const traj = (status: string | null, submission: string | null) =>
      JSON.stringify({
        trajectory: [step('cat parse.py', 'def parse(x):\n    return x'), step('submit', patch)],
        history,
        info: {
          swe_agent_version: '1.0.1',
          submission,
          exit_status: status,
          model_stats: { instance_cost: 0.01, tokens_sent: 900, tokens_received: 80, api_calls: 2 },
        },
        replay_config: JSON.stringify({ agent: { model: { name: 'gpt-4o' } } }),
        environment: 'main',
      })

    it('leaves out the observation of the submission, and keeps the reply that submitted; a run still going keeps it', () => {
      const imported = importConversation(traj('submitted', patch))
      expect(imported.messages.map((m) => m.type)).toEqual([
        'instructions',
        'user',
        'bot',
        'user',
        'bot',
      ])
      expect(imported.messages[4].text).toContain('Strip it, then submit.')
      expect(imported.messages.some((m) => m.text.includes('diff --git'))).toBe(false)
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'history[5]',
        problem:
          'the observation of the step that ended the run (submitted), which SWE-agent writes once the last request has been answered: never sent to the model; not loaded',
      })
      // SWE-agent saves the file after every step; until a step ends the run, its status is null,
      // and the last observation is kept: the next request sends it.
      const going = importConversation(traj(null, null))
      expect(going.messages.map((m) => m.type)).toEqual([
        'instructions',
        'user',
        'bot',
        'user',
        'bot',
        'user',
      ])
      expect(going.messages[5].text).toBe(`OBSERVATION:\n${patch}`)
    })
  })

  describe('tool_call_ids', () => {
    const traj = (history: object[]) => JSON.stringify({ history, info: {} })

    it('pairs an observation by its one call id, and warns when it has more', () => {
      const imported = importConversation(
        traj([
          {
            role: 'assistant',
            content: 'Two at once.',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } },
              { id: 'c2', type: 'function', function: { name: 'pwd', arguments: '{}' } },
            ],
          },
          { role: 'tool', content: 'a b', tool_call_ids: ['c1', 'c2'] },
        ]),
      )
      expect(imported.messages[1]).toEqual({ id: 'c1', type: 'activity', text: '', payload: 'a b' })
      expect(imported.report).toContainEqual({
        severity: 'warning',
        path: 'history[1].tool_call_ids',
        problem:
          '2 call ids on one observation; SWE-agent sends only the first, so the rest pair with nothing',
      })
    })

    it("notes a call's index (its position in the reply, as LiteLLM records it) as mini-swe-agent's calls do", () => {
      const imported = importConversation(
        traj([
          {
            role: 'assistant',
            content: 'Look first.',
            tool_calls: [
              {
                index: 1,
                id: 'toolu_01Ix',
                type: 'function',
                function: { name: 'bash', arguments: '{"command":"ls"}' },
              },
            ],
          },
          { role: 'tool', content: 'setup.py', tool_call_ids: ['toolu_01Ix'] },
        ]),
      )
      expect(imported.messages.map((m) => [m.type, m.id ?? ''])).toEqual([
        ['bot', ''],
        ['activity', 'toolu_01Ix'],
      ])
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'history[0].tool_calls[0].index',
        problem: "the call's position in the reply; not part of the conversation",
      })
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('refuses a tool observation without call ids, naming the item', () => {
      expect(() => importConversation(traj([{ role: 'tool', content: 'x' }]), 'swe-agent')).toThrow(
        'not SWE-agent or mini-swe-agent trajectory: history[0].tool_call_ids',
      )
    })
  })
})

describe('mini-swe-agent trajectory in', () => {
  describe('a 1.x trajectory (text actions, mini-swe-agent-1)', () => {
    const imported = importConversation(fixture('mini-swe-agent-1.traj.json'))

    it('is detected, and reads the messages as 1.x sent them: observations are user messages', () => {
      expect(imported).toMatchObject({ format: 'swe-agent', detected: true, wire: 'openai-chat' })
      expect(imported.messages.map((m) => m.type)).toEqual([
        'instructions',
        'user',
        'bot',
        'user',
        'bot',
        'user',
        'bot',
        'user',
        'bot',
      ])
      expect(imported.messages[2]).toEqual({
        type: 'bot',
        text: 'THOUGHT: Find the loop that builds the lines.\n\n```bash\ngrep -n "lines.append" textkit/wrap.py\n```',
      })
      expect(imported.messages[3].text).toBe(
        '<returncode>0</returncode>\n<output>\n15:            lines.append(line)\n19:    lines.append(line)\n</output>',
      )
      expect(imported.messages[5].text).toBe(
        'Please always provide EXACTLY ONE action in triple backticks, found 2 actions.',
      )
      expect(imported.model).toBe('anthropic/claude-sonnet-4-5-20250929')
    })

    it('leaves out the end record 1.x appends after the last request', () => {
      expect(imported.messages.at(-1)?.text).toMatch(/^THOUGHT: The empty line is gone; submit\./)
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'messages[9]',
        problem:
          "mini-swe-agent 1.x's record of how the run ended (Submitted), written after the last request: never sent to the model; not loaded",
      })
    })

    it("reports each reply's usage, adding the cache writes this LiteLLM left out of prompt_tokens", () => {
      // prompt_tokens is input + cache reads; the writes (1412, 160, 151, 139) are beside it.
      expect(imported.usage).toEqual([
        {
          prompt: 2,
          inputTokens: 4 + 1412,
          outputTokens: 61,
          at: 'messages[2].extra.response.usage',
          model: 'claude-sonnet-4-5-20250929',
        },
        {
          prompt: 4,
          inputTokens: 1416 + 160,
          outputTokens: 112,
          at: 'messages[4].extra.response.usage',
          model: 'claude-sonnet-4-5-20250929',
        },
        {
          prompt: 6,
          inputTokens: 1576 + 151,
          outputTokens: 97,
          at: 'messages[6].extra.response.usage',
          model: 'claude-sonnet-4-5-20250929',
        },
        {
          prompt: 8,
          inputTokens: 1727 + 139,
          outputTokens: 48,
          at: 'messages[8].extra.response.usage',
          model: 'claude-sonnet-4-5-20250929',
        },
      ])
    })

    it('notes the run metadata and timestamps, and warns about nothing', () => {
      const { report } = imported
      expect(report).toContainEqual({
        severity: 'info',
        path: 'info.model_stats',
        problem:
          "the run's totals as mini-swe-agent counted them (cost $0.02187, 4 API calls); not part of the conversation",
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: 'instance_id',
        problem: 'the SWE-bench instance the run worked on; not part of the conversation',
      })
      expect(report).toContainEqual(
        expect.objectContaining({ path: 'messages[*].timestamp', count: 9 }),
      )
      expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    })
  })

  describe('a 2.x trajectory with tool calls (mini-swe-agent-1.1, LiteLLM Chat Completions)', () => {
    const imported = importConversation(fixture('mini-swe-agent-2.traj.json'))

    it('reads replies, thinking and tool results, and leaves out the exit message', () => {
      expect(imported).toMatchObject({ format: 'swe-agent', detected: true })
      expect(imported.messages.map((m) => [m.type, m.id ?? ''])).toEqual([
        ['instructions', ''],
        ['user', ''],
        ['reasoning', ''],
        ['bot', ''],
        ['activity', 'toolu_01Wa'],
        ['activity', 'toolu_01Wb'],
        ['bot', ''],
        ['activity', 'toolu_01Wc'],
        ['user', ''],
        ['bot', ''],
        ['activity', 'toolu_01Wd'],
        ['bot', ''],
      ])
      expect(imported.messages[2]).toEqual({
        type: 'reasoning',
        text: 'The first word fills the width, so the guard must skip an empty line.',
        payload: '{"signature":"ErUBCkYICBgCKkD3"}',
      })
      expect(imported.messages[3]).toEqual({
        type: 'bot',
        text: "I'll look at the wrapper and at its tests.",
        payload: JSON.stringify({
          tool_calls: [
            {
              id: 'toolu_01Wa',
              name: 'bash',
              arguments: { command: "grep -n 'lines.append' textkit/wrap.py" },
            },
            { id: 'toolu_01Wb', name: 'bash', arguments: { command: 'ls tests' } },
          ],
        }),
      })
      expect(imported.messages[5].payload).toBe(
        '<returncode>0</returncode>\n<output>\ntest_wrap.py\n</output>',
      )
      // The format error the agent sent back is a user message; the reply it rejected is not kept.
      expect(imported.messages[8]).toEqual({
        type: 'user',
        text: 'Your reply had no tool call. Call the bash tool exactly once per reply.',
      })
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'messages[11]',
        problem:
          "mini-swe-agent's record of how the run ended (Submitted): never sent to the model; not loaded",
      })
    })

    it('reports usage per request, the rejected reply at the format error, writes already counted', () => {
      // This LiteLLM's prompt_tokens is input + cache reads + cache writes.
      const model = 'claude-sonnet-4-5-20250929'
      expect(imported.usage).toEqual([
        {
          prompt: 2,
          inputTokens: 5 + 0 + 2210,
          outputTokens: 140,
          at: 'messages[2].extra.response.usage',
          model,
        },
        {
          prompt: 6,
          inputTokens: 5 + 2210 + 412,
          outputTokens: 58,
          at: 'messages[5].extra.response.usage',
          model,
        },
        {
          prompt: 8,
          inputTokens: 5 + 2622 + 330,
          outputTokens: 12,
          at: 'messages[7].extra.response.usage',
          model,
        },
        {
          prompt: 9,
          inputTokens: 5 + 2952 + 120,
          outputTokens: 75,
          at: 'messages[8].extra.response.usage',
          model,
        },
        {
          prompt: 11,
          inputTokens: 5 + 3072 + 210,
          outputTokens: 44,
          at: 'messages[10].extra.response.usage',
          model,
        },
      ])
    })

    it('notes what mini-swe-agent and LiteLLM add, and the tool definition it cannot count', () => {
      const { report } = imported
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[2].reasoning_content',
        problem: "the thinking blocks' text again; not loaded twice",
      })
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages[7].extra.response',
        problem:
          "the reply mini-swe-agent could not parse, as the provider gave it: not kept in the conversation, so never sent again; its usage is the request's reported usage",
      })
      expect(report).toContainEqual(
        expect.objectContaining({ path: 'messages[*].provider_specific_fields', count: 4 }),
      )
      expect(report).toContainEqual({
        severity: 'info',
        path: 'messages',
        problem:
          "mini-swe-agent 2.x sends its bash tool's definition with every request; the file does not record it, so its tokens are not counted",
      })
      expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('finds a cut parallel tool exchange', () => {
      const second = imported.messages.findIndex((m) => m.id === 'toolu_01Wb')
      expect(cutAt(imported.messages, second).map((f) => f.code)).toContain('tool-exchange-cut')
    })
  })

  describe('a 2.x trajectory with a Responses API model', () => {
    const imported = importConversation(fixture('mini-swe-agent-2-responses.traj.json'))

    it("reads the stored responses' output items, and says the wire is Responses", () => {
      expect(imported).toMatchObject({
        format: 'swe-agent',
        detected: true,
        wire: 'openai-responses',
        model: 'openai/gpt-5-mini',
      })
      expect(imported.messages.map((m) => [m.type, m.id ?? ''])).toEqual([
        ['instructions', ''],
        ['user', ''],
        ['reasoning', 'rs_0a1'],
        ['bot', 'fc_0a1'],
        ['activity', 'call_Q1'],
        ['user', ''],
        ['bot', 'msg_0a3'],
      ])
      expect(imported.messages[2].text).toBe('Locate the line-building loop first.')
      expect(imported.messages[5].text).toBe(
        'Your reply had no tool call. Call the bash tool exactly once per reply.',
      )
      expect(imported.messages[6].text).toBe('Submitting the guarded loop.')
    })

    it('reports the Responses usage of each request, the rejected one included', () => {
      const model = 'gpt-5-mini-2025-08-07'
      expect(imported.usage).toEqual([
        { prompt: 2, inputTokens: 742, outputTokens: 160, at: 'messages[2].usage', model },
        {
          prompt: 5,
          inputTokens: 848,
          outputTokens: 22,
          at: 'messages[4].extra.response.usage',
          model,
        },
        { prompt: 6, inputTokens: 902, outputTokens: 45, at: 'messages[5].usage', model },
      ])
      expect(imported.report).toContainEqual(
        expect.objectContaining({ severity: 'info', path: 'messages[*].tools', count: 2 }),
      )
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })
  })

  describe('shapes read without a fixture', () => {
    const system = { role: 'system', content: 'Fix the bug.' }
    const task = { role: 'user', content: 'The parser drops the last field.' }
    const traj = (messages: object[], rest: object = {}) =>
      JSON.stringify({
        info: { model_stats: { instance_cost: 0.01, api_calls: 1 }, mini_version: '2.4.6' },
        messages,
        trajectory_format: 'mini-swe-agent-1.1',
        ...rest,
      })

    it('detects a 1.0 – 1.3 file by its info.model_stats, and leaves out its end record', () => {
      // 1.0 – 1.3 wrote no trajectory_format, mini_version, config or extra.
      const text = JSON.stringify({
        info: {
          exit_status: 'LimitsExceeded',
          submission: '',
          model_stats: { instance_cost: 0.2, api_calls: 1 },
        },
        messages: [
          system,
          task,
          { role: 'assistant', content: 'THOUGHT: look\n\n```bash\nls\n```' },
          { role: 'user', content: 'Observation: parse.py' },
          { role: 'user', content: '' },
        ],
      })
      const imported = importConversation(text)
      expect(imported.format).toBe('swe-agent')
      expect(imported.model).toBeUndefined()
      // The empty user message is LimitsExceeded's end record: the exception's text, ''.
      expect(imported.messages.map((m) => m.type)).toEqual(['instructions', 'user', 'bot', 'user'])
      expect(imported.usage).toBeUndefined()
    })

    it("takes a roulette model's last pick as the model", () => {
      const reply = (name: string, served: string, text: string) => ({
        role: 'assistant',
        content: text,
        model_name: name,
        extra: { response: { model: served, usage: { prompt_tokens: 50, completion_tokens: 5 } } },
      })
      const imported = importConversation(
        traj(
          [
            system,
            task,
            reply('openai/gpt-5', 'gpt-5-2025-08-07', 'One.'),
            reply('anthropic/claude-opus-4-1', 'claude-opus-4-1-20250805', 'Two.'),
          ],
          {
            info: {
              config: {
                model: {
                  model_kwargs: [
                    { model_name: 'openai/gpt-5' },
                    { model_name: 'anthropic/claude-opus-4-1' },
                  ],
                  model_name: 'roulette',
                },
              },
            },
          },
        ),
      )
      expect(imported.model).toBe('anthropic/claude-opus-4-1')
      expect(imported.usage?.map((u) => u.model)).toEqual([
        'gpt-5-2025-08-07',
        'claude-opus-4-1-20250805',
      ])
      expect(imported.report).toContainEqual(
        expect.objectContaining({ severity: 'info', path: 'messages[*].model_name', count: 2 }),
      )
    })

    it('leaves a Chat Completions body with an info field to the openai format', () => {
      const text = JSON.stringify({ info: { note: 'x' }, messages: [system, task] })
      expect(importConversation(text).format).toBe('openai')
    })

    it('reads a text-based 2.x reply and its user-role observation as the model saw them', () => {
      const imported = importConversation(
        traj([
          system,
          task,
          {
            role: 'user',
            content: 'Expected exactly 1 action, found 0.',
            extra: {
              interrupt_type: 'FormatError',
              n_actions: 0,
              model_response: 'I am thinking.',
            },
          },
          {
            role: 'assistant',
            content: 'THOUGHT: list\n\n```mswea_bash_command\nls\n```',
            extra: { actions: [{ command: 'ls' }], cost: 0.01, timestamp: 2 },
          },
          {
            role: 'user',
            content: '<returncode>0</returncode>\n<output>\nparse.py\n</output>',
            extra: { raw_output: 'parse.py\n', returncode: 0, timestamp: 3, exception_info: null },
          },
        ]),
      )
      expect(imported.messages.map((m) => m.type)).toEqual([
        'instructions',
        'user',
        'user',
        'bot',
        'user',
      ])
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'messages[2].extra.model_response',
        problem:
          'the reply mini-swe-agent could not parse: not kept in the conversation, so never sent again',
      })
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it("reads LiteLLM's reasoning_content, OpenRouter's reasoning, and notes the calls' own fields", () => {
      const imported = importConversation(
        traj([
          system,
          task,
          {
            role: 'assistant',
            content: null,
            reasoning_content: 'Check the loop bound.',
            tool_calls: [
              {
                id: 'call_g1',
                type: 'function',
                index: 0,
                function: { name: 'bash', arguments: '{"command":"cat parse.py"}' },
                provider_specific_fields: { thought_signature: 'c2lnbmF0dXJl' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_g1', content: 'def parse(): ...' },
          {
            role: 'assistant',
            content: 'Done.',
            refusal: null,
            reasoning: 'Nothing left.',
            reasoning_details: [{ type: 'reasoning.text', text: 'Nothing left.' }],
            tool_calls: null,
          },
        ]),
      )
      expect(imported.messages).toEqual([
        { type: 'instructions', text: 'Fix the bug.' },
        { type: 'user', text: 'The parser drops the last field.' },
        { type: 'reasoning', text: 'Check the loop bound.' },
        {
          type: 'bot',
          text: '',
          payload: JSON.stringify({
            tool_calls: [{ id: 'call_g1', name: 'bash', arguments: { command: 'cat parse.py' } }],
          }),
        },
        { id: 'call_g1', type: 'activity', text: '', payload: 'def parse(): ...' },
        { type: 'reasoning', text: 'Nothing left.' },
        { type: 'bot', text: 'Done.' },
      ])
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'messages[2].tool_calls[0].provider_specific_fields',
        problem:
          "LiteLLM's provider-specific fields of the call (a Gemini thought signature, …); not loaded",
      })
      expect(imported.report).toContainEqual({
        severity: 'info',
        path: 'messages[2].tool_calls[0].index',
        problem: "the call's position in the reply; not part of the conversation",
      })
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
    })

    it('warns about an unknown trajectory format and unknown fields', () => {
      const imported = importConversation(
        traj([system, { ...task, mood: 'curious' }], {
          trajectory_format: 'mini-swe-agent-2',
          extra_top: 1,
        }),
      )
      expect(imported.format).toBe('swe-agent')
      expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([
        {
          severity: 'warning',
          path: 'trajectory_format',
          problem:
            '"mini-swe-agent-2" is a trajectory format this reader does not know (mini-swe-agent-1, mini-swe-agent-1.1); read as mini-swe-agent-1.1',
        },
        {
          severity: 'warning',
          path: 'extra_top',
          problem: 'not a field of this format; not loaded',
        },
        {
          severity: 'warning',
          path: 'messages[1].mood',
          problem: 'not a field of this format; not loaded',
        },
      ])
    })
  })
})
