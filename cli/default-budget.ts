import { ENCODINGS, formatNumber, type OfferedWindow } from '../src/index'
import type { ParsedArgs } from './args'
import { CliError } from './errors'

/**
 * The budget a command uses when --max-tokens is not given: the window the log says its engine ran
 * the model with (a Codex rollout's), else the model's context window (offeredWindow, which the
 * app offers as "Use this model's window"); refused, naming the model, when neither is known.
 */
export function defaultBudget(
  command: string,
  model: string,
  window: OfferedWindow | null,
): OfferedWindow {
  if (window === null) {
    // Counted with a vocabulary, not a model (the file names none, or --model gave one).
    const whose =
      model === ''
        ? 'the file names no model; give --model NAME to use its context window'
        : (ENCODINGS as readonly string[]).includes(model)
          ? `no model's context window is known: the tokens are counted with ${model}`
          : `the model ${JSON.stringify(model)} has no known context window`
    throw new CliError(`${command}: missing --max-tokens N (the context budget; ${whose})`)
  }
  return window
}

/** The line that says which budget a command took, on stderr. */
export function defaultBudgetLine(command: string, model: string, window: OfferedWindow): string {
  return (
    `${command}: no --max-tokens: the budget is ${formatNumber(window.tokens)} tokens, ` +
    `${model}'s context window (${window.source}); give --max-tokens N for another`
  )
}

/** The args with --max-tokens set, so the other options are checked before the file is read. */
export function withPlaceholderBudget(args: ParsedArgs): ParsedArgs {
  return { ...args, values: { ...args.values, 'max-tokens': '1' } }
}
