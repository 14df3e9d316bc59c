import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import { FormatError, importConversation } from '../../src/index'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, shape, warnings } from './formats-fixtures'

/*
 * testdata/formats/qwen-code.jsonl is our own session, written to the ChatRecord schema of Qwen
 * Code 0.24.4 (docs/formats/qwen-code.md). Its lines:
 *    1 u1  user: the first prompt
 *    2 a1  assistant: a thought, text, two parallel read_file calls (usage 12,840)
 *    3 t1, 4 t2  tool_result: one result each
 *    5 s1  system ui_telemetry
 *    6, 7 a2  assistant, recorded in two fragments of one uuid (usage 12,990 on the second)
 *    8 x1, 9 x2, 10 r1  a prompt, its reply and a rewind record: a branch the rewind left
 *   11 u2  user "/stats" (parent a2)         12 s2  system slash_command: answered, not sent
 *   13 u3  user                              14 a3  assistant: an edit call (usage 13,110)
 *   15 t3  its result                        16 m1  user, typed mid-turn
 *   17 a broken line
 *   18 c1  system chat_compression: a summary and an acknowledgement
 *   19 u5  user       20 a4  a shell call (usage 610)       21 t4  its result
 *   22 a5  assistant (usage 700)
 */

/** The fixture with its compression record made a telemetry record, which Qwen Code skips. */
const uncompressed = () =>
  fixture('qwen-code.jsonl').replace('"subtype":"chat_compression"', '"subtype":"ui_telemetry"')

describe('Qwen Code session in', () => {
  const imported = importConversation(fixture('qwen-code.jsonl'))

  it('is detected, not read as a Claude Code session, and names the model', () => {
    expect(imported.format).toBe('qwen-code')
    expect(imported.detected).toBe(true)
    expect(imported.model).toBe('qwen3-coder-plus')
    expect(imported.wire).toBe('openai-chat')
    expect(imported.systemPromptUnrecorded).toBe(true)
  })

  it('loads what Qwen Code sends after its compression: the summary, then the later records', () => {
    expect(shape(imported.messages)).toEqual([
      ['context', 'c1'],
      ['bot', undefined],
      ['user', 'u5'],
      ['bot', 'a4'],
      ['activity', 'call_04shell'],
      ['bot', 'a5'],
    ])
    // u1 1, a1 2 (thought, reply), t1 1, t2 1, a2 1, u3 1, a3 1, t3 with m1 2: ten messages.
    expect(imported.messages[0].meta).toEqual({ compacted: true, droppedCount: 10 })
    expect(imported.messages[0].text).toMatch(/^<state_snapshot>The server read PORT/)
  })

  it('takes the window the latest reply recording one was served in', () => {
    expect(imported.contextWindow).toEqual({ tokens: 1_000_000, at: 'line 2: contextWindowSize' })
  })

  it('takes the reported prompt sizes of the requests it holds', () => {
    expect(imported.usage?.map((u) => [u.prompt, u.inputTokens, u.outputTokens, u.at])).toEqual([
      [3, 610, 24, 'line 20: usageMetadata'],
      [5, 700, 6, 'line 22: usageMetadata'],
    ])
  })

  it('loses only the broken line, and counts the branch a rewind left', () => {
    expect(warnings(imported)).toEqual([
      [
        'line 17',
        'truncated or malformed JSON (column 145: unexpected end of string); skipped, the rest loaded',
      ],
      [
        'lines 8–10',
        "3 records not on the chain that ends at the last record (a rewind's branch, or above a missing parent); Qwen Code sends none of them; not loaded",
      ],
    ])
  })

  it('gives the summary its earlier-summary finding', () => {
    const codes = diagnose({ messages: imported.messages, options: { maxTokens: 100_000 } }).map(
      (f) => f.code,
    )
    expect(codes).toContain('earlier-summary')
  })

  describe('without the compression', () => {
    const whole = importConversation(uncompressed())

    it('loads the chain as Qwen Code sends it', () => {
      expect(shape(whole.messages)).toEqual([
        ['user', 'u1'],
        ['reasoning', 'a1'],
        ['bot', undefined],
        ['activity', 'call_01read'],
        ['activity', 'call_02read'],
        ['bot', 'a2'],
        // u2's "/stats" is gone: Qwen Code answered it and did not send it.
        ['user', 'u3'],
        ['bot', 'a3'],
        ['activity', 'call_03edit'],
        // m1, typed during the turn, goes with the user turn before it.
        ['user', undefined],
        ['user', 'u5'],
        ['bot', 'a4'],
        ['activity', 'call_04shell'],
        ['bot', 'a5'],
      ])
      expect(whole.messages[1].text).toBe(
        'Check the loader and the env file before changing anything.',
      )
      const calls = decodePayload(whole.messages[2].payload)?.tool_calls
      expect(calls?.map((c) => c.id)).toEqual(['call_01read', 'call_02read'])
      // The two fragments of a2, in order.
      expect(whole.messages[5].text).toBe(
        'config.ts reads PORT before env.ts has loaded .env. Import the env module first.',
      )
      expect(whole.messages[9].text).toBe('Keep the default 8080.')
    })

    it('says why the slash command and its record are left out, each at its line', () => {
      const at = (line: number) =>
        whole.report.filter((n) => n.path === `line ${line}`).map((n) => [n.severity, n.problem])
      expect(at(11)).toEqual([
        ['info', 'a slash command Qwen Code answered itself; not sent to the model, not loaded'],
      ])
      expect(at(12)).toEqual([
        [
          'info',
          "a slash command's record (its invocation or its result, for Qwen Code's own view); not sent to the model",
        ],
      ])
    })

    it('reports each reply against the messages before it, a fragmented reply by its last usage', () => {
      expect(whole.usage?.slice(0, 3).map((u) => [u.prompt, u.inputTokens])).toEqual([
        [1, 12840],
        [5, 12990],
        [7, 13110],
      ])
    })

    it('finds a tool exchange the kept messages cut', () => {
      // Keeping from index 3 starts on the first read's result, whose call (index 2) is summarised.
      expect(cutAt(whole.messages, 3).map((f) => f.code)).toContain('tool-exchange-cut')
      expect(cutAt(whole.messages, 6).map((f) => f.code)).not.toContain('tool-exchange-cut')
    })
  })

  it('reads a session of slash commands alone as Qwen Code’s, of no message', () => {
    // As Qwen Code 0.14 writes a session where the user ran only `/agents manage` (ChatRecord:
    // a system record with its subtype and systemPayload, which Claude Code's events never hold).
    const base = { sessionId: 'q1', cwd: '/home/ana/app', version: '0.14.0', type: 'system' }
    const text = [
      {
        ...base,
        uuid: 'r1',
        parentUuid: null,
        subtype: 'slash_command',
        systemPayload: { phase: 'invocation', rawCommand: '/agents manage' },
      },
      {
        ...base,
        uuid: 'r2',
        parentUuid: 'r1',
        subtype: 'slash_command',
        systemPayload: { phase: 'result', rawCommand: '/agents manage', outputHistoryItems: [] },
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')
    const read = importConversation(text)
    expect(read.format).toBe('qwen-code')
    expect(read.messages).toEqual([])
  })

  it('names the model a failed request went to, and a first record continuing another file', () => {
    // As Qwen Code 0.14 writes a session whose only request failed: the prompt, then the
    // telemetry of the API error, which names the model (ApiErrorEvent's `model`).
    const base = { sessionId: 'q2', cwd: '/home/ana/app', version: '0.14.1' }
    const error = (model: string, extra: Record<string, unknown> = {}) => ({
      uiEvent: { 'event.name': 'qwen-code.api_error', model, status_code: 400, ...extra },
    })
    const text = [
      {
        ...base,
        uuid: 'p1',
        parentUuid: 'in-another-file',
        type: 'user',
        message: { role: 'user', parts: [{ text: 'upgrade the packages' }] },
      },
      {
        ...base,
        uuid: 'e0',
        parentUuid: 'p1',
        type: 'system',
        subtype: 'ui_telemetry',
        systemPayload: error('qwen3.6-plus'),
      },
      // A subagent's request names its own model, not the conversation's.
      {
        ...base,
        uuid: 'e1',
        parentUuid: 'e0',
        type: 'system',
        subtype: 'ui_telemetry',
        systemPayload: error('qwen3-coder-flash', { subagent_name: 'explorer' }),
      },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')
    const read = importConversation(text, 'qwen-code')
    expect(read.model).toBe('qwen3.6-plus')
    expect(read.report).toContainEqual({
      severity: 'info',
      path: 'line 2: systemPayload.uiEvent.model',
      problem:
        "no reply names its model; counted as qwen3.6-plus, the model Qwen Code's record of this request names",
    })
    // Nothing of the file is lost: the chain starts at its first record, and that is said as such.
    expect(read.report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'line 1: parentUuid' }),
    )
    expect(read.report.filter((n) => n.severity === 'warning')).toEqual([])
  })

  it("names a system record of Qwen Code's own by its kind", () => {
    // Qwen Code 0.17 writes an attribution snapshot among a session's records; nothing is sent.
    const base = { sessionId: 'q3', cwd: '/home/ana/app', version: '0.17.0' }
    const text = [
      {
        ...base,
        uuid: 'p1',
        parentUuid: null,
        type: 'user',
        message: { role: 'user', parts: [{ text: 'list the files' }] },
      },
      { ...base, uuid: 's1', parentUuid: 'p1', type: 'system', subtype: 'attribution_snapshot' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n')
    expect(importConversation(text, 'qwen-code').report).toContainEqual({
      severity: 'info',
      path: 'line 2',
      problem: 'Qwen Code\'s own system record ("attribution_snapshot"); not sent to the model',
    })
  })

  it('refuses a file with no record holding a message, naming the first problem', () => {
    const text = '{"uuid":"s","parentUuid":null,"type":"system","subtype":"ui_telemetry"}\n'
    expect(() => importConversation(text, 'qwen-code')).toThrow(FormatError)
    expect(() => importConversation(text, 'qwen-code')).toThrow(
      /no line is a Qwen Code record with a message/,
    )
  })
})
