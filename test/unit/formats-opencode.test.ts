import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnose/index'
import {
  FormatError,
  compareUsage,
  countEachMessage,
  importConversation,
  pricingAsks,
  requestOverhead,
  requestPricings,
} from '../../src/index'
import { findMedia } from '../../src/pricing/opaque-media'
import { decodePayload } from '../../src/formats/payload'
import { cutAt, fixture, fixtureJson } from './formats-fixtures'
import { tiktokenFor } from './helpers/tiktoken'

/*
 * testdata/formats/opencode.json is our own session, written to opencode 1.18.33's schema and put
 * through opencode itself (`opencode import`, then `opencode export`), which decodes every message
 * and part with its own schemas and wrote it back unchanged. Its nine messages, in file order:
 *   0 user       u1: the first request
 *   1 assistant  a1: one step, a read whose result opencode's pruning cleared
 *   2 user       u3: text, a text/plain file and the synthetic text opencode added for it
 *   3 assistant  a4: two steps: reasoning, text, read, grep | text, an edit that failed
 *   4 user       u5: a compaction whose tail starts at u3 (tail_start_id)
 *   5 assistant  a6: the compaction's summary (summary: true, finished)
 *   6 user       u7: text and a PNG
 *   7 assistant  a8: a step that read a test, then aborted while its bash call ran
 *   8 assistant  a9: failed with an API error, nothing written
 * opencode's filterCompacted stops at u3 and sends u5, a6, then the tail u3, a4, then u7, a8; u1
 * and a1 are dropped, and a9 is left out of every request (toModelMessages). u5 itself becomes a
 * question opencode writes, which the file does not hold.
 */

const id = (kind: 'msg' | 'prt', n: number) =>
  kind === 'msg'
    ? `msg_c0a1b2c3d${String(n).padStart(3, '0')}Ab3Cd4Ef5Gh6Ij7K`
    : `prt_c0a1b2c3e${String(n).padStart(3, '0')}Zy9Xw8Vu7Ts6Rq5P`

describe('opencode session in', () => {
  const imported = importConversation(fixture('opencode.json'))

  it('is detected, and names the model and the wire its provider uses', () => {
    expect(imported.format).toBe('opencode')
    expect(imported.detected).toBe(true)
    expect(imported.model).toBe('claude-sonnet-4-5-20250929')
    expect(imported.wire).toBe('anthropic')
    expect(imported.systemPromptUnrecorded).toBe(true)
  })

  it('loads what opencode sends next: the summary, the kept tail, then the rest', () => {
    const types = imported.messages.map((m) => [m.type, m.id])
    expect(types).toEqual([
      ['context', id('msg', 6)], // the summary, first
      ['user', id('msg', 3)], // the tail from tail_start_id
      ['context', id('prt', 8)], // the text opencode added for the attached file
      ['reasoning', id('prt', 10)],
      ['bot', id('msg', 4)], // step 1: text, read, grep
      ['activity', 'toolu_01Lm2SvTq4'],
      ['activity', 'toolu_01Np5UwXr5'],
      ['bot', undefined], // step 2: text, edit
      ['activity', 'toolu_01Pq7YzAb6'],
      ['user', id('msg', 7)],
      ['bot', id('msg', 8)], // the aborted reply: a step that finished
      ['activity', 'toolu_01Qr8AbCd6'],
      ['bot', undefined], // and the step it was aborted in
      ['activity', 'toolu_01Rs9BcDe7'],
    ])
    const [summary, user, added, reasoning, step1, read, grep, step2, edit, , , , aborted, bash] =
      imported.messages
    expect(summary.meta).toEqual({ compacted: true, droppedCount: 2 })
    expect(summary.text).toMatch(/^The user wants Celsius output/)
    expect(user.text).toBe('Also keep the Kelvin value in --verbose output.')
    expect(added.text).toMatch(/^The user attached src\/format.ts:\n/)
    // The signature is kept for export, not counted as text.
    // Claude's thinking carries its step's reported output (step-finish: output 140, reasoning 40).
    expect(decodePayload(reasoning.payload)).toEqual({
      signature: 'EqMBCkYIBxgCKkBz0cL2',
      output_tokens: 140 + 40,
    })
    expect(step1.text).toBe('Let me see where verbose output is printed.')
    expect(decodePayload(step1.payload)?.tool_calls).toEqual([
      { id: 'toolu_01Lm2SvTq4', name: 'read', arguments: { filePath: '/work/weather/src/cli.ts' } },
      { id: 'toolu_01Np5UwXr5', name: 'grep', arguments: { pattern: 'fmt\\(', path: 'src' } },
    ])
    expect(read.payload).toBe('if (verbose) console.log(fmt(reading.kelvin))')
    expect(grep.payload).toBe('src/cli.ts:14\nsrc/report.ts:8')
    expect(decodePayload(step2.payload)?.tool_calls?.map((c) => c.name)).toEqual(['edit'])
    expect(decodePayload(edit.payload)).toEqual({
      content: 'oldString not found in content',
      is_error: true,
    })
    expect(aborted.text).toBe('')
    expect(decodePayload(bash.payload)).toEqual({ content: '', is_error: true })
  })

  it('attaches the PNG to its user message, priced as an image', () => {
    const user = imported.messages[9]
    expect(user.text).toBe('Run the tests, and here is the screenshot of the failure.')
    const media = findMedia(decodePayload(user.payload), 'payload')
    expect(media.map((m) => m.mediaType)).toEqual(['image/png'])
  })

  it('reports each step’s prompt as opencode stored it: input + cache read + cache write', () => {
    // Only the step after the compaction: a4's two steps were measured with u1 and a1 in their
    // prompts, which the summary replaced and the import does not load.
    expect(imported.usage).toEqual([
      {
        prompt: 10, // the summary, the tail (8 messages) and u7
        inputTokens: 4 + 12000 + 700,
        outputTokens: 90,
        at: 'messages[7].parts[3].tokens',
        model: 'claude-sonnet-4-5-20250929',
      },
    ])
    expect(imported.report).toContainEqual(
      expect.objectContaining({
        path: 'messages[3].parts[5].tokens',
        problem:
          '2 reported prompt sizes from before the latest compaction: their prompts held the messages its summary replaced, no longer loaded; not compared',
      }),
    )
  })

  it('counts what it left out, with the reason', () => {
    const problems = imported.report.map((n) => `${n.severity} ${n.path}: ${n.problem}`)
    expect(problems).toContain(
      'info messages[0]: 2 messages before the latest compaction: replaced by its summary; not loaded, as opencode no longer sends them',
    )
    expect(problems).toContain(
      'warning messages[8].info.error: a reply that failed: opencode leaves it out of later requests; not loaded',
    )
    expect(
      problems.some((p) => p.startsWith('info messages[4].parts[0]: a compaction request')),
    ).toBe(true)
    expect(
      problems.some((p) =>
        p.startsWith('warning messages[7].parts[5].state: a tool call that never finished'),
      ),
    ).toBe(true)
    expect(imported.report.filter((n) => n.severity === 'warning')).toHaveLength(2)
  })

  it('finds a tool exchange cut between the step’s call and its result', () => {
    // The tail starting at the grep result (index 6) keeps it and summarises its call (index 4).
    expect(cutAt(imported.messages, 6).map((f) => f.code)).toContain('tool-exchange-cut')
    expect(cutAt(imported.messages, 4).map((f) => f.code)).not.toContain('tool-exchange-cut')
  })

  it('gives the summary its earlier-summary finding', () => {
    const codes = diagnose({
      messages: imported.messages,
      options: { maxTokens: 100_000 },
    }).map((f) => f.code)
    expect(codes).toContain('earlier-summary')
  })
})

describe('opencode messages in other shapes', () => {
  const exported = fixtureJson('opencode.json') as {
    info: Record<string, unknown>
    messages: { info: Record<string, unknown>; parts: Record<string, unknown>[] }[]
  }
  const whole = importConversation(fixture('opencode.json'))

  it('reads the list of messages alone, as the server returns it', () => {
    const bare = importConversation(JSON.stringify(exported.messages))
    expect(bare.format).toBe('opencode')
    expect(bare.messages).toEqual(whole.messages)
  })

  it('reads an export whose status line was written into it, with a note, places kept', () => {
    // What `opencode export <id> > session.json` left on Windows (anomalyco/opencode#12130): the
    // status line, then the JSON right after it on the same line.
    const text = `Exporting session: ${String(exported.info.id)}${fixture('opencode.json')}`
    for (const content of [text, new TextEncoder().encode(text)]) {
      for (const format of ['auto', 'opencode'] as const) {
        const read = importConversation(content, format)
        expect(read.format).toBe('opencode')
        expect(read.messages).toEqual(whole.messages)
        expect(read.report[0]).toEqual({
          severity: 'info',
          path: 'line 1',
          problem: `opencode's status line "Exporting session: ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt" stands before the JSON (its export wrote it to standard output); left out, and the export after it read`,
        })
      }
    }
    // A syntax error after it is placed where it is in the file: line 3 of the export is
    // `    "id": "ses_…",`; without its comma, the comma is missing before line 4's first key, at
    // column 5 (after four spaces).
    const broken = text.replace(/("id": "ses_\w+"),/, '$1')
    expect(() => importConversation(broken, 'opencode')).toThrow(
      "line 4, column 5: malformed JSON: expected ','",
    )
  })

  it("reads a share's data: entries of session, message and part", () => {
    const share = [
      { type: 'session', data: exported.info },
      ...exported.messages.map((m) => ({ type: 'message', data: m.info })),
      ...exported.messages.flatMap((m) => m.parts.map((p) => ({ type: 'part', data: p }))),
    ]
    const read = importConversation(JSON.stringify(share))
    expect(read.format).toBe('opencode')
    expect(read.messages).toEqual(whole.messages)
  })
})

describe('opencode rules on small sessions', () => {
  const S = 'ses_1'
  const user = (n: number, parts: object[]) => ({
    info: { id: `msg_${n}`, sessionID: S, role: 'user', time: { created: n }, agent: 'build' },
    parts,
  })
  const reply = (n: number, parent: number, parts: object[], extra: object = {}) => ({
    info: {
      id: `msg_${n}`,
      sessionID: S,
      role: 'assistant',
      parentID: `msg_${parent}`,
      modelID: 'gpt-5.1-codex',
      providerID: 'openai',
      finish: 'stop',
      ...extra,
    },
    parts,
  })
  const text = (t: string) => ({ type: 'text', text: t })
  const read = (messages: object[]) =>
    importConversation(JSON.stringify({ info: { id: S }, messages }), 'opencode')

  it('a reply that failed before writing any part is named as a failed reply', () => {
    const r = read([
      user(1, [text('first')]),
      reply(2, 1, [], { error: { name: 'APIError', data: { message: 'Overloaded' } } }),
    ])
    expect(r.messages.map((m) => m.type)).toEqual(['user'])
    const problems = r.report.map((n) => `${n.severity} ${n.path}: ${n.problem}`)
    expect(problems).toContain(
      'warning messages[1].info.error: a reply that failed: opencode leaves it out of later requests; not loaded',
    )
    expect(problems.some((p) => p.includes('no parts'))).toBe(false)
  })

  it('a session whose only reply failed is counted with the model the user picked for the turn', () => {
    // UserMessage's `model` (message-v2.ts): the provider and model the turn was sent to.
    const picked = (n: number, modelID: string, providerID: string) => ({
      ...user(n, [text('hello')]),
      info: { ...user(n, []).info, model: { providerID, modelID } },
    })
    const failed = { error: { name: 'APIError', data: { message: 'Insufficient Balance' } } }
    const r = read([
      picked(1, 'deepseek-reasoner', 'deepseek'),
      reply(2, 1, [], { ...failed, modelID: 'deepseek-reasoner', providerID: 'deepseek' }),
    ])
    expect(r.messages.map((m) => m.type)).toEqual(['user'])
    expect(r.model).toBe('deepseek-reasoner')
    expect(r.wire).toBe('openai-chat')
    // The latest user message's pick, when it changed; a reply that names a model still wins.
    const changed = read([
      picked(1, 'deepseek-chat', 'deepseek'),
      picked(2, 'claude-sonnet-4-5', 'anthropic'),
    ])
    expect([changed.model, changed.wire]).toEqual(['claude-sonnet-4-5', 'anthropic'])
    const replied = read([picked(1, 'deepseek-chat', 'deepseek'), reply(2, 1, [text('hi')])])
    expect([replied.model, replied.wire]).toEqual(['gpt-5.1-codex', 'openai-responses'])
  })

  it('a compaction that keeps no tail drops everything before its request', () => {
    const r = read([
      user(1, [text('first')]),
      reply(2, 1, [text('one')]),
      user(3, [{ type: 'compaction', auto: false }]),
      reply(4, 3, [text('the summary')], { summary: true }),
      user(5, [text('next')]),
    ])
    expect(r.messages.map((m) => [m.type, m.text])).toEqual([
      ['context', 'the summary'],
      ['user', 'next'],
    ])
    expect(r.messages[0].meta).toEqual({ compacted: true, droppedCount: 2 })
    expect(r.wire).toBe('openai-responses')
    expect(r.model).toBe('gpt-5.1-codex')
  })

  it('a summary that never finished does not compact: everything is sent', () => {
    const r = read([
      user(1, [text('first')]),
      user(3, [{ type: 'compaction', auto: true }]),
      reply(4, 3, [text('half a summ')], { summary: true, finish: undefined }),
    ])
    expect(r.messages.map((m) => m.text)).toEqual(['first', 'half a summ'])
    expect(r.messages.every((m) => m.meta === undefined)).toBe(true)
  })

  it('a reply without step-finish parts reports once, on its info.tokens', () => {
    const tokens = { input: 100, output: 5, reasoning: 2, cache: { read: 20, write: 3 } }
    const r = read([user(1, [text('first')]), reply(2, 1, [text('one')], { tokens })])
    expect(r.usage).toEqual([
      {
        prompt: 1,
        inputTokens: 100 + 20 + 3,
        outputTokens: 5 + 2,
        at: 'messages[1].info.tokens',
        model: 'gpt-5.1-codex',
      },
    ])
  })

  it("sends the latest user message's system addition, first, and not an earlier one's", () => {
    const tokens = { input: 50, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }
    const asked = (n: number, system: string) => ({
      ...user(n, [text(`turn ${n}`)]),
      info: { ...user(n, []).info, system },
    })
    const r = read([
      asked(1, 'Answer in French.'),
      reply(2, 1, [text('oui')]),
      asked(3, 'Answer in German.'),
      reply(4, 3, [text('ja')], { tokens }),
    ])
    expect(r.messages.map((m) => [m.type, m.text])).toEqual([
      ['instructions', 'Answer in German.'],
      ['user', 'turn 1'],
      ['bot', 'oui'],
      ['user', 'turn 3'],
      ['bot', 'ja'],
    ])
    expect(r.usage?.map((u) => u.prompt)).toEqual([4])
    expect(r.report.map((n) => n.path)).toContain('messages[0].info.system')
  })

  it("prices Claude's summarized thinking by its step's reported output, not by its text", () => {
    // A Claude 4 model's reasoning text is a summary; the next request is billed for all of the
    // thinking the signature carries back: the step's 900 output tokens, less its visible text.
    const finish = (output: number) => ({
      type: 'step-finish',
      reason: 'stop',
      tokens: { input: 2, output, reasoning: 0, cache: { read: 0, write: 400 } },
    })
    const claude = { modelID: 'claude-sonnet-4-6', providerID: 'anthropic' }
    const r = read([
      user(1, [text('first')]),
      reply(
        2,
        1,
        [
          { type: 'step-start' },
          {
            type: 'reasoning',
            text: 'Check the config.',
            metadata: { anthropic: { signature: 'EqMBsig' } },
          },
          text('The timeout is 30 seconds.'),
          finish(900),
        ],
        claude,
      ),
    ])
    const [, thinking, bot] = r.messages
    expect(decodePayload(thinking.payload)).toEqual({ signature: 'EqMBsig', output_tokens: 900 })
    const counts = countEachMessage({ model: 'claude-sonnet-4-6', wire: r.wire }, r.messages)
    expect(counts[1] + counts[2]).toBe(900)
    expect(bot.text).toBe('The timeout is 30 seconds.')
    // Reasoning with no Anthropic signature is the text the model wrote: priced as text.
    const glm = read([
      user(1, [text('first')]),
      reply(
        2,
        1,
        [{ type: 'step-start' }, { type: 'reasoning', text: 'Check it.' }, text('ok'), finish(900)],
        { modelID: 'glm-4.6', providerID: 'zhipuai' },
      ),
    ])
    expect(glm.messages[1].payload).toBeUndefined()
  })

  it("keeps earlier turns' GLM reasoning where the replies came from GLM's Coding Plan", () => {
    // opencode sends every earlier reply's reasoning back as reasoning_content for a model whose
    // models.dev entry names that field (every GLM-4.7 and later of the Coding Plan providers),
    // and the Coding Plan endpoint keeps it: the turn-one reasoning is in turn two's request.
    const session = (providerID: string, modelID = 'glm-5.2') => [
      user(1, [text('first')]),
      reply(2, 1, [{ type: 'reasoning', text: 'Plan the layout first.' }, text('done')], {
        modelID,
        providerID,
      }),
      user(3, [text('second')]),
    ]
    const coding = read(session('zhipuai-coding-plan'))
    expect(coding.thinking).toBe('kept')
    expect(coding.wire).toBe('openai-chat')
    const spec = { model: 'glm-5.2', wire: coding.wire, thinking: coding.thinking }
    expect(countEachMessage(spec, coding.messages)[1]).toBeGreaterThan(0)
    // The standard API drops an earlier turn's reasoning unless a request asks, and opencode
    // does not ask; a file with a Claude reply is left to each model's own rule.
    expect(read(session('zai')).thinking).toBeUndefined()
    const claudeToo = [
      ...session('zai-coding-plan'),
      reply(4, 3, [text('ok')], { modelID: 'claude-sonnet-4-5', providerID: 'anthropic' }),
    ]
    expect(read(claudeToo).thinking).toBeUndefined()
  })

  it("prices another model's earlier reasoning as text, as opencode sends it", () => {
    // opencode's toModelMessages sends a reply's reasoning as a plain text part when the reply's
    // provider and model are not the request's. Here GLM's Coding Plan reasons, then the user
    // switches to an OpenAI model, which would drop an earlier turn's reasoning of its own.
    const finish = (input: number) => ({
      type: 'step-finish',
      reason: 'stop',
      tokens: { input, output: 5, reasoning: 0, cache: { read: 0, write: 0 } },
    })
    const glm = { modelID: 'glm-5.2', providerID: 'zhipuai-coding-plan' }
    const gpt = { modelID: 'gpt-5.1', providerID: 'openrouter' }
    const thought = 'Plan the isometric grid before any of the sprites are drawn.'
    const r = read([
      user(1, [text('first')]),
      reply(
        2,
        1,
        [
          { type: 'step-start' },
          { type: 'reasoning', text: thought },
          { type: 'reasoning', text: '  ' },
          text('done'),
          finish(100),
        ],
        glm,
      ),
      user(3, [text('second')]),
      reply(4, 3, [{ type: 'step-start' }, text('ok'), finish(200)], gpt),
    ])
    expect(r.messages.map((m) => m.type)).toEqual([
      'user',
      'reasoning',
      'reasoning',
      'bot',
      'user',
      'bot',
    ])
    // The GLM request sends its own reasoning as reasoning; the OpenAI one, the non-blank text.
    expect(r.usage?.map((u) => u.asText)).toEqual([undefined, [1]])
    const spec = { model: 'gpt-5.1', wire: r.wire, thinking: r.thinking }
    const counts = countEachMessage(spec, r.messages)
    expect(counts[1]).toBe(0) // an earlier turn's reasoning, as gpt-5.1 would drop its own
    const { turns, served, cleared } = requestPricings(
      spec,
      r.messages,
      pricingAsks(r.usage!, spec),
    )
    const rows = compareUsage(r.usage!, counts, requestOverhead(spec), turns, served, cleared).rows
    const withoutIt = compareUsage(r.usage!, counts, requestOverhead(spec), turns, served).rows
    // o200k_base without a factor: the text part costs its tokens, with no framing of its own.
    expect(rows[1].estimated - withoutIt[1].estimated).toBe(
      tiktokenFor('o200k_base').encode(thought).length,
    )
  })

  it('an ignored text is not sent, and a reply with no parts sends nothing', () => {
    const r = read([
      user(1, [text('kept'), { type: 'text', text: 'dropped', ignored: true }]),
      reply(2, 1, []),
    ])
    expect(r.messages.map((m) => m.text)).toEqual(['kept'])
    expect(r.report.map((n) => n.problem)).toContain('a text opencode marks ignored; not sent')
  })

  it('counts a tool output that is not text as its JSON, with a warning', () => {
    const edit = {
      type: 'tool',
      callID: 'call-1',
      tool: 'edit',
      state: { status: 'completed', input: {}, output: { exitCode: 0 } },
    }
    const r = read([user(1, [text('edit it')]), reply(2, 1, [edit])])
    expect(r.messages[2]).toEqual({
      id: 'call-1',
      type: 'activity',
      text: '',
      payload: '{"exitCode":0}', // a result's payload is its content when it has nothing else
    })
    expect(r.report).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        path: 'messages[1].parts[0].state.output',
      }),
    )
  })

  it('says what a field holds when it is the wrong kind', () => {
    const bad = JSON.stringify({
      info: { id: S },
      messages: [{ info: { role: 'user' }, parts: {} }],
    })
    expect(() => importConversation(bad, 'opencode')).toThrow(
      /messages\[0\]\.parts \(line 1, column \d+\): "parts" is an object, not a list$/,
    )
  })

  it('names the place a message breaks the schema', () => {
    const bad = JSON.stringify({
      info: { id: S },
      messages: [user(1, [text('a')]), { info: { role: 'user' } }],
    })
    expect(() => importConversation(bad, 'opencode')).toThrow(FormatError)
    expect(() => importConversation(bad, 'opencode')).toThrow(
      /^not opencode session \(export\): messages\[1\]\.parts \(line 1, column \d+\): missing "parts"$/,
    )
  })
})

describe("opencode's storage files from before its database", () => {
  // opencode kept a session in storage/: its record, each message's and each part's in a file of
  // their own (json-migration.ts, `run`). Our own files, laid out and shaped as opencode wrote
  // them.
  const S = 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt'
  const refusal = (file: string) => {
    try {
      importConversation(fixture(`opencode-storage/${file}`))
    } catch (error) {
      if (error instanceof FormatError) return error.message
      throw error
    }
    return 'read'
  }
  const tail =
    `. Run "opencode export ${S} > session.json" for the whole session as one file, and open that; ` +
    'or open opencode.db, where opencode moves this storage folder the first time a version with a database runs'
  const said = (what: string) =>
    `not a conversation in any known format: one of opencode's storage files from before its database: ${what}${tail}`

  it('names each kind of file, and the command that exports its session', () => {
    expect(refusal(`session/4b2e9c1d0a7f36e85b1c2d3e4f5a6b7c8d9e0f1a/${S}.json`)).toBe(
      said('the record of a session (its title and times)'),
    )
    expect(refusal(`message/${S}/msg_c0a1b2c3d001Ab3Cd4Ef5Gh6Ij7K.json`)).toBe(
      said('the record of one prompt of a session, without its text (kept in files of its own)'),
    )
    expect(refusal(`message/${S}/msg_c0a1b2c3d002Ab3Cd4Ef5Gh6Ij7K.json`)).toBe(
      said('the record of one reply of a session, without its text (kept in files of its own)'),
    )
    expect(
      refusal('part/msg_c0a1b2c3d001Ab3Cd4Ef5Gh6Ij7K/prt_c0a1b2c3e001Zy9Xw8Vu7Ts6Rq5P.json'),
    ).toBe(said("one part of a message of a session (a text, a tool's call, a step)"))
    // An object with ids of no opencode kind is still told what a conversation lacks.
    const other = JSON.stringify({ id: 'run_1', sessionID: 'ses_1', role: 'user', time: {} })
    expect(() => importConversation(other)).toThrow('the object has no "messages" array')
  })
})
