import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { importConversation, type Message } from '../../src/index'
import { fixture } from './formats-fixtures'

/** Findings for a split whose tail starts at `index`. */
const cutAt = (messages: Message[], index: number) =>
  diagnose({ messages, options: { maxTokens: 1, keepRecentCount: messages.length - index } })

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
        ['activity', 'toolu_01Sd'],
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

    it('takes the model from replay_config, a JSON string', () => {
      expect(imported.model).toBe('claude-sonnet-4-20250514')
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
        expect.objectContaining({ path: 'history[*].message_type', count: 9 }),
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

    it('refuses a tool observation without call ids, naming the item', () => {
      expect(() => importConversation(traj([{ role: 'tool', content: 'x' }]), 'swe-agent')).toThrow(
        'not SWE-agent trajectory (.traj): history[0].tool_call_ids',
      )
    })
  })
})
