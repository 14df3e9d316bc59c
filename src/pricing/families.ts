import { formatNumber } from '../numbers'
import { DEFAULT_ENCODING, ENCODINGS, listModels, resolveModel, type EncodingName } from '../tokens'
import { CALIBRATIONS, WITHIN_SHARE, type Calibration } from './calibration'
import type { OpenEncoding } from './open-vocabularies'
import type { Wire } from './wire'

/** Who makes a model, which decides how its tokens are counted. */
export type ModelFamily = 'openai' | 'anthropic' | 'google' | 'llama3' | 'qwen' | 'deepseek'

/** A vocabulary counting can use: one of OpenAI's, or an open model's own. */
export type CountingEncoding = EncodingName | OpenEncoding

/** Each family's name as the app and the CLI print it. */
export const FAMILY_LABELS: Readonly<Record<ModelFamily, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic Claude',
  google: 'Google Gemini',
  llama3: 'Meta Llama 3',
  qwen: 'Qwen',
  deepseek: 'DeepSeek',
}

/** How a model's tokens are counted, in data and in the words shown on screen. */
export interface CountingMethod {
  model: string
  family: ModelFamily
  familyLabel: string
  exact: boolean
  encoding: CountingEncoding
  /** The vocabulary's count is multiplied by this (1 for an exact family). */
  factor: number
  /** A tool result's count is multiplied by this instead (the factor, unless measured apart). */
  resultFactor: number
  /** Tokens added for each Han character before the factor (calibration.ts); 0 but where measured. */
  hanTokens: number
  /** Tokens added for each Hangul syllable before the factor (calibration.ts); 0 but where measured. */
  hangulTokens: number
  /**
   * On-screen words: "exact (o200k_base)", or "approximate: within ±N% of provider counts on 90%
   * of M requests".
   */
  method: string
  /** Only for an unknown name: "counted as <family> (approximation)". */
  warning?: string
  /** The calibrated generation an approximate count follows, when one covers the name. */
  generation?: string
}

// The open families: each one's vocabulary, and the names that are its models. `coder-model` is
// the model Qwen Code's Qwen sign-in sends (DEFAULT_QWEN_MODEL, "Qwen 3.7 Max" in
// @qwen-code/qwen-code 0.24.4), which Qwen Code itself counts as Qwen (isQwenFamilyWireModel).
// A session measured with it meets the growth target as closely as with o200k_base, a little
// closer (docs/tokens.md).
const OPEN_FAMILIES: readonly { family: ModelFamily; encoding: OpenEncoding; name: RegExp }[] = [
  { family: 'llama3', encoding: 'llama3', name: /llama[-_ ]?3/ },
  { family: 'qwen', encoding: 'qwen2', name: /qwen|^coder-model$/ },
  { family: 'deepseek', encoding: 'deepseek_v3', name: /deepseek/ },
]

// Names that look like OpenAI's own even where gpt-tokenizer's table has no entry for them yet.
const OPENAI_LIKE = /^(gpt|chatgpt|o\d|codex|text-|davinci|babbage|ft:gpt)/

// Names of another maker's models that reach Anthropic's wire through its compatible endpoints:
// MiniMax (pi-ai's catalog serves MiniMax-M2.x over `anthropic-messages`), Moonshot's Kimi (the
// same catalog's `k2p5` and `kimi-k2-thinking` of provider kimi-coding, and vercel-ai-gateway's
// `moonshotai/kimi-k2…`) and Zhipu's GLM (behind Claude Code). Their own vocabularies are not
// Claude's: they are not counted as Claude for the wire they came over (docs/tokens.md, "Methods
// by family").
const OTHER_MAKERS = /minimax|glm|kimi|^k2p\d/

/**
 * The part of a name that names the model: without a router's or cloud's prefix (`anthropic/…`,
 * `models/…`, `openai/…`). Bedrock's `us.anthropic.claude-…-v1:0` and Vertex's `claude-…@date`
 * keep the family's word, which is all the families look for.
 */
export function modelStem(model: string): string {
  const slash = model.lastIndexOf('/')
  return (slash === -1 ? model : model.slice(slash + 1)).trim()
}

const methods = new Map<string, CountingMethod>()

/**
 * How a model's tokens are counted: its family, vocabulary and factor, and the words to show.
 * An unknown name is counted as the family its name suggests, else the one of the `wire` the file
 * came in, else OpenAI's o200k_base, and says so in `warning`. On the native wire a calibrated
 * family is counted by the package's own rule, its vocabulary uncalibrated (factor 1): the golden
 * corpus is counted so. Without a wire, the family's own method.
 */
export function describeCounting(model: string, wire?: Wire): CountingMethod {
  const key = `${wire ?? ''}\u0000${model}`
  let method = methods.get(key)
  if (!method) {
    method = resolveCounting(model, wire)
    if (wire === 'native' && method.factor !== 1) method = uncalibrated(method)
    if (methods.size > 1000) methods.clear()
    methods.set(key, method)
  }
  return method
}

// A count with no rule for Han characters or Hangul syllables beside the vocabulary's.
const NO_CHARACTER_RULES = { hanTokens: 0, hangulTokens: 0 } as const

function uncalibrated(method: CountingMethod): CountingMethod {
  return {
    ...method,
    factor: 1,
    resultFactor: 1,
    ...NO_CHARACTER_RULES,
    method: `approximate (${method.encoding}, uncalibrated in the native format)`,
  }
}

function resolveCounting(model: string, wire: Wire | undefined): CountingMethod {
  // A file that names no model was still sent to one, and its wire says whose: Gemini CLI speaks
  // only to Gemini, Anthropic's API only to Claude. Counted as that family, said to be a guess.
  if (model === '' && speaksOneMaker(wire)) return guessed(model, guessFamily('', wire))
  if (model === '' || (ENCODINGS as readonly string[]).includes(model)) {
    return exact(model, 'openai', resolveModel(model).encoding)
  }
  // OpenAI's names are case-sensitive, as gpt-tokenizer's and tiktoken's tables are.
  const name = modelStem(model)
  for (const candidate of [model, name]) {
    const openai = resolveModel(candidate)
    if (!openai.fellBack) return exact(model, 'openai', openai.encoding)
  }
  const stem = name.toLowerCase()
  if (stem.includes('claude')) return approximate(model, 'anthropic', stem)
  // Gemma shares Gemini's tokenizer (Gemma 3's technical report; calibration.ts).
  if (stem.includes('gemini') || stem.includes('gemma')) return approximate(model, 'google', stem)
  for (const open of OPEN_FAMILIES) {
    if (open.name.test(stem)) return exact(model, open.family, open.encoding)
  }
  return guessed(model, guessFamily(stem, wire))
}

/** Whether only one maker's models speak the wire: Anthropic's and Gemini's APIs. */
export function speaksOneMaker(wire: Wire | undefined): boolean {
  return wire === 'anthropic' || wire === 'gemini'
}

function guessFamily(stem: string, wire: Wire | undefined): 'openai' | 'anthropic' | 'google' {
  if (OPENAI_LIKE.test(stem) || OTHER_MAKERS.test(stem)) return 'openai'
  if (wire === 'anthropic') return 'anthropic'
  if (wire === 'gemini') return 'google'
  return 'openai'
}

function exact(model: string, family: ModelFamily, encoding: CountingEncoding): CountingMethod {
  return {
    model,
    family,
    familyLabel: FAMILY_LABELS[family],
    exact: true,
    encoding,
    factor: 1,
    resultFactor: 1,
    ...NO_CHARACTER_RULES,
    method: `exact (${encoding})`,
  }
}

function approximate(model: string, family: 'anthropic' | 'google', stem: string): CountingMethod {
  const calibration = calibrationFor(family, stem)
  if (!calibration) return guessed(model, family)
  return {
    model,
    family,
    familyLabel: FAMILY_LABELS[family],
    exact: false,
    encoding: calibration.encoding,
    factor: calibration.factor,
    resultFactor: calibration.resultFactor ?? calibration.factor,
    hanTokens: calibration.hanTokens ?? 0,
    hangulTokens: calibration.hangulTokens ?? 0,
    method: calibratedWords(calibration),
    generation: calibration.generation,
  }
}

/** An unknown name: counted as its guessed family, and said to be an approximation. */
function guessed(model: string, family: 'openai' | 'anthropic' | 'google'): CountingMethod {
  const familyLabel = FAMILY_LABELS[family]
  const calibration = family === 'openai' ? undefined : calibrationFor(family, '')
  const encoding = calibration?.encoding ?? DEFAULT_ENCODING
  return {
    model,
    family,
    familyLabel,
    exact: false,
    encoding,
    factor: calibration?.factor ?? 1,
    resultFactor: calibration?.resultFactor ?? calibration?.factor ?? 1,
    // Not the generation's Han rule: it was measured on Claude's own tokenizer, and the other
    // models found behind Claude Code (LongCat) grow faster than the reports with it.
    ...NO_CHARACTER_RULES,
    method: calibration ? calibratedWords(calibration) : `approximate (${encoding})`,
    warning: `counted as ${familyLabel} (approximation)`,
    ...(calibration ? { generation: calibration.generation } : {}),
  }
}

// A family's generation that covers the name; '' asks for the family's last (broadest) one.
function calibrationFor(family: 'anthropic' | 'google', stem: string): Calibration | undefined {
  const own = CALIBRATIONS.filter((c) => c.family === family)
  return stem === '' ? own.at(-1) : own.find((c) => c.matches(stem))
}

/**
 * A family's rules for characters in words, "0.15 a Han character, 0.5 a Hangul syllable", or ''
 * where it has none.
 */
export function hanWords({
  hanTokens,
  hangulTokens,
}: Pick<CountingMethod, 'hanTokens' | 'hangulTokens'>): string {
  const rules: string[] = []
  if (hanTokens > 0) rules.push(`${hanTokens} a Han character`)
  if (hangulTokens > 0) rules.push(`${hangulTokens} a Hangul syllable`)
  return rules.join(', ')
}

/**
 * How a count is made from the vocabulary, in words: "o200k_base", "o200k_base × 1.14", or with
 * a family's Han rule "o200k_base × 1.14, plus 0.15 a Han character before the factor". Every
 * surface that states the scaling reads it here.
 */
export function scaledVocabularyWords(
  counting: Pick<CountingMethod, 'encoding' | 'factor' | 'hanTokens' | 'hangulTokens'>,
): string {
  const { encoding, factor } = counting
  const han = hanWords(counting)
  if (factor === 1 && han === '') return encoding
  return `${encoding} × ${factor}` + (han ? `, plus ${han} before the factor` : '')
}

function calibratedWords(c: Calibration): string {
  if (c.requests === 0) return 'approximate: not yet measured against provider counts'
  return `approximate: within ±${c.withinPct}% of provider counts on ${Math.round(WITHIN_SHARE * 100)}% of ${formatNumber(c.requests)} requests`
}

/**
 * Current models of the families without a table of their own, as real logs name them: what the
 * model picker offers besides OpenAI's. Any other spelling of them resolves too.
 */
export const FAMILY_MODELS: readonly string[] = [
  'claude-fable-5-2',
  'claude-fable-5-1',
  'claude-fable-5',
  'claude-mythos-5',
  'claude-opus-5-5',
  'claude-sonnet-5-5',
  'claude-haiku-5-5',
  'claude-opus-5',
  'claude-sonnet-5',
  'claude-opus-4-8',
  'claude-opus-4-7',
  'claude-opus-4-6',
  'claude-sonnet-4-6',
  'claude-opus-4-5',
  'claude-opus-4-5-20251101',
  'claude-sonnet-4-5',
  'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5',
  'claude-haiku-4-5-20251001',
  'claude-opus-4-1-20250805',
  'claude-opus-4-20250514',
  'claude-sonnet-4-20250514',
  'claude-3-7-sonnet-latest',
  'claude-3-5-haiku-latest',
  'gemini-4-argon',
  'gemini-4-carbon',
  'gemini-4-hydrogen',
  'gemini-3.8-flash',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.1-pro-preview',
  'gemini-3.1-pro-preview-customtools',
  'gemini-3.1-flash-lite',
  'gemini-3-pro-preview',
  'gemini-3-flash-preview',
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-2.0-flash',
  'gemma-4-31b-it',
  'gemma-3-27b-it',
  'llama-3.3-70b-instruct',
  'llama-3.1-8b-instruct',
  'qwen2.5-coder-32b-instruct',
  'qwen3-coder-480b-a35b-instruct',
  'deepseek-v4-pro',
  'deepseek-v4-flash',
  'deepseek-chat',
  'deepseek-reasoner',
  'deepseek-v3',
]

/** Every model the picker lists, with its family and counting method: other families, then OpenAI's. */
export function listCountingModels(): CountingMethod[] {
  return [...FAMILY_MODELS, ...listModels().map((m) => m.model)].map((m) => describeCounting(m))
}
