import { describe, expect, it } from 'vitest'
import {
  EXPORT_FORMATS,
  FORMAT_CHOICES,
  FORMATS,
  FORMAT_INFO,
  FormatError,
  importConversation,
  isFormatId,
} from '../../src/index'
import { fixture } from './formats-fixtures'

describe('format detection', () => {
  it.each([
    ['native.json', 'native'],
    ['openai-chat.json', 'openai'],
    ['openai-responses.json', 'openai-responses'],
    ['anthropic.json', 'anthropic'],
    ['claude-code.jsonl', 'claude-code'],
    ['claude-code-compacted.jsonl', 'claude-code'],
    ['claude-code-truncated.jsonl', 'claude-code'],
    ['codex.jsonl', 'codex'],
    ['codex-compacted.jsonl', 'codex'],
    ['codex-legacy.jsonl', 'codex'],
    ['codex-first.json', 'codex'],
    ['openai-responses-list.json', 'openai-responses'],
    ['openai-responses-response.json', 'openai-responses'],
    ['claude-code-2.1.jsonl', 'claude-code'],
    ['gemini-cli.json', 'gemini-cli'],
    ['gemini-cli.jsonl', 'gemini-cli'],
    ['gemini-cli-checkpoint.json', 'gemini-cli'],
    ['pi.jsonl', 'pi'],
    ['swe-agent.traj', 'swe-agent'],
    ['swe-agent-legacy.traj', 'swe-agent'],
    ['mini-swe-agent-1.traj.json', 'swe-agent'],
    ['mini-swe-agent-2.traj.json', 'swe-agent'],
    ['mini-swe-agent-2-responses.traj.json', 'swe-agent'],
    ['cline.json', 'cline'],
    ['cline-xml.json', 'cline'],
    ['roo-code.json', 'cline'],
    ['api-traffic.jsonl', 'api-traffic'],
    ['api-traffic-openai.jsonl', 'api-traffic'],
    ['opencode.json', 'opencode'],
    ['droid.jsonl', 'droid'],
    ['droid-openai.jsonl', 'droid'],
    ['qwen-code.jsonl', 'qwen-code'],
    ['kimi-cli.jsonl', 'kimi-cli'],
    ['kimi-cli-compacted.jsonl', 'kimi-cli'],
    ['copilot-cli.jsonl', 'copilot-cli'],
    ['copilot-cli-compacted.jsonl', 'copilot-cli'],
    ['mistral-vibe.jsonl', 'mistral-vibe'],
    ['mistral-vibe-compacted.jsonl', 'mistral-vibe'],
    ['continue.json', 'continue'],
    ['continue-cli.json', 'continue'],
  ])('detects %s as %s', (name, format) => {
    const imported = importConversation(fixture(name))
    expect(imported.format).toBe(format)
    expect(imported.detected).toBe(true)
  })

  it("marks the agents' logs that do not record the system prompt their agent sends", () => {
    // Claude Code, Codex (before its rollouts held base instructions), Gemini CLI, Qwen Code, pi,
    // Droid, opencode, Crush, Cline and Continue keep their system prompt out of their logs; a request body, a
    // trajectory or traffic has it, and so does a Kimi CLI context file of 1.21.0 or later.
    const unrecorded = [
      'claude-code',
      'codex',
      'gemini-cli',
      'qwen-code',
      'pi',
      'droid',
      'opencode',
      'opencode-db',
      'crush-db',
      'cline',
      'continue',
      'mistral-vibe',
    ]
    for (const name of [
      'native.json',
      'openai-chat.json',
      'anthropic.json',
      'openai-responses.json',
      'claude-code-compacted.jsonl',
      'codex-legacy.jsonl',
      'gemini-cli.jsonl',
      'qwen-code.jsonl',
      'kimi-cli.jsonl',
      'copilot-cli.jsonl',
      'mistral-vibe.jsonl',
      'pi.jsonl',
      'droid.jsonl',
      'opencode.json',
      'swe-agent.traj',
      'roo-code.json',
      'continue.json',
      'api-traffic.jsonl',
    ]) {
      const imported = importConversation(fixture(name))
      expect(imported.systemPromptUnrecorded, name).toBe(
        unrecorded.includes(imported.format) ? true : undefined,
      )
    }
  })

  it('reads plain role/content messages as Chat Completions and says what else they fit', () => {
    const text = JSON.stringify([
      { role: 'user', content: 'Ça va ?' },
      { role: 'assistant', content: 'Très bien, merci.' },
    ])
    const imported = importConversation(text)
    expect(imported.format).toBe('openai')
    expect(imported.messages).toEqual([
      { type: 'user', text: 'Ça va ?' },
      { type: 'bot', text: 'Très bien, merci.' },
    ])
    expect(imported.report).toEqual([
      {
        severity: 'info',
        path: '',
        problem:
          'read as OpenAI Chat Completions; it also reads as Anthropic Messages, OpenAI Responses (choose one to override)',
      },
    ])
    // Forcing another format that fits gives the same messages, without the note.
    const forced = importConversation(text, 'anthropic')
    expect(forced).toMatchObject({ format: 'anthropic', detected: false, report: [] })
    expect(forced.messages).toEqual(imported.messages)
  })

  it('prefers the format that leaves fewer fields unexplained', () => {
    // Anthropic's top-level system prompt is a stray field to a Chat Completions reader.
    const text = JSON.stringify({
      model: 'claude-opus-4-1',
      system: 'Be terse.',
      messages: [{ role: 'user', content: 'Hi' }],
    })
    const imported = importConversation(text)
    expect(imported.format).toBe('anthropic')
    expect(imported.messages[0]).toEqual({ type: 'instructions', text: 'Be terse.' })
  })

  it('accepts a byte-order mark', () => {
    const imported = importConversation('\ufeff' + fixture('openai-chat.json'))
    expect(imported.format).toBe('openai')
  })

  it('rejects an unknown format name, listing the choices', () => {
    expect(() => importConversation('[]', 'gemini' as never)).toThrow(
      `unknown format "gemini"; expected one of ${FORMAT_CHOICES.join(', ')}`,
    )
  })

  it('describes every format for the picker and the --format flag', () => {
    // One table: the ids, labels, choices and export formats all come from its rows.
    expect(FORMAT_INFO.map((f) => [f.id, f.canExport])).toEqual([
      ['native', true],
      ['openai', true],
      ['anthropic', true],
      ['openai-responses', false],
      ['claude-code', false],
      ['codex', false],
      ['gemini-cli', false],
      ['qwen-code', false],
      ['kimi-cli', false],
      ['copilot-cli', false],
      ['mistral-vibe', false],
      ['pi', false],
      ['droid', false],
      ['opencode', false],
      ['opencode-db', false],
      ['crush-db', false],
      ['swe-agent', false],
      ['cline', false],
      ['continue', false],
      ['api-traffic', false],
    ])
    expect(FORMATS.map((f) => f.label)).toEqual([
      'Compaction Inspector (native)',
      'OpenAI Chat Completions',
      'Anthropic Messages',
      'OpenAI Responses',
      'Claude Code session (JSONL)',
      'OpenAI Codex CLI rollout',
      'Gemini CLI session',
      'Qwen Code session (JSONL)',
      'Kimi CLI context (JSONL)',
      'GitHub Copilot CLI session (JSONL)',
      'Mistral Vibe session',
      'pi coding-agent session (JSONL)',
      'Factory Droid session (JSONL)',
      'opencode session (export)',
      'opencode or Kilo database',
      'Crush database',
      'SWE-agent or mini-swe-agent trajectory',
      'Cline / Roo Code task history',
      'Continue session',
      'API traffic log ({request, response} pairs)',
    ])
    expect(FORMAT_CHOICES).toEqual(['auto', ...FORMATS.map((f) => f.id)])
    expect(FORMAT_CHOICES.slice(0, 3)).toEqual(['auto', 'native', 'openai'])
    expect(EXPORT_FORMATS).toEqual(['native', 'openai', 'anthropic'])
    expect(isFormatId('anthropic')).toBe(true)
    expect(isFormatId('auto')).toBe(false)
  })

  it('throws FormatError for a forced format that does not fit', () => {
    expect(() => importConversation(fixture('anthropic.json'), 'openai')).toThrow(FormatError)
  })
})
