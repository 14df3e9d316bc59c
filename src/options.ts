import { TRIGGER_RATIO, type Options } from './types'

/** Thrown when an option is out of range; names the option and the value it was given. */
export class OptionError extends Error {
  readonly option: string
  readonly value: unknown

  constructor(option: string, value: unknown, expected: string) {
    super(`option ${option}: ${describe(value)} is not ${expected}`)
    this.name = 'OptionError'
    this.option = option
    this.value = value
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
