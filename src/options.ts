import type { CountingSpec } from './pricing/cost'
import { EARLIER_THINKING } from './pricing/thinking-retention'
import { speaksOneMaker } from './pricing/families'
import { isWire, WIRES, type Wire } from './pricing/wire'
import { TRIGGER_RATIO, type Options } from './types'

/**
 * The model a surface proposes when neither the user nor the file names one. The core itself
 * counts an unset or empty model with the default encoding (o200k_base, which gpt-4o also uses).
 */
export const DEFAULT_MODEL = 'gpt-4o'

/**
 * The model a surface proposes for a file that names none: none ('') where the file's wire is
 * spoken by one maker's models alone, which counts as that maker's family (describeCounting), for
 * gpt-4o would be no model the file was sent to; else DEFAULT_MODEL.
 */
export function proposedModel(wire: Wire | undefined): string {
  return speaksOneMaker(wire) ? '' : DEFAULT_MODEL
}

/** The model and wire the options count with: an unset model is '' (the default encoding), an unset wire 'native'. */
export function countingSpecOf(
  options: Pick<Options, 'model' | 'wire' | 'thinking'>,
): Required<CountingSpec> {
  return {
    model: options.model ?? '',
    wire: options.wire ?? 'native',
    thinking: options.thinking ?? 'model',
  }
}

/** How people know each option: the labels the app's controls show. */
const OPTION_LABELS: Record<string, string> = {
  maxTokens: 'MaxTokens',
  keepRecentCount: 'KeepRecentCount',
  triggerRatio: 'TriggerRatio',
  model: 'Model',
  hiddenTokens: 'the tokens not in the file',
  thinking: 'earlier thinking',
}

/**
 * Thrown when an option is out of range; names the option and the value it was given. The message
 * uses the API's field name (`option maxTokens: …`), for code; `label` and `problem` are the words
 * for people (`MaxTokens`, `"12k" is not a positive integer`).
 */
export class OptionError extends Error {
  readonly option: string
  readonly value: unknown
  /** The option as the app labels it. */
  readonly label: string
  /** What is wrong with the value, without the option's name. */
  readonly problem: string
  /** What the value should have been: `a positive integer`. */
  readonly expected: string

  constructor(option: string, value: unknown, expected: string) {
    const problem = `${describe(value)} is not ${expected}`
    super(`option ${option}: ${problem}`)
    this.name = 'OptionError'
    this.option = option
    this.value = value
    this.label = OPTION_LABELS[option] ?? option
    this.problem = problem
    this.expected = expected
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value)
  return JSON.stringify(value) ?? String(value)
}

const isNonNegativeInteger = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0

/** Checks options against the rules and returns the trigger ratio and hidden tokens in force. Throws OptionError. */
export function validateOptions(options: Options): { triggerRatio: number; hiddenTokens: number } {
  if (options === null || typeof options !== 'object') {
    throw new OptionError('options', options, 'an object')
  }
  const { maxTokens, keepRecentCount, triggerRatio, model, hiddenTokens } = options
  if (!isNonNegativeInteger(maxTokens) || maxTokens === 0) {
    throw new OptionError('maxTokens', maxTokens, 'a positive integer')
  }
  validateKeepRecentCount(keepRecentCount)
  if (
    triggerRatio !== undefined &&
    !(typeof triggerRatio === 'number' && triggerRatio > 0 && triggerRatio <= 1)
  ) {
    throw new OptionError('triggerRatio', triggerRatio, 'a number in (0, 1]')
  }
  if (model !== undefined && typeof model !== 'string') {
    throw new OptionError('model', model, 'a string')
  }
  if (options.wire !== undefined && !isWire(options.wire)) {
    throw new OptionError('wire', options.wire, `one of ${WIRES.join(', ')}`)
  }
  if (options.thinking !== undefined && !EARLIER_THINKING.includes(options.thinking)) {
    const quoted = EARLIER_THINKING.map((rule) => `'${rule}'`)
    throw new OptionError(
      'thinking',
      options.thinking,
      `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`,
    )
  }
  if (hiddenTokens !== undefined && !isNonNegativeInteger(hiddenTokens)) {
    throw new OptionError('hiddenTokens', hiddenTokens, 'a non-negative integer')
  }
  return { triggerRatio: triggerRatio ?? TRIGGER_RATIO, hiddenTokens: hiddenTokens ?? 0 }
}

/** Throws OptionError unless keepRecentCount is unset or a non-negative integer. */
export function validateKeepRecentCount(keepRecentCount: unknown): void {
  if (keepRecentCount !== undefined && !isNonNegativeInteger(keepRecentCount)) {
    throw new OptionError('keepRecentCount', keepRecentCount, 'a non-negative integer')
  }
}
