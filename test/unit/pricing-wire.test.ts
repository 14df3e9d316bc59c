import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  checkCompaction,
  countEachMessage,
  countMessagesTokens,
  importConversation,
  messageCost,
  requestOverhead,
  type Message,
} from '../../src/index'
import { gemmaCount, loadGemma, LOAD_GEMMA_MS } from './helpers/gemma'
import { REFERENCE_FRAMING_TOKENS, referenceCounts, tiktokenFor } from './helpers/tiktoken'

// OpenAI's cookbook "How to count tokens with tiktoken" (openai/openai-cookbook, examples/
// How_to_count_tokens_with_tiktoken.ipynb, commit c81359cd): its example messages, and the prompt
// sizes the OpenAI API reported for them, which the notebook prints.
const COOKBOOK_MESSAGES = [
  {
    role: 'system',
    content:
      'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.',
  },
  {
    role: 'system',
    name: 'example_user',
    content: 'New synergies will help drive top-line growth.',
  },
  {
    role: 'system',
    name: 'example_assistant',
    content: 'Things working well together will increase revenue.',
  },
  {
    role: 'system',
    name: 'example_user',
    content:
      "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.",
  },
  {
    role: 'system',
    name: 'example_assistant',
    content: "Let's talk later when we're less busy about how to do better.",
  },
  {
    role: 'user',
    content:
      "This late pivot means we don't have time to boil the ocean for the client deliverable.",
  },
]
const COOKBOOK_PROMPT_TOKENS: [string, number][] = [
  ['gpt-3.5-turbo', 129],
  ['gpt-4-0613', 129],
  ['gpt-4', 129],
  ['gpt-4o', 124],
  ['gpt-4o-mini', 124],
]

// Section 7: one tool, and the prompt sizes the API reported with it.
const COOKBOOK_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'get_current_weather',
      description: 'Get the current weather in a given location',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
          unit: {
            type: 'string',
            description: 'The unit of temperature to return',
            enum: ['celsius', 'fahrenheit'],
          },
        },
        required: ['location'],
      },
    },
  },
]
const COOKBOOK_TOOL_MESSAGES = [
  {
    role: 'system',
    content: 'You are a helpful assistant that can answer to questions about the weather.',
  },
  { role: 'user', content: "What's the weather like in San Francisco?" },
]
const COOKBOOK_TOOL_PROMPT_TOKENS: [string, number][] = [
  ['gpt-3.5-turbo', 105],
  ['gpt-4', 105],
  ['gpt-4o', 101],
  ['gpt-4o-mini', 101],
]

function requestEstimate(model: string, body: object): number {
  const imported = importConversation(JSON.stringify({ model, ...body }), 'openai')
  expect(imported.wire).toBe('openai-chat')
  const spec = { model, wire: imported.wire }
  return requestOverhead(spec) + countMessagesTokens(spec, imported.messages)
}

describe('OpenAI Chat framing, by the cookbook', () => {
  it('counts a role as one token: every Chat role is one in cl100k_base and o200k_base', () => {
    for (const encoding of ['cl100k_base', 'o200k_base']) {
      for (const role of ['system', 'developer', 'user', 'assistant', 'tool']) {
        expect(tiktokenFor(encoding).encode(role).length, `${role} in ${encoding}`).toBe(1)
      }
    }
  })

  it.each(COOKBOOK_PROMPT_TOKENS)(
    '%s: the example messages cost %i tokens, as the API reported',
    (model, reported) => {
      expect(requestEstimate(model, { messages: COOKBOOK_MESSAGES })).toBe(reported)
    },
  )

  it.each(COOKBOOK_TOOL_PROMPT_TOKENS)(
    '%s: the messages with the weather tool cost %i tokens, as the API reported',
    (model, reported) => {
      const body = { messages: COOKBOOK_TOOL_MESSAGES, tools: COOKBOOK_TOOLS }
      expect(requestEstimate(model, body)).toBe(reported)
    },
  )

  it('adds the reply priming to the check’s estimate, once per request', () => {
    const messages: Message[] = COOKBOOK_TOOL_MESSAGES.map((m) => ({
      type: m.role === 'system' ? 'instructions' : 'user',
      text: m.content,
    }))
    const spec = { model: 'gpt-4o', wire: 'openai-chat' as const }
    const encoder = tiktokenFor('o200k_base')
    // 3 per message, 1 for its role, the content; then 3 for the reply's priming.
    const expected = messages.reduce((n, m) => n + 3 + 1 + encoder.encode(m.text).length, 3)
    const check = checkCompaction(messages, { maxTokens: 1000, ...spec })
    expect(check.estimatedTokens).toBe(expected)
  })
})

describe('the native wire', () => {
  const messages: Message[] = [
    { type: 'user', text: 'hello there', payload: '{"name":"x"}' },
    { type: 'reasoning', text: 'thinking it over' },
    { type: 'user', text: 'and again' },
  ]

  it('keeps the seed’s rule: tokens of text + payload, plus 4, and nothing per request', () => {
    expect(countEachMessage('gpt-4o', messages)).toEqual(referenceCounts(messages))
    expect(countEachMessage({ model: 'gpt-4o', wire: 'native' }, messages)).toEqual(
      referenceCounts(messages),
    )
    expect(requestOverhead('gpt-4o')).toBe(0)
    expect(REFERENCE_FRAMING_TOKENS).toBe(4)
  })

  it('messageCost is the one cost: it gives what countEachMessage gives', () => {
    for (const wire of ['native', 'openai-chat', 'openai-responses', 'anthropic'] as const) {
      const spec = { model: 'gpt-4o', wire }
      // The last message is in the current turn, so no flag is in play.
      expect(messageCost(spec, messages[2])).toBe(countEachMessage(spec, messages)[2])
    }
  })
})

describe('Anthropic and Gemini framing', () => {
  it('adds nothing per message or per request: the calibration absorbs what there is', () => {
    const messages: Message[] = [{ type: 'user', text: 'What is the capital of France?' }]
    const bare = tiktokenFor('o200k_base').encode('What is the capital of France?').length
    for (const wire of ['anthropic', 'gemini'] as const) {
      expect(countEachMessage({ model: 'gpt-4o', wire }, messages)).toEqual([bare])
      expect(requestOverhead({ model: 'gpt-4o', wire })).toBe(0)
    }
  })
})

describe('a tool result of Claude before Opus 4.7', () => {
  // docs/tokens.md, "Tool results at their own factor": the result's o200k_base count × 1.175, the
  // 16 tokens a message × 1.14, as for every other message.
  const output = 'src/app/page.tsx\nsrc/app/layout.tsx\nsrc/lib/ledger/rounding.ts\n'
  const result: Message = { id: 'toolu_1', type: 'activity', text: '', payload: output }
  const prose: Message = { type: 'user', text: output }
  const o200k = tiktokenFor('o200k_base').encode(output).length

  it('is priced at the factor measured on tool output; the rest at the generation’s', () => {
    const spec = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }
    expect(countEachMessage(spec, [result, prose])).toEqual([
      Math.round(1.175 * o200k + 1.14 * 16),
      Math.round(1.14 * (o200k + 16)),
    ])
  })

  it('is priced at one factor in the generations measured so, and unscaled in the native format', () => {
    // Opus 4.7 and later: 1.5 for all.
    expect(countEachMessage({ model: 'claude-opus-4-8', wire: 'anthropic' }, [result])).toEqual([
      Math.round(1.5 * (o200k + 16)),
    ])
    const native = countEachMessage({ model: 'claude-sonnet-4-5', wire: 'native' }, [result])
    expect(native).toEqual([o200k + 4])
  })

  it(
    'is priced for Gemini by Gemma 3’s vocabulary as the rest is, with nothing a message',
    async () => {
      // docs/tokens.md, "Gemini counted with Gemma 3's vocabulary": no factor, for results or text.
      await loadGemma()
      const gemini = { model: 'gemini-3-pro-preview', wire: 'gemini' as const }
      expect(countEachMessage(gemini, [result, prose])).toEqual([
        gemmaCount(output),
        gemmaCount(output),
      ])
    },
    LOAD_GEMMA_MS,
  )
})

describe('a Gemini function call', () => {
  // docs/tokens.md, "Gemini's function calls": Gemini reads a call as its name and its arguments;
  // the id is the client's, and the payload's JSON around the call is ours. Worked out by hand from
  // Gemma 3's counts (Gemini's vocabulary): the text, each name, each arguments object's compact
  // JSON, nothing a message.
  const o200k = (text: string) => tiktokenFor('o200k_base').encode(text).length
  beforeAll(loadGemma, LOAD_GEMMA_MS)
  const text = 'I will read the test config and the CI workflow.'
  const args = [
    { absolute_path: '/home/lea/shop/vitest.config.ts' },
    { absolute_path: '/home/lea/shop/.github/workflows/ci.yml' },
  ]
  const callsWith = (ids: string[]): Message => ({
    type: 'bot',
    text,
    payload: JSON.stringify({
      tool_calls: args.map((a, i) => ({ id: ids[i], name: 'read_file', arguments: a })),
    }),
  })
  const byHand = (said: string) =>
    gemmaCount(said) +
    2 * gemmaCount('read_file') +
    gemmaCount('{"absolute_path":"/home/lea/shop/vitest.config.ts"}') +
    gemmaCount('{"absolute_path":"/home/lea/shop/.github/workflows/ci.yml"}')
  const gemini = { model: 'gemini-2.5-pro', wire: 'gemini' as const }

  it('costs its name and its arguments, whatever its id', () => {
    const short = callsWith(['a', 'b'])
    const long = callsWith(['read_file-1759395612000-a1', 'read_file-1759395612000-b2'])
    expect(countEachMessage(gemini, [short, long])).toEqual([byHand(text), byHand(text)])
  })

  it('is priced so as Gemini CLI records it', () => {
    // gemini-cli.json: m-02 says the text above (with "I'll") and calls read_file twice.
    const file = join(import.meta.dirname, '../../testdata/formats/gemini-cli.json')
    const imported = importConversation(readFileSync(file, 'utf8'))
    const at = imported.messages.findIndex((m) => m.id === 'm-02')
    const spoken = "I'll read the test config and the CI workflow."
    expect(imported.messages[at].text).toBe(spoken)
    expect(countEachMessage(gemini, imported.messages)[at]).toBe(byHand(spoken))
  })

  it('stays its payload’s JSON on Anthropic’s wire, where the id is sent', () => {
    const claude = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }
    const message = callsWith(['toolu_01', 'toolu_02'])
    expect(countEachMessage(claude, [message])).toEqual([
      Math.round(1.14 * (o200k(text) + o200k(message.payload!) + 16)),
    ])
  })
})

describe('Korean text for Claude before Opus 4.7', () => {
  // docs/tokens.md, "Korean text": 0.5 tokens more for each Hangul syllable, before the factor,
  // rounded once a text. 결제 마감일은 베를린 시간 기준입니다 holds 16 syllables (2 + 4 + 3 + 2 + 5: 8).
  const korean = '결제 마감일은 베를린 시간 기준입니다'
  const o200k = (text: string) => tiktokenFor('o200k_base').encode(text).length

  it('adds half a token for each Hangul syllable, in text and results alike', () => {
    const claude = { model: 'claude-sonnet-4-6', wire: 'anthropic' as const }
    const result: Message = { id: 'toolu_1', type: 'activity', text: '', payload: korean }
    expect(countEachMessage(claude, [{ type: 'user', text: korean }, result])).toEqual([
      Math.round(1.14 * (o200k(korean) + 8 + 16)),
      Math.round(1.175 * (o200k(korean) + 8) + 1.14 * 16),
    ])
  })

  it('is not added for Opus 4.7 and later, or for a name only guessed to be Claude’s', () => {
    const message: Message = { type: 'user', text: korean }
    expect(countEachMessage({ model: 'claude-opus-4-8', wire: 'anthropic' }, [message])).toEqual([
      Math.round(1.5 * (o200k(korean) + 16)),
    ])
    expect(countEachMessage({ model: 'longcat-flash', wire: 'anthropic' }, [message])).toEqual([
      Math.round(1.14 * (o200k(korean) + 16)),
    ])
  })
})

describe('Chinese text for Claude before Opus 4.7', () => {
  // docs/tokens.md, "Chinese text": 0.15 tokens more for each Han character, before the factor,
  // rounded once a text. 发票的到期日按柏林时间计算 holds 13 Han characters (1.95, so 2); 请检查发票的
  // 到期日 9 (1.35, so 1); the kana and the ASCII none.
  const chinese = '发票的到期日按柏林时间计算'
  const o200k = (text: string) => tiktokenFor('o200k_base').encode(text).length
  const claude = { model: 'claude-sonnet-4-5-20250929', wire: 'anthropic' as const }

  it('adds 0.15 of a token for each Han character, in text, results and payloads alike', () => {
    const mixed = 'Run 请检查发票的到期日 on src/billing (ファイル)'
    const result: Message = { id: 'toolu_1', type: 'activity', text: '', payload: chinese }
    expect(
      countEachMessage(claude, [
        { type: 'user', text: chinese },
        { type: 'user', text: mixed },
        result,
      ]),
    ).toEqual([
      Math.round(1.14 * (o200k(chinese) + 2 + 16)),
      Math.round(1.14 * (o200k(mixed) + 1 + 16)),
      Math.round(1.175 * (o200k(chinese) + 2) + 1.14 * 16),
    ])
  })

  it(
    'is not added for the other families, for a name only guessed to be Claude’s, or natively',
    async () => {
      await loadGemma()
      const message: Message = { type: 'user', text: chinese }
      expect(countEachMessage({ model: 'claude-opus-4-8', wire: 'anthropic' }, [message])).toEqual([
        Math.round(1.5 * (o200k(chinese) + 16)),
      ])
      expect(
        countEachMessage({ model: 'gemini-3-pro-preview', wire: 'gemini' }, [message]),
      ).toEqual([gemmaCount(chinese)])
      // Another model behind Claude Code's wire is counted as Claude's family, without the Han rule.
      expect(countEachMessage({ model: 'longcat-flash', wire: 'anthropic' }, [message])).toEqual([
        Math.round(1.14 * (o200k(chinese) + 16)),
      ])
      expect(countEachMessage({ model: 'gpt-4o', wire: 'openai-chat' }, [message])).toEqual([
        o200k(chinese) + 4,
      ])
      expect(countEachMessage({ ...claude, wire: 'native' }, [message])).toEqual([
        o200k(chinese) + 4,
      ])
    },
    LOAD_GEMMA_MS,
  )
})

describe('Digits for Gemini', () => {
  // docs/tokens.md, "Gemini counted with Gemma 3's vocabulary": Gemini's tokenizer splits digits
  // (Gemma 3's technical report), so the vocabulary has a token for each digit and none for a run.
  const gemini = { model: 'gemini-2.5-pro', wire: 'gemini' as const }
  beforeAll(loadGemma, LOAD_GEMMA_MS)

  it('gives every digit a token of its own', () => {
    // 8 digits, 8 tokens; nothing is added a message.
    expect(countEachMessage(gemini, [{ type: 'user', text: '20261207' }])).toEqual([8])
    expect(countEachMessage(gemini, [{ type: 'user', text: '1499' }])).toEqual([4])
  })
})
