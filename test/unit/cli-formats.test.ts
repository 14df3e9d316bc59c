import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import {
  useBuiltCli,
  errLines,
  expectOneLineFailure,
  ROOT,
  runBuiltCli,
  type Run,
} from './helpers/built-cli'
import { FORMATS } from '../../src/index'
import { REFERENCE_FRAMING_TOKENS, referenceCounts } from './helpers/tiktoken'

// --format, --verbose and apply --to as users run them: the built bin, spawned on the hand-written
// transcripts in testdata/formats. Expected counts are worked out by hand from the fixtures, and
// token counts with OpenAI's tiktoken.
const FORMATS_DIR = join(ROOT, 'testdata/formats')
const COMMANDS = ['check', 'prompt', 'apply', 'diagnose', 'tokens', 'engines']
// Every registry row is a --format value, after auto.
const FORMAT_CHOICES = ['auto', ...FORMATS.map((f) => f.id)].join(', ')

// Every case spawns node on a 5 MB bundle (the tokenizer's vocabularies): allow for a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

let cli: string
let work: string
useBuiltCli('cli-formats-', (built) => ({ cli, work } = built))

const run = (args: string[], cwd = FORMATS_DIR): Promise<Run> => runBuiltCli(cli, args, { cwd })

/** o200k_base tokens of a text-only message: its text plus 4 of chat framing. */
const textTokens = (text: string): number => referenceCounts([{ text }])[0]

const fixture = async (name: string) => JSON.parse(await readFile(join(FORMATS_DIR, name), 'utf8'))

describe.concurrent('--help', () => {
  it.each(COMMANDS)('%s --help documents --format and --verbose', async (name) => {
    const r = await run([name, '--help'])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^ {2}--format F {2,}\S/m)
    expect(r.stdout).toMatch(/^ {2}--verbose {2,}\S/m)
    for (const id of ['native', 'openai', 'openai-responses', 'anthropic', 'claude-code']) {
      expect(r.stdout).toMatch(new RegExp(`^ +${id} +\\S`, 'm'))
    }
  })

  it('apply --help documents --to', async () => {
    const r = await run(['apply', '--help'])
    expect(r.stdout).toMatch(/^ {2}--to F {2,}Write format F: native .*openai.*anthropic/ms)
  })

  it('the tool help names every format', async () => {
    const r = await run(['--help'])
    for (const label of ['OpenAI Chat Completions', 'Anthropic Messages', 'Claude Code']) {
      expect(r.stdout).toContain(label)
    }
  })
})

describe.concurrent('--format auto detects each format', () => {
  // Messages by hand, from each fixture and docs/formats.md's mapping:
  it.each([
    // {model, messages}: 5 messages.
    ['native.json', 'Compaction Inspector (native)', 5],
    // tools (1), then system, user, assistant, tool, tool, assistant, user, assistant (8).
    ['openai-chat.json', 'OpenAI Chat Completions', 9],
    // tools, instructions, user, reasoning, the two function_calls as one bot turn, two outputs,
    // the assistant message, user.
    ['openai-responses.json', 'OpenAI Responses', 9],
    // tools, 2 system blocks, user, [thinking | text+2 tool_use], 2 tool_results,
    // [redacted_thinking | text+tool_use], tool_result, [image+text], assistant.
    ['anthropic.json', 'Anthropic Messages', 13],
    // the main chain u-0001…u-0011: user, thinking, one bot (msg_01's text and two calls merged),
    // 2 results, bot, user u-0009 (u-0009a is an abandoned branch), bot. The title line and the
    // system notice u-0010 are reported, not messages (Claude Code sends the model neither).
    ['claude-code.jsonl', 'Claude Code session (JSONL)', 8],
  ])('%s reads as %s, said only with --verbose', async (file, label, count) => {
    const verbose = await run(['tokens', file, '--verbose', '--json', '--model', 'gpt-4o'])
    expect(verbose.status).toBe(0)
    expect(errLines(verbose)[0]).toBe(`${file}: format: ${label} (detected)`)
    expect(JSON.parse(verbose.stdout).tokens).toHaveLength(count)

    const quiet = await run(['tokens', file, '--json', '--model', 'gpt-4o'])
    expect(quiet.status).toBe(0)
    expect(quiet.stderr).not.toContain('format:')
    expect(quiet.stdout).toBe(verbose.stdout)
  })

  it('--verbose lists the import report, each line prefixed with the file name', async () => {
    const r = await run(['tokens', 'openai-chat.json', '--verbose'])
    // openai-chat.json sets "temperature" (a request setting) and sends an image in message 6.
    expect(errLines(r)).toEqual([
      'openai-chat.json: format: OpenAI Chat Completions (detected)',
      'openai-chat.json: info temperature: request setting; not part of the conversation',
      expect.stringMatching(/^openai-chat\.json: warning messages\[6\]\.content\[1\]: image /),
    ])
  })

  it('without --verbose, warnings are counted on one line', async () => {
    const r = await run(['tokens', 'openai-chat.json'])
    expect(r.status).toBe(0)
    expect(errLines(r)).toEqual(['openai-chat.json: 1 import warning (use --verbose to list them)'])
  })

  it('previews a message with no text by what its opaque parts are, as the app does', async () => {
    // anthropic-opaque.json's fourth message is a redacted_thinking block of 3,200 bytes of data.
    const r = await run(['tokens', 'anthropic-opaque.json'])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^ +3 +- +reasoning +[\d,]+ +redacted thinking, 3\.2 kB encrypted/m)
  })

  it('a forced format says so', async () => {
    const r = await run(['tokens', 'anthropic.json', '--format', 'anthropic', '--verbose'])
    expect(r.status).toBe(0)
    expect(errLines(r)[0]).toBe('anthropic.json: format: Anthropic Messages (chosen with --format)')
  })

  it('diagnose reads --format through the shared loading', async () => {
    const r = await run(['diagnose', 'openai-chat.json', '--max-tokens', '300', '--verbose'])
    expect(r.stderr).toContain('openai-chat.json: format: OpenAI Chat Completions (detected)\n')
    const bad = await run(['diagnose', 'openai-chat.json', '--max-tokens', '300', '--format', 'x'])
    expect(expectOneLineFailure(bad)).toBe(
      `diagnose: option --format: "x" is not one of ${FORMAT_CHOICES}`,
    )
  })
})

describe.concurrent('files no format reads', () => {
  it('an unknown --format is one line listing the choices, before the file is read', async () => {
    const line = expectOneLineFailure(await run(['tokens', 'no-such-file.json', '--format', 'xml']))
    expect(line).toBe(`tokens: option --format: "xml" is not one of ${FORMAT_CHOICES}`)
  })

  it.each([
    // openai-chat.json line 31 opens the system message with `{` (column 5); its "role" is on
    // line 32, column 7.
    [
      'openai-chat.json',
      'anthropic',
      'openai-chat.json:32:7: not Anthropic Messages: messages[0].role: role "system" is not an ' +
        'Anthropic message role (the system prompt is the top-level "system")',
    ],
    // anthropic.json line 37 holds the thinking block; its "type" starts at column 11.
    [
      'anthropic.json',
      'openai',
      'anthropic.json:37:11: not OpenAI Chat Completions: messages[1].content[0].type: ' +
        '"thinking" is a part type of Anthropic Messages, not of OpenAI Chat Completions',
    ],
    // The tool message on line 16 has no tool_call_id; its first field is at line 17, column 5.
    [
      'openai-chat-wrong-shape.json',
      'openai',
      'openai-chat-wrong-shape.json:17:5: not OpenAI Chat Completions: ' +
        'messages[3].tool_call_id: missing "tool_call_id"',
    ],
    [
      'native.json',
      'claude-code',
      'native.json: not Claude Code session (JSONL): ' +
        'one JSON document, not JSONL with one session event per line',
    ],
  ])('%s forced as %s gives that format’s reason, located', async (file, format, expected) => {
    expect(expectOneLineFailure(await run(['tokens', file, '--format', format]))).toBe(expected)
  })

  it('the wire shape, forced or detected, fails as it always did', async () => {
    // openai-chat.json's first message (line 31, column 5) has no "type".
    const forced = await run(['tokens', 'openai-chat.json', '--format', 'native'])
    expect(expectOneLineFailure(forced)).toBe(
      'openai-chat.json:31:5: message 0, field type: missing "type"',
    )
    // native-wrong-shape.json's third message has a number for "text" (line 4, column 32).
    const detected = await run(['check', 'native-wrong-shape.json', '--max-tokens', '100'])
    expect(expectOneLineFailure(detected)).toBe(
      'native-wrong-shape.json:4:32: message 2, field text: "text" is a number, not a string',
    )
  })

  it('truncated JSON is its syntax error, located, whatever format it was meant as', async () => {
    // openai-chat-truncated.json stops inside a string on line 6, after 38 characters.
    const line = expectOneLineFailure(await run(['tokens', 'openai-chat-truncated.json']))
    expect(line).toBe('openai-chat-truncated.json:6:39: malformed JSON: unexpected end of string')
  })

  it('text that does not open as JSON is not called malformed JSON; a known log that is not a conversation is named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ci-not-json-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await writeFile(join(dir, 'notes.md'), '# Notes\n\nNothing here is JSON.\n')
    // Aider writes its chat history so (aider/io.py): a heading a run, prompts as #### lines.
    await writeFile(
      join(dir, '.aider.chat.history.md'),
      '\n# aider chat started at 2026-12-07 09:00:00\n\n#### rename the helper\n\nDone.\n',
    )
    expect(expectOneLineFailure(await run(['tokens', 'notes.md'], dir))).toBe(
      'notes.md:1:1: not a conversation in any known format: not JSON or JSONL: invalid symbol',
    )
    expect(expectOneLineFailure(await run(['tokens', '.aider.chat.history.md'], dir))).toMatch(
      /^\.aider\.chat\.history\.md: not a conversation in any known format: Aider's chat history/,
    )
  })

  it("an empty logs.json is Gemini CLI's log of prompts, none typed yet, not an empty conversation", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ci-logs-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    // Gemini CLI and Qwen Code create it so (core/logger.ts, Logger.initialize).
    await writeFile(join(dir, 'logs.json'), '[]')
    expect(expectOneLineFailure(await run(['tokens', 'logs.json'], dir))).toMatch(
      /^logs\.json: not a conversation in any known format: Gemini CLI's \(or Qwen Code's\) logs\.json holds only the prompts typed \(this one none yet\)/,
    )
  })

  it('a Git LFS pointer committed in place of a session says so, whatever format is asked for', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ci-lfs-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    // The pointer's three lines, as the Git LFS specification (docs/spec.md) lays them out.
    const pointer =
      'version https://git-lfs.github.com/spec/v1\n' +
      `oid sha256:${'4d7a2146'.repeat(8)}\n` +
      'size 374464\n'
    await writeFile(join(dir, 'session-2025-11-01.json'), pointer)
    const expected =
      'session-2025-11-01.json: a Git LFS pointer, not the file: its content (374,464 bytes) is kept ' +
      `on the repository's LFS server; run "git lfs pull" in the repository, then open the file again`
    expect(expectOneLineFailure(await run(['tokens', 'session-2025-11-01.json'], dir))).toBe(
      expected,
    )
    expect(
      expectOneLineFailure(
        await run(['tokens', 'session-2025-11-01.json', '--format', 'gemini-cli'], dir),
      ),
    ).toBe(expected)
  })

  it("JSON in no format gets one located reason, not every parser's complaint", async () => {
    const r = await run(['prompt', 'no-format.json', '--max-tokens', '100'])
    expect(r.status).toBe(2)
    expect(r.stdout).toBe('')
    expect(errLines(r)).toEqual([
      'no-format.json:1:1: not a conversation in any known format: the object has no "messages" array',
    ])
  })

  it('a file that looks like one format names it, with the first reason it failed there', async () => {
    const line = expectOneLineFailure(await run(['tokens', 'openai-chat-wrong-shape.json']))
    expect(line).toBe(
      'openai-chat-wrong-shape.json:17:5: not a conversation in any known format; it looks most like OpenAI Chat Completions, but messages[3].tool_call_id: missing "tool_call_id"',
    )
  })
})

describe.concurrent('a broken JSONL line', () => {
  // claude-code-truncated.jsonl: line 3 is not JSON, line 6 is cut off mid-object. Lines 1, 2, 4
  // and 5 are a user turn, a reply, a user turn, a reply, each only text.
  const TEXTS = [
    'Rename getUser to fetchUser everywhere.',
    'Renaming in 4 files.',
    "Also the docs, s'il te plaît.",
    'Docs updated too.',
  ]
  const args = ['tokens', 'claude-code-truncated.jsonl', '--model', 'gpt-4o', '--json']

  it('is counted, and the rest loads', async () => {
    const r = await run(args)
    expect(r.status).toBe(0)
    expect(errLines(r)).toEqual([
      'claude-code-truncated.jsonl: 2 import warnings (use --verbose to list them)',
    ])
    // A Claude Code session goes over Anthropic's wire, which adds no framing of its own
    // (docs/tokens.md, "Wire overhead"): each message costs its text alone.
    expect(JSON.parse(r.stdout).tokens).toEqual(
      TEXTS.map((t) => textTokens(t) - REFERENCE_FRAMING_TOKENS),
    )
  })

  it('is named with its line number under --verbose', async () => {
    const r = await run([...args, '--verbose'])
    const warnings = errLines(r).filter((l) => l.includes(': warning '))
    expect(warnings).toEqual([
      expect.stringMatching(
        /^claude-code-truncated\.jsonl: warning line 3: truncated or malformed/,
      ),
      expect.stringMatching(
        /^claude-code-truncated\.jsonl: warning line 6: truncated or malformed/,
      ),
    ])
  })
})

describe.concurrent('apply --to', () => {
  const SUMMARY =
    'Mei asked about Kyoto: light rain, 18 °C; booked Sakura Terrace (120 $/night). 京都'
  // openai-chat.json: 9 messages, 368 tokens (o200k_base). At --max-tokens 300 (threshold 270) it
  // compacts; a quarter of 9 keeps the last 2, and the tools and system messages are hoisted.
  const apply = (file: string, to: string, ...more: string[]) =>
    run(['apply', file, '--max-tokens', '300', '--summary', SUMMARY, '--to', to, ...more])

  it('openai: a Chat Completions request with the summary right after the system prompt', async () => {
    const source = await fixture('openai-chat.json')
    const r = await apply('openai-chat.json', 'openai')
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(Object.keys(out).sort()).toEqual(['messages', 'model', 'tools'])
    expect(out.model).toBe('gpt-4o-2024-08-06')
    expect(out.tools).toEqual(source.tools)
    expect(out.messages).toEqual([
      source.messages[0],
      { role: 'user', content: SUMMARY },
      source.messages[6],
      source.messages[7],
    ])
  })

  it('anthropic: an Anthropic request with the summary as the first user message', async () => {
    const source = await fixture('anthropic.json')
    const r = await apply('anthropic.json', 'anthropic', '--model', 'claude-opus-4-1')
    expect(r.status).toBe(0)
    const out = JSON.parse(r.stdout)
    expect(out.model).toBe('claude-opus-4-1')
    expect(out.max_tokens).toEqual(expect.any(Number))
    expect(out.tools).toEqual(source.tools)
    const systemTexts = out.system.map((b: { text: string }) => b.text)
    expect(systemTexts).toEqual(source.system.map((b: { text: string }) => b.text))
    expect(out.messages[0]).toEqual({ role: 'user', content: SUMMARY })
    for (const m of out.messages) expect(['user', 'assistant']).toContain(m.role)
    // The last message is the fixture's closing reply, kept verbatim.
    expect(out.messages.at(-1)).toEqual(source.messages.at(-1))
  })

  it('from one provider to the other: a Chat Completions log as an Anthropic request', async () => {
    const r = await apply('openai-chat.json', 'anthropic')
    const out = JSON.parse(r.stdout)
    expect(out.system).toBe(
      "You are a travel assistant. Answer in the user's language when you can.",
    )
    expect(out.messages[0]).toEqual({ role: 'user', content: SUMMARY })
    expect(out.tools.map((t: { name: string }) => t.name)).toEqual(['get_weather', 'search_hotels'])
  })

  it('export notes are counted, and listed with --verbose', async () => {
    const quiet = await apply('anthropic.json', 'anthropic')
    expect(quiet.stderr).toMatch(/^<stdout>: \d+ export warnings? \(use --verbose to list them\)$/m)
    const verbose = await apply('openai-chat.json', 'openai', '--verbose')
    expect(verbose.stderr).toMatch(
      /^<stdout>: info messages\[2\]: summary written as a user message/m,
    )
  })

  it('refuses a format it cannot write, before reading FILE', async () => {
    const r = await apply('no-such-file.json', 'openai-responses')
    expect(expectOneLineFailure(r)).toBe(
      'apply: option --to: "openai-responses" is not one of native, openai, anthropic',
    )
  })

  it('round trip: apply --to openai -o, then tokens --format openai of the result', async () => {
    const dir = await mkdtemp(join(work, 'round-trip-'))
    const input = join(dir, 'openai-chat.json')
    await copyFile(join(FORMATS_DIR, 'openai-chat.json'), input)
    const out = join(dir, 'compacted.json')

    // -o still refuses FILE (after the import's warning count, as loading comes first).
    const refused = await apply(input, 'openai', '-o', input)
    expect(refused.status).toBe(2)
    expect(errLines(refused).at(-1)).toContain('refusing to overwrite the input file')
    expect(await readFile(input, 'utf8')).toBe(
      await readFile(join(FORMATS_DIR, 'openai-chat.json'), 'utf8'),
    )

    const applied = await apply(input, 'openai', '-o', out)
    expect(applied.status).toBe(0)
    expect(applied.stdout).toBe('')
    expect((await readdir(dir)).sort()).toEqual(['compacted.json', 'openai-chat.json'])
    // The -o line: 5 messages (tools, system, summary, the 2 kept), and their tokens.
    const wrote = /^.*compacted\.json: wrote 5 messages \(was 9\), (\d+) tokens/m.exec(
      applied.stderr,
    )
    expect(wrote).not.toBeNull()

    const r = await run(['tokens', out, '--format', 'openai', '--json'])
    expect(r.status).toBe(0)
    const report = JSON.parse(r.stdout)
    expect(report.model).toBe('gpt-4o-2024-08-06')
    expect(report.tokens).toHaveLength(5)
    // System prompt, summary and the closing reply are text only: tiktoken's count plus 4.
    const source = await fixture('openai-chat.json')
    expect(report.tokens[1]).toBe(textTokens(source.messages[0].content))
    expect(report.tokens[2]).toBe(textTokens(SUMMARY))
    expect(report.tokens[4]).toBe(textTokens(source.messages[7].content))
    // The tokens survive the trip: what apply counted is what the exported file costs.
    expect(report.total).toBe(Number(wrote![1]))
  })
})
