import { describe, expect, it } from 'vitest'
import { forkReferenceOf, importConversation, startLiveImport } from '../../src/index'
import { fixture } from './formats-fixtures'

// Fixtures of our own, in the shapes Claude Code 2.1.150 to 2.1.332 writes (the compiled 2.1.332
// read), laid out as Claude Code keeps them: a forked subagent's file
// (`<project>/<session>/subagents/agent-<id>.jsonl`) starts with a `fork-context-ref` line and
// holds only its own messages; its parent's conversation is in the session's transcript,
// `<project>/<parentSessionId>.jsonl`.
const parent = fixture('claude-code-fork/sess-1.jsonl')
const subagent = fixture('claude-code-fork/sess-1/subagents/agent-af1.jsonl')
const ref = JSON.parse(subagent.split('\n')[0]) as Record<string, unknown>
const line = (value: Record<string, unknown>) => JSON.stringify(value)

describe('Claude Code: a forked subagent with its parent’s transcript', () => {
  it('loads the parent’s conversation up to the fork first, sidechains left out', () => {
    const { messages, report } = importConversation(subagent, 'claude-code', {
      companion: { name: 'sess-1.jsonl', content: parent },
    })
    // p-1, p-2, p-3 from the parent (not s-1, not p-4); then the fork's own: its copy of the
    // forking reply (a call), the result and the task, and the answer.
    expect(messages.map((m) => [m.id, m.type, m.text || m.payload])).toEqual([
      ['p-1', 'user', 'Refactor the parser into one module per grammar rule.'],
      ['p-2', 'bot', 'I will split it by rule: expressions, statements and declarations.'],
      ['p-3', 'user', 'Good. Fork one worker per module and check the tests.'],
      ['f-1', 'bot', expect.stringContaining('"toolu_01F"')],
      ['toolu_01F', 'activity', 'Worker started.'],
      [undefined, 'user', 'You are the worker for the tests. Run them and report what fails.'],
      ['f-3', 'bot', expect.stringContaining('"toolu_01G"')],
      ['toolu_01G', 'activity', '42 passed'],
      ['f-5', 'bot', 'Scope: the parser tests. Result: all 42 pass.'],
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
      companion: { name: 'sess-1.jsonl', content: parent },
    })
    // p-2 (the parent's line 3) answered a prompt of one message, p-1: 10 + 2,000 + 0. f-3 (the
    // subagent's line 4) answered the six before it: 5 + 60 + 2,050; f-5 (line 6) the eight
    // before it: 4 + 30 + 2,110. p-4 is after the fork point, and not loaded.
    expect(usage?.map((u) => [u.prompt, u.inputTokens, u.at])).toEqual([
      [1, 2010, 'sess-1.jsonl line 3'],
      [6, 2115, 'line 4'],
      [8, 2144, 'line 6'],
    ])
  })

  it('follows a live subagent with the same parent', () => {
    const { update } = startLiveImport(new TextEncoder().encode(subagent + '\n'), {
      format: 'claude-code',
      companion: { name: 'sess-1.jsonl', content: parent },
    })
    expect(update.conversation.messages.map((m) => m.id)).toEqual(
      importConversation(subagent, 'claude-code', {
        companion: { name: 'sess-1.jsonl', content: parent },
      }).messages.map((m) => m.id),
    )
    expect(update.conversation.messages[0].id).toBe('p-1')
  })

  it('warns, and loads the subagent alone, when the parent does not hold the fork point', () => {
    const { messages, report } = importConversation(subagent, 'claude-code', {
      companion: { name: 'sess-1.jsonl', content: parent.replace(/p-3/g, 'p-9') },
    })
    expect(messages.map((m) => m.id)[0]).toBe('f-1')
    expect(messages).toHaveLength(6)
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 1',
      problem:
        'a forked subagent: Claude Code sent it its parent’s conversation first (3 messages of session sess-1 up to p-3), which this file refers to and does not hold (Claude Code reads them from sess-1.jsonl, the parent’s transcript in the project folder); sess-1.jsonl holds no event p-3 off the sidechains; they are not loaded, and the usage view counts them in the context not in the file',
    })
  })
})

describe('what the import says of a fork', () => {
  it('names the parent’s transcript, and how many of its messages were loaded', () => {
    const given = { companion: { name: 'sess-1.jsonl', content: parent } }
    expect(importConversation(subagent, 'claude-code', given).forkedFrom).toEqual({
      file: 'sess-1.jsonl',
      loaded: 3,
    })
    expect(importConversation(subagent, 'claude-code').forkedFrom).toEqual({
      file: 'sess-1.jsonl',
      loaded: 0,
    })
    // The session's own transcript is no fork.
    expect(importConversation(parent, 'claude-code').forkedFrom).toBeUndefined()
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
