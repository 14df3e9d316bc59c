import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { importConversation, type Message } from '../../src/index'
import { fixture } from './formats-fixtures'

const event = (uuid: string, parentUuid: string | null, extra: Record<string, unknown>) =>
  JSON.stringify({ parentUuid, isSidechain: false, uuid, ...extra })

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
        id: 'u-0011',
        type: 'bot',
        text: 'Done: retry() now takes its clock from the caller, and the test passes 50 runs out of 50. ✅',
      },
    ]
    expect(imported.messages).toEqual(expected)
    expect(imported.model).toBe('claude-sonnet-4-5-20250929')
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
        meta: { compacted: true, droppedCount: 0 },
      },
      { id: 'c-0005', type: 'bot', text: 'Next: the retry policy for failed billing jobs.' },
    ])
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'line 3',
      problem:
        'compaction boundary, trigger "auto", 154210 tokens before it: the conversation restarts here, from the summary that follows',
    })
    expect(imported.report).toContainEqual({
      severity: 'info',
      path: 'lines 1–2',
      problem: '2 events: before a compaction; the summary stands for them',
    })
    expect(imported.report.filter((n) => n.severity === 'warning')).toEqual([])
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
