import { describe, expect, it } from 'vitest'
import { importConversation } from '../../src/index'

// A session of our own in Claude Code 2.1's shapes: the Agent tool's results name the subagent
// they ran in `toolUseResult` (agentId, agentType: the AgentTool's output schema, 2.1.88's
// agentToolUtils.ts), and the subagent's conversation is a file of its own (docs/sessions.md).
const base = { sessionId: 's-9', cwd: '/home/dev/app', version: '2.1.90', isSidechain: false }
let n = 0
const event = (uuid: string, parentUuid: string | null, rest: Record<string, unknown>) =>
  JSON.stringify({ ...base, uuid, parentUuid, timestamp: `2026-04-01T09:00:${n++}0.000Z`, ...rest })
const call = (uuid: string, parent: string, id: string) =>
  event(uuid, parent, {
    type: 'assistant',
    message: {
      id: `msg_${uuid}`,
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id, name: 'Agent', input: { prompt: 'Look.' } }],
    },
  })
const result = (uuid: string, parent: string, id: string, agent: Record<string, unknown>) =>
  event(uuid, parent, {
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: 'Done.' }],
    },
    toolUseResult: { status: 'completed', prompt: 'Look.', content: [], ...agent },
  })
const prompt = event('u-1', null, { type: 'user', message: { role: 'user', content: 'Go.' } })

const reportOf = (lines: string[]) =>
  importConversation(lines.join('\n') + '\n', 'claude-code').report.filter((n) =>
    n.problem.includes('subagent'),
  )

describe('Claude Code: the subagents a session ran', () => {
  it('names the file of each subagent whose result is on the thread', () => {
    const report = reportOf([
      prompt,
      call('a-1', 'u-1', 'toolu_1'),
      result('r-1', 'a-1', 'toolu_1', { agentId: 'a7c1', agentType: 'Explore' }),
      // A rewound branch: its subagent's result is not on the thread Claude Code resumes.
      call('a-2', 'u-1', 'toolu_2'),
      result('r-2', 'a-2', 'toolu_2', { agentId: 'b8d2' }),
      call('a-3', 'r-1', 'toolu_3'),
      result('r-3', 'a-3', 'toolu_3', { agentId: 'c9e3' }),
    ])
    expect(report).toContainEqual({
      severity: 'info',
      path: 'lines 3, 7',
      problem:
        '2 subagents ran here: each one’s conversation is a file of its own (agent-a7c1.jsonl (Explore), agent-c9e3.jsonl), which the sessions list shows under this session',
    })
    expect(report.some((n) => n.problem.includes('b8d2'))).toBe(false)
  })

  it('names five, and counts the rest', () => {
    const lines = [prompt]
    let parent = 'u-1'
    for (let i = 1; i <= 7; i++) {
      lines.push(call(`a-${i}`, parent, `toolu_${i}`))
      lines.push(result(`r-${i}`, `a-${i}`, `toolu_${i}`, { agentId: `x${i}` }))
      parent = `r-${i}`
    }
    const [note] = reportOf(lines)
    expect(note.path).toBe('lines 3, 5, 7, 9, 11, …')
    expect(note.problem).toBe(
      '7 subagents ran here: each one’s conversation is a file of its own (agent-x1.jsonl, agent-x2.jsonl, agent-x3.jsonl, agent-x4.jsonl, agent-x5.jsonl and 2 more), which the sessions list shows under this session',
    )
  })

  it('says nothing of a tool result that names no subagent', () => {
    const report = reportOf([
      prompt,
      call('a-1', 'u-1', 'toolu_1'),
      result('r-1', 'a-1', 'toolu_1', { status: 'async_launched', agentId: '' }),
    ])
    expect(report).toEqual([])
  })
})
