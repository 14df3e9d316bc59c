import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RequestError, describeCounting, importConversation, modelLimits } from '../../src/index'
import { cutAt, infoAt, shape, warnings } from './formats-fixtures'

// crush.db (Crush's tables after all its migrations, written by SQLite:
// scripts/make-sqlite-fixtures.py): session s-main, whose summary m4 came after three messages;
// s-task, a subagent's, the newest; s-summed, which holds nothing after its summary; s-ended, of
// replies with nothing written; s-vertex and s-gvertex (Claude and Gemini on Vertex AI); s-paste,
// a prompt with two text files attached; s-old. opencode-go.db: the Go opencode's tables (no
// provider, no summary columns), times in milliseconds: g1, g2 (GitHub Copilot's), g3
// (Anthropic's), g4 (whose only reply has no parts), g5 (Anthropic's, with reasoning and unpaired
// tool parts). crush-0.12.db: Crush's tables before its is_summary_message migration, s-gpt (a
// reply of gpt-4o by the provider openai).
const DIR = resolve(import.meta.dirname, '../../testdata/sqlite')
const file = (name: string) => new Uint8Array(readFileSync(resolve(DIR, name)))

describe('Crush database', () => {
  it('is detected by its tables, and reads the newest session that is not a subagent’s', () => {
    const imported = importConversation(file('crush.db'))
    expect(imported).toMatchObject({ format: 'crush-db', detected: true, session: 's-main' })
    // Crush writes its times in seconds (strftime('%s')); the picker's are milliseconds.
    expect(imported.sessions).toEqual([
      {
        id: 's-task',
        title: 'Find callers',
        updated: 1764900400000,
        messages: 2,
        parent: 's-main',
      },
      { id: 's-main', title: 'Rename the helper', updated: 1764900300000, messages: 10 },
      { id: 's-summed', title: 'Summed up', updated: 1764860000000, messages: 2 },
      { id: 's-ended', title: 'Empty replies', updated: 1764850000000, messages: 8 },
      { id: 's-vertex', title: 'Claude on Vertex', updated: 1764840000000, messages: 2 },
      { id: 's-gvertex', title: 'Gemini on Vertex', updated: 1764835000000, messages: 2 },
      { id: 's-paste', title: 'Pasted files', updated: 1764830000000, messages: 2 },
      { id: 's-old', title: 'Earlier work', updated: 1764800000000, messages: 1 },
    ])
    expect(imported.model).toBe('claude-sonnet-4-5-20250929')
    // The provider "anthropic" sends over Anthropic's Messages API.
    expect(imported.wire).toBe('anthropic')
    expect(imported.systemPromptUnrecorded).toBe(true)
  })

  it('loads what the next request sends: the summary as the first message, then what came after', () => {
    const imported = importConversation(file('crush.db'))
    // m8 was written first but is the latest by created_at; m9 is a cancelled reply with nothing
    // in it, m10 a result whose call is not in the session: Crush sends neither.
    expect(shape(imported.messages)).toEqual([
      ['context', 'm4'],
      ['user', 'm5'],
      ['reasoning', undefined],
      ['bot', 'm6'],
      ['activity', 'toolu_02'],
      ['activity', 'toolu_03'],
      ['bot', 'm8'],
    ])
    const [summary, user, reasoning, bot, edited, failed, done] = imported.messages
    expect(summary.meta).toEqual({ compacted: true, droppedCount: 3 })
    expect(summary.text).toBe(
      'The user asked to rename parseRow to readRow; grep found its definition in src/rows.go.',
    )
    // A bang-mode shell command is sent after the prompt, as ToAIMessage writes it.
    expect(user.text).toBe(
      'Now update the tests too.\n\n$ go test ./...\nok  rows 0.01s\n(exit code 0)',
    )
    expect(reasoning.text).toBe('Two files to change.')
    expect(JSON.parse(reasoning.payload ?? '')).toEqual({ signature: 'c2lnLXR3bw==' })
    expect(JSON.parse(bot.payload ?? '')).toEqual({
      tool_calls: [
        { id: 'toolu_02', name: 'edit', arguments: { file: 'rows_test.go' } },
        { id: 'toolu_03', name: 'view', arguments: { file: 'rows.go' } },
      ],
    })
    expect(JSON.parse(edited.payload ?? '')).toEqual({ name: 'edit', content: 'edited' })
    expect(JSON.parse(failed.payload ?? '')).toEqual({
      name: 'view',
      content: 'file not found',
      is_error: true,
    })
    expect(done.text).toBe('Done: the tests use readRow.')
  })

  it('names in its report every message it leaves out, and why', () => {
    const imported = importConversation(file('crush.db'))
    expect(infoAt(imported, 'messages[0]')).toEqual([
      "3 messages before the session's latest summary: replaced by it; not loaded, as Crush no longer sends them",
    ])
    expect(infoAt(imported, 'messages[8]')).toEqual([
      'a reply with nothing written (cancelled); Crush does not send it',
    ])
    expect(warnings(imported)).toEqual([
      [
        'messages[9].parts[0]',
        'a tool result whose call the session does not hold; Crush does not send it',
      ],
    ])
  })

  it('finds a tool exchange the boundary cuts', () => {
    const { messages } = importConversation(file('crush.db'))
    // Keep from the first result on: its call (m6) is summarised away.
    const cut = cutAt(messages, 4).filter((f) => f.code === 'tool-exchange-cut')
    expect(cut.map((f) => f.callId)).toEqual(['toolu_02', 'toolu_03'])
  })

  it('reads a subagent’s session when it is chosen, and says which sessions there are otherwise', () => {
    const sub = importConversation(file('crush.db'), 'auto', { session: 's-task' })
    expect(shape(sub.messages)).toEqual([
      ['user', 'm20'],
      ['bot', 'm21'],
    ])
    expect(sub.model).toBe('claude-haiku-4-5')
    const missing = () => importConversation(file('crush.db'), 'auto', { session: 's-none' })
    expect(missing).toThrow(RequestError)
    expect(missing).toThrow(
      'no session "s-none" in this database; it holds 8: s-task, s-main, s-summed, …',
    )
  })

  it('reads the Go opencode’s tables, which have no provider or summary, times in milliseconds', () => {
    const imported = importConversation(file('opencode-go.db'))
    expect(imported).toMatchObject({
      format: 'crush-db',
      session: 'g1',
      model: 'gpt-4.1',
      wire: 'openai-chat',
    })
    expect(imported.sessions).toEqual([
      { id: 'g1', title: 'Fix the build', updated: 1714000001000, messages: 2 },
      { id: 'g2', title: 'Copilot', updated: 1713000003000, messages: 3 },
      { id: 'g3', title: 'Claude', updated: 1712000003000, messages: 3 },
      { id: 'g4', title: 'Plan only', updated: 1711000001000, messages: 2 },
      { id: 'g5', title: 'Thinking', updated: 1710000003000, messages: 4 },
    ])
    expect(imported.messages.map((m) => [m.type, m.text])).toEqual([
      ['user', 'Why does the build fail?'],
      ['bot', 'A missing import in main.go.'],
    ])
  })

  it('says why a reply with nothing written ended, and leaves it out as Crush does whatever the reason', () => {
    const imported = importConversation(file('crush.db'), 'auto', { session: 's-ended' })
    // preparePrompt skips every reply with no text, reasoning or call; a blank text is not empty
    // until ToAIMessage trims it, so m57 is sent, as an assistant message with nothing in it.
    expect(imported.messages.map((m) => [m.type, m.id, m.text])).toEqual([
      ['user', 'm50', 'First try.'],
      ['user', 'm52', 'Second try.'],
      ['user', 'm54', 'Third try.'],
      ['user', 'm56', 'Fourth try.'],
      ['bot', 'm57', ''],
    ])
    expect(infoAt(imported, 'messages[1]')).toEqual([
      'a reply with nothing written (the model ended its turn); Crush does not send it',
    ])
    expect(infoAt(imported, 'messages[3]')).toEqual([
      'a reply with nothing written (it reached its output limit); Crush does not send it',
    ])
    expect(infoAt(imported, 'messages[5]')).toEqual([
      'a reply with nothing written (it never finished); Crush does not send it',
    ])
  })

  it('takes the model and provider from the summary when nothing came after it', () => {
    const imported = importConversation(file('crush.db'), 'auto', { session: 's-summed' })
    expect(shape(imported.messages)).toEqual([['context', 'm41']])
    expect(imported.model).toBe('qwen/qwen3-coder')
    // OpenRouter is sent over Chat Completions.
    expect(imported.wire).toBe('openai-chat')
  })

  it('reads the Go opencode’s "provider.model" ids as the model its requests name', () => {
    const copilot = importConversation(file('opencode-go.db'), 'auto', { session: 'g2' })
    // copilot.go: copilot.gpt-4o is sent as gpt-4o, by the OpenAI client (Chat Completions).
    expect(copilot).toMatchObject({ model: 'gpt-4o', wire: 'openai-chat' })
    expect(infoAt(copilot, 'messages[1].model')).toEqual([
      '"copilot.gpt-4o" is the Go opencode\'s name for the model its requests call "gpt-4o"; counted as that',
    ])
    // Counted exactly, as gpt-4o, within gpt-4o's window (128,000, OpenAI's model page).
    expect(describeCounting(copilot.model ?? '', copilot.wire)).toMatchObject({ exact: true })
    expect(modelLimits(copilot.model ?? '')?.window).toBe(128_000)
    // anthropic.go: claude-3.7-sonnet is sent to Anthropic as claude-3-7-sonnet-latest.
    const claude = importConversation(file('opencode-go.db'), 'auto', { session: 'g3' })
    expect(claude).toMatchObject({ model: 'claude-3-7-sonnet-latest', wire: 'anthropic' })
  })

  it('keeps a cancelled empty reply where the Go opencode sends it: over Chat Completions, not Anthropic', () => {
    // openai.go and copilot.go convertMessages send an assistant message with no content;
    // anthropic.go leaves one with no blocks out.
    const copilot = importConversation(file('opencode-go.db'), 'auto', { session: 'g2' })
    expect(copilot.messages.map((m) => [m.type, m.id, m.text])).toEqual([
      ['user', 'g2-a', 'Stop.'],
      ['bot', 'g2-b', ''],
      ['user', 'g2-c', 'Go on.'],
    ])
    expect(infoAt(copilot, 'messages[1]')).toEqual([
      'a reply with nothing written (cancelled); the Go opencode still sends it, as an assistant message with no content',
    ])
    const claude = importConversation(file('opencode-go.db'), 'auto', { session: 'g3' })
    expect(shape(claude.messages)).toEqual([
      ['user', 'g3-a'],
      ['user', 'g3-c'],
    ])
    expect(infoAt(claude, 'messages[1]')).toEqual([
      'a reply with nothing written (cancelled); the Go opencode does not send it',
    ])
  })

  it('sends OpenAI’s replies over Chat Completions in a database of Crush before 0.13', () => {
    // Crush took up OpenAI's Responses API (coordinator.go, WithUseResponsesAPI) in 0.13.0-beta.1,
    // the release that first carries the migration adding is_summary_message; before it, its
    // OpenAI client built Chat Completions requests (internal/llm/provider/openai.go).
    const imported = importConversation(file('crush-0.12.db'))
    expect(imported).toMatchObject({
      format: 'crush-db',
      session: 's-gpt',
      model: 'gpt-4o',
      wire: 'openai-chat',
    })
    expect(shape(imported.messages)).toEqual([
      ['user', 'q1'],
      ['bot', 'q2'],
    ])
  })

  it('sends a Claude model on Vertex AI over Anthropic’s Messages API, and a Gemini model over Gemini’s', () => {
    // fantasy's Google provider, which Crush builds for Vertex AI, hands a model whose id holds
    // "claude" to its Anthropic client (providers/google/google.go, LanguageModel).
    const claude = importConversation(file('crush.db'), 'auto', { session: 's-vertex' })
    expect(claude).toMatchObject({ model: 'claude-sonnet-4@20250514', wire: 'anthropic' })
    const gemini = importConversation(file('crush.db'), 'auto', { session: 's-gvertex' })
    expect(gemini).toMatchObject({ model: 'gemini-2.5-pro', wire: 'gemini' })
  })

  it('sends a text file attached inside the prompt, as its text, under Crush’s line', () => {
    const imported = importConversation(file('crush.db'), 'auto', { session: 's-paste' })
    expect(shape(imported.messages)).toEqual([
      ['user', 'm70'],
      ['bot', 'm71'],
    ])
    const [user] = imported.messages
    // PromptWithTextAttachments: the trimmed prompt, Crush's line (not in the file), then each
    // file's text decoded from base64, in a tag naming its path.
    expect(user.text).toBe(
      "Review these.<file path='notes.txt'>\n\nfirst line\nsecond line\n</file>\n" +
        "<file path='todo.md'>\n\n- ship it\n</file>\n",
    )
    // The line, with its line breaks, is 23 tokens in o200k_base (counted once from Crush's
    // source); it is priced as that many tokens of text, once for both files.
    expect(JSON.parse(user.payload ?? '')).toEqual({
      unwritten: { what: "Crush's line before attached files", tokens: 23 },
    })
    expect(warnings(imported)).toEqual([])
    // One note for the two files, at both places.
    expect(infoAt(imported, 'messages[*].parts[*]')).toEqual([
      'a text file attached: Crush sends its text inside the prompt, after a line of its own that the file does not hold (counted as 23 tokens)',
    ])
  })

  it('takes a Go opencode session’s model from a reply with no parts when no other names one', () => {
    const imported = importConversation(file('opencode-go.db'), 'auto', { session: 'g4' })
    // copilot.o1 is sent as o1, over Chat Completions (copilot.go).
    expect(imported).toMatchObject({ model: 'o1', wire: 'openai-chat' })
    expect(shape(imported.messages)).toEqual([['user', 'g4-a']])
    expect(infoAt(imported, 'messages[1]')).toEqual([
      'a message with no parts; the Go opencode sends nothing for it',
    ])
  })

  it('reads a Go opencode session as the Go opencode sends it: no reasoning, unpaired tool parts as they are', () => {
    const imported = importConversation(file('opencode-go.db'), 'auto', { session: 'g5' })
    // Its clients send no reasoning back; cleanMessages and convertMessages add no result for a
    // call and drop no result for want of a call; g5-d, reasoning alone, is sent over Anthropic's
    // API as nothing.
    expect(imported.messages.map((m) => [m.type, m.id])).toEqual([
      ['user', 'g5-a'],
      ['bot', 'g5-b'],
      ['activity', 'toolu_g0'],
    ])
    expect(JSON.parse(imported.messages[1].payload ?? '')).toEqual({
      tool_calls: [{ id: 'toolu_g1', name: 'view', arguments: { file_path: 'main.go' } }],
    })
    expect(JSON.parse(imported.messages[2].payload ?? '')).toEqual({ name: 'view', content: 'old' })
    // At g5-b's and g5-d's reasoning.
    expect(infoAt(imported, 'messages[*].parts[*]')).toEqual([
      'reasoning: the Go opencode does not send it back; not loaded',
    ])
    expect(infoAt(imported, 'messages[3]')).toEqual([
      'a reply with only its reasoning (the model ended its turn); the Go opencode does not send it',
    ])
    expect(warnings(imported)).toEqual([
      ['messages[1].parts[1]', 'a tool call with no result: the Go opencode sends it without one'],
      [
        'messages[2].parts[0]',
        'a tool result whose call the session does not hold; the Go opencode sends it all the same',
      ],
    ])
  })
})
