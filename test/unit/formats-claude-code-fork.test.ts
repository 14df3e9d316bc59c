import { describe, expect, it } from 'vitest'
import { forkReferenceOf, importConversation, startLiveImport } from '../../src/index'

// Fixtures of our own, in the shapes Claude Code 2.1.150 to 2.1.332 writes (the compiled 2.1.332
// read): a forked subagent's file starts with a `fork-context-ref` line and holds only its own
// messages; its parent's conversation is in the session's transcript, `<parentSessionId>.jsonl`.
const line = (value: Record<string, unknown>) => JSON.stringify(value)
const main = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) =>
  line({ parentUuid, isSidechain: false, uuid, sessionId: 'sess-1', version: '2.1.332', ...extra })
const own = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) =>
  line({ parentUuid, isSidechain: true, agentId: 'af1', uuid, sessionId: 'sess-1', ...extra })
const usage = (input: number, creation: number, read: number) => ({
  input_tokens: input,
  cache_creation_input_tokens: creation,
  cache_read_input_tokens: read,
  output_tokens: 20,
})

const parent = [
  line({ type: 'ai-title', aiTitle: 'Parser refactor', sessionId: 'sess-1' }),
  main('p-1', null, { type: 'user', message: { role: 'user', content: 'Refactor the parser.' } }),
  main('p-2', 'p-1', {
    type: 'assistant',
    message: {
      id: 'msg_01',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'I will split it by module.' }],
      usage: usage(10, 2000, 0),
    },
  }),
  // A subagent's event in the parent's file: Claude Code leaves sidechains out of a fork's context.
  line({
    parentUuid: null,
    isSidechain: true,
    uuid: 's-1',
    type: 'user',
    message: { role: 'user', content: 'An older subagent task.' },
  }),
  main('p-3', 'p-2', {
    type: 'user',
    message: { role: 'user', content: 'Fork one worker per module.' },
  }),
  // The reply that forks: after parentLastUuid, so not part of the context (the fork copies it).
  main('p-4', 'p-3', {
    type: 'assistant',
    message: {
      id: 'msg_02',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: 'toolu_01', name: 'Agent', input: { prompt: 'tests' } }],
      usage: usage(12, 40, 2010),
    },
  }),
].join('\n')

const ref = {
  type: 'fork-context-ref',
  agentId: 'af1',
  parentSessionId: 'sess-1',
  parentLastUuid: 'p-3',
  contextLength: 3,
}
const subagent = [
  line(ref),
  own('f-1', null, {
    type: 'assistant',
    message: {
      id: 'msg_02',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'tool_use', id: 'toolu_01', name: 'Agent', input: { prompt: 'tests' } }],
    },
  }),
  own('f-2', 'f-1', {
    type: 'user',
    message: {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_01', content: 'Worker started.' },
        { type: 'text', text: 'You are the worker for the tests module.' },
      ],
    },
  }),
  own('f-3', 'f-2', {
    type: 'assistant',
    message: {
      id: 'msg_03',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'The tests pass.' }],
      usage: usage(5, 60, 2050),
    },
  }),
].join('\n')

describe('Claude Code: a forked subagent with its parent’s transcript', () => {
  it('loads the parent’s conversation up to the fork first, sidechains left out', () => {
    const { messages, report } = importConversation(subagent, 'claude-code', {
      forkParent: { name: 'sess-1.jsonl', content: parent },
    })
    // p-1, p-2, p-3 from the parent (not s-1, not p-4); then the fork's own: its copy of the
    // forking reply (a call), the result and the task, and the answer.
    expect(messages.map((m) => [m.id, m.type, m.text || m.payload])).toEqual([
      ['p-1', 'user', 'Refactor the parser.'],
      ['p-2', 'bot', 'I will split it by module.'],
      ['p-3', 'user', 'Fork one worker per module.'],
      ['f-1', 'bot', expect.stringContaining('toolu_01')],
      ['toolu_01', 'activity', 'Worker started.'],
      [undefined, 'user', 'You are the worker for the tests module.'],
      ['f-3', 'bot', 'The tests pass.'],
    ])
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 1',
      problem:
        'a forked subagent: the 3 messages of its parent’s conversation up to p-3, read from sess-1.jsonl, are loaded first, as Claude Code sent them',
    })
    expect(report.some((n) => n.severity === 'warning')).toBe(false)
  })

  it('keeps the usage both files report, each at its place, each prompt where it now starts', () => {
    const { usage } = importConversation(subagent, 'claude-code', {
      forkParent: { name: 'sess-1.jsonl', content: parent },
    })
    // p-2 answered a prompt of one message (p-1): 10 + 2,000 + 0. f-3 answered the six before it:
    // 5 + 60 + 2,050.
    expect(usage?.map((u) => [u.prompt, u.inputTokens, u.at])).toEqual([
      [1, 2010, 'sess-1.jsonl line 3'],
      [6, 2115, 'line 4'],
    ])
  })

  it('follows a live subagent with the same parent', () => {
    const { update } = startLiveImport(new TextEncoder().encode(subagent + '\n'), {
      format: 'claude-code',
      forkParent: { name: 'sess-1.jsonl', content: parent },
    })
    expect(update.conversation.messages.map((m) => m.text).slice(0, 3)).toEqual([
      'Refactor the parser.',
      'I will split it by module.',
      'Fork one worker per module.',
    ])
  })

  it('warns, and loads the subagent alone, when the parent does not hold the fork point', () => {
    const { messages, report } = importConversation(subagent, 'claude-code', {
      forkParent: { name: 'sess-1.jsonl', content: parent.replace(/p-3/g, 'p-9') },
    })
    expect(messages).toHaveLength(4)
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 1',
      problem:
        'a forked subagent: Claude Code sent it its parent’s conversation first (3 messages of session sess-1 up to p-3), which this file refers to and does not hold (Claude Code reads them from sess-1.jsonl, the parent’s transcript in the project folder); sess-1.jsonl holds no event p-3 off the sidechains; they are not loaded, and the usage view counts them in the context not in the file',
    })
  })
})

describe('forkReferenceOf', () => {
  it('names the parent’s transcript from the first line, as Claude Code looks for it', () => {
    expect(forkReferenceOf(subagent)).toEqual({ parentSessionId: 'sess-1', file: 'sess-1.jsonl' })
    expect(forkReferenceOf(new TextEncoder().encode(subagent))).toEqual({
      parentSessionId: 'sess-1',
      file: 'sess-1.jsonl',
    })
  })

  it('finds none on a later line, in another file, or for an id that cannot name a file', () => {
    expect(forkReferenceOf(parent)).toBeUndefined()
    expect(forkReferenceOf(`${parent}\n${line(ref)}`)).toBeUndefined()
    for (const id of ['../sess-1', 'a/b', '', 'nul', 'x'.repeat(201), 7]) {
      expect(forkReferenceOf(line({ ...ref, parentSessionId: id }))).toBeUndefined()
    }
  })
})
