import { describe, expect, it } from 'vitest'
import { importConversation, type Message } from '../../src/index'
import { fixture } from './formats-fixtures'

const event = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) =>
  JSON.stringify({ parentUuid, isSidechain: false, uuid, ...extra })

describe('Claude Code session in', () => {
  const file = fixture('claude-code.jsonl')

  it('follows the main chain, merges one API message split across events, keeps uuids as ids', () => {
    const imported = importConversation(file, 'claude-code')
    const expected: Message[] = [
      { type: 'context', text: 'Fix the flaky upload retry test' },
      {
        id: 'u-0001',
        type: 'user',
        text: 'The retry test in upload.test.ts fails about one run in five. Can you find out why? ¡Gracias! 🙏',
      },
      {
        id: 'u-0002',
        type: 'reasoning',
        text: 'A flaky retry test usually means a real timer racing a fake one.',
        payload: '{"signature":"ErUBCkYIBxgCKkCt"}',
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
        id: 'u-0010',
        type: 'context',
        text: 'PostToolUse:Edit hook ran: prettier --write src/retry.ts',
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

  it('reports the sidechain, the abandoned branch and other events by line', () => {
    const { report } = importConversation(file)
    expect(report).toContainEqual({
      severity: 'info',
      path: 'lines 9–10',
      problem: '2 sidechain (subagent) event(s); not loaded',
    })
    expect(report).toContainEqual({
      severity: 'warning',
      path: 'line 12',
      problem:
        '1 event(s) off the main chain (an abandoned branch, or history before a compaction); not loaded',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line 16',
      problem: '"file-history-snapshot" event; not part of the conversation',
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: cwd',
      problem: 'session metadata; not part of the conversation',
      count: 11,
    })
    expect(report).toContainEqual({
      severity: 'info',
      path: 'line *: message.usage',
      problem: 'API response metadata; not part of the conversation',
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

  it('starts at the compact boundary: the summary is context, earlier history is reported', () => {
    const imported = importConversation(fixture('claude-code-compacted.jsonl'))
    expect(imported.format).toBe('claude-code')
    expect(imported.messages).toEqual([
      { id: 'c-0003', type: 'context', text: 'Conversation compacted' },
      {
        id: 'c-0004',
        type: 'context',
        text: 'This session is being continued from a previous conversation. Summary: billing/cron.ts now enqueues jobs; the retry policy is still to do.',
      },
      { id: 'c-0005', type: 'bot', text: 'Next: the retry policy for failed billing jobs.' },
    ])
    expect(imported.report[0]).toEqual({
      severity: 'warning',
      path: 'lines 1–2',
      problem:
        '2 event(s) off the main chain (an abandoned branch, or history before a compaction); not loaded',
    })
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

  it('says where the chain breaks when a parent line is missing', () => {
    const text = [
      event('a', null, { type: 'user', message: { role: 'user', content: 'first' } }),
      '{"parentUuid":"a","isSidechain":false,"uuid":"b","type":"assi',
      event('c', 'b', { type: 'user', message: { role: 'user', content: 'third' } }),
    ].join('\n')
    const imported = importConversation(text)
    expect(imported.messages).toEqual([{ id: 'c', type: 'user', text: 'third' }])
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
        problem: '"b" is not in the file (a broken line?); the chain starts here',
      },
      {
        severity: 'warning',
        path: 'line 1',
        problem:
          '1 event(s) off the main chain (an abandoned branch, or history before a compaction); not loaded',
      },
    ])
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
