// Writes testdata/corpus.json from the hand-written cases in corpus-cases.ts.
//
//   npm run corpus:update               check every case, then write the corpus
//   npm run corpus:update -- --counts   print each case's tiktoken counts, check nothing, write nothing
//
// Where each expected value comes from:
// - token counts: OpenAI's tiktoken, `encode_ordinary(text + payload).length + 4` per message,
//   never the core under test (o200k_harmony is counted with tiktoken's o200k_base: the same ranks
//   and pattern, under a name tiktoken does not have);
// - encoding, threshold, decision, reason and buckets: written by hand in each case, and checked
//   here against the rules as this script applies them itself, with tiktoken's counts;
// - the prompt and the applied bytes: the core's buildSummaryPrompt, applySummary and
//   serializeConversation. They are the contract other implementations match, so every change to
//   them shows in the corpus diff and is committed on purpose.
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { REFERENCE_FRAMING_TOKENS, referenceCounts } from '../test/unit/helpers/tiktoken'
import tiktokenModels from 'tiktoken/model_to_encoding.json' with { type: 'json' }
import { applySummary } from '../src/apply'
import { serializeConversation } from '../src/conversation'
import { buildSummaryPrompt } from '../src/prompt'
import type { Message } from '../src/types'
import { CASES, DEFAULT_SUMMARY, type CaseDefinition, type Reason } from './corpus-cases'

const CORPUS = resolve(import.meta.dirname, '../testdata/corpus.json')

// The rules, restated here rather than imported, so the corpus does not take its expectations from
// the code it tests.
const MIN_MESSAGES = 4
const KEEP_RECENT_RATIO = 0.25
const TRIGGER_RATIO = 0.9
const MESSAGE_OVERHEAD_TOKENS = REFERENCE_FRAMING_TOKENS
const ENCODING_NAMES = [
  'gpt2',
  'r50k_base',
  'p50k_base',
  'p50k_edit',
  'cl100k_base',
  'o200k_base',
  'o200k_harmony',
]

// OpenAI's tiktoken, shared with the test suites' oracle: text + payload, plus 4 of framing.
const referenceTokens = (encoding: string, m: Message): number => referenceCounts([m], encoding)[0]

interface Derived {
  threshold: number
  shouldCompact: boolean
  reason: Reason
  summarize: number[]
  keep: number[]
}

/** The check, from the rules: what the hand-written expectation must agree with. */
function derive(c: CaseDefinition, estimatedTokens: number): Derived {
  const n = c.messages.length
  const { maxTokens, keepRecentCount, triggerRatio = TRIGGER_RATIO } = c.options
  const threshold = maxTokens * triggerRatio
  const keepCount =
    keepRecentCount === undefined
      ? Math.max(1, Math.floor(n * KEEP_RECENT_RATIO))
      : Math.min(keepRecentCount, n)
  const head = n - keepCount
  const summarize: number[] = []
  const hoisted: number[] = []
  for (let i = 0; i < head; i++)
    (c.messages[i].type === 'instructions' ? hoisted : summarize).push(i)
  const tail = Array.from({ length: keepCount }, (_, i) => head + i)
  const declined = (reason: Reason): Derived => ({
    threshold,
    shouldCompact: false,
    reason,
    summarize: [],
    keep: Array.from({ length: n }, (_, i) => i),
  })
  if (estimatedTokens < threshold) return declined('below-threshold')
  if (n < MIN_MESSAGES) return declined('too-few-messages')
  if (summarize.length === 0) return declined('nothing-to-summarize')
  return { threshold, shouldCompact: true, reason: null, summarize, keep: [...hoisted, ...tail] }
}

/** Says where the hand-written encoding disagrees with tiktoken's own model table, if it does. */
function checkEncoding(c: CaseDefinition, encoding: string): string | undefined {
  const model = c.model ?? ''
  const known = (tiktokenModels as Record<string, string>)[model]
  if (model === '' && encoding !== 'o200k_base') return 'an empty model must use o200k_base'
  if (ENCODING_NAMES.includes(model) && encoding !== model) return `${model} names itself`
  if (known !== undefined && known !== encoding) return `tiktoken maps ${model} to ${known}`
  if (c.fellBack && (known !== undefined || encoding !== 'o200k_base')) {
    return 'a model that falls back must be unknown and use o200k_base'
  }
  return undefined
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The message in the wire shape's key order, as written in the corpus input. */
function wireOrder(m: Message): Message {
  return {
    ...(m.id !== undefined ? { id: m.id } : {}),
    type: m.type,
    text: m.text,
    ...(m.payload !== undefined ? { payload: m.payload } : {}),
    ...(m.meta !== undefined
      ? {
          meta: {
            compacted: m.meta.compacted,
            droppedCount: m.meta.droppedCount,
            ...(m.meta.summarizedIds !== undefined ? { summarizedIds: m.meta.summarizedIds } : {}),
          },
        }
      : {}),
  }
}

function buildCase(c: CaseDefinition, problems: string[]) {
  const encoding = c.encoding ?? 'o200k_base'
  const tokens = c.messages.map((m) => referenceTokens(encoding, m))
  const estimatedTokens = tokens.reduce((a, b) => a + b, 0)
  const derived = derive(c, estimatedTokens)
  const fail = (what: string) => problems.push(`${c.name}: ${what}`)

  const encodingProblem = checkEncoding(c, encoding)
  if (encodingProblem) fail(`encoding ${encoding}: ${encodingProblem}`)
  const { expect } = c
  if (!Object.is(expect.threshold, derived.threshold)) {
    fail(`threshold written ${expect.threshold}, the rules give ${derived.threshold}`)
  }
  for (const key of ['shouldCompact', 'reason', 'summarize', 'keep'] as const) {
    if (!same(expect[key], derived[key])) {
      fail(
        `${key} written ${JSON.stringify(expect[key])}, the rules give ${JSON.stringify(derived[key])}` +
          ` (estimatedTokens ${estimatedTokens}, threshold ${derived.threshold}, tokens [${tokens}])`,
      )
    }
  }

  const summary = c.summary ?? DEFAULT_SUMMARY
  const toSummarize = expect.summarize.map((i) => c.messages[i])
  const toKeep = expect.keep.map((i) => c.messages[i])
  const applied = expect.shouldCompact
    ? serializeConversation(applySummary(toKeep, summary, toSummarize))
    : null
  return {
    name: c.name,
    description: c.description,
    model: c.model ?? '',
    encoding,
    fellBack: c.fellBack ?? false,
    options: {
      maxTokens: c.options.maxTokens,
      ...(c.options.keepRecentCount !== undefined
        ? { keepRecentCount: c.options.keepRecentCount }
        : {}),
      ...(c.options.triggerRatio !== undefined ? { triggerRatio: c.options.triggerRatio } : {}),
    },
    messages: c.messages.map(wireOrder),
    summary,
    expected: {
      tokens,
      estimatedTokens,
      threshold: expect.threshold,
      shouldCompact: expect.shouldCompact,
      reason: expect.reason,
      messagesToSummarize: expect.summarize,
      messagesToKeep: expect.keep,
      prompt: buildSummaryPrompt(toSummarize),
      applied,
    },
  }
}

function printCounts(): void {
  for (const c of CASES) {
    const encoding = c.encoding ?? 'o200k_base'
    const tokens = c.messages.map((m) => referenceTokens(encoding, m))
    const total = tokens.reduce((a, b) => a + b, 0)
    const ratio = c.options.triggerRatio ?? TRIGGER_RATIO
    console.log(
      `${c.name.padEnd(48)} ${encoding.padEnd(13)} est ${String(total).padStart(5)}` +
        `  threshold ${c.options.maxTokens * ratio}  tokens [${tokens}]`,
    )
  }
}

function main(): void {
  if (process.argv.includes('--counts')) {
    printCounts()
    return
  }
  const names = new Set<string>()
  const problems: string[] = []
  for (const c of CASES) {
    if (names.has(c.name)) problems.push(`${c.name}: the name is used twice`)
    names.add(c.name)
  }
  const cases = CASES.map((c) => buildCase(c, problems))
  if (problems.length > 0) {
    console.error(`corpus:update: ${problems.length} expectation(s) disagree with the rules:`)
    for (const p of problems) console.error(`  ${p}`)
    process.exit(1)
  }
  const corpus = {
    description:
      'Behaviour of the compaction package, pinned case by case. testdata/README.md explains the format.',
    constants: {
      MIN_MESSAGES,
      KEEP_RECENT_RATIO,
      TRIGGER_RATIO,
      MESSAGE_OVERHEAD_TOKENS,
    },
    cases,
  }
  const text = JSON.stringify(corpus, null, 2) + '\n'
  let before = ''
  try {
    before = readFileSync(CORPUS, 'utf8')
  } catch {
    // No corpus yet.
  }
  writeFileSync(CORPUS, text)
  const compacting = cases.filter((c) => c.expected.shouldCompact).length
  console.log(
    `${CORPUS}: ${cases.length} cases (${compacting} compact, ${cases.length - compacting} decline)` +
      (before === text ? ', unchanged' : ', written'),
  )
}

main()
