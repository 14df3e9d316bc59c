import {
  countEachMessage,
  describeReason,
  formatNumber,
  OptionError,
  planCompaction,
  type Check,
  type CompactionPlan,
  type Options,
} from '../src/index'
import {
  checkOptions,
  hiddenTokensValue,
  optionErrorLine,
  singleFile,
  stringValue,
  type ParsedArgs,
} from './args'
import { defaultBudget, defaultBudgetLine, withPlaceholderBudget } from './default-budget'
import type { Io } from './command'
import { CliError } from './errors'
import { loadConversation, type LoadedConversation } from './load'
import { hiddenContext, type HiddenContext } from './usage-report'

/** A conversation with the check's options, its per-message tokens, the plan and its check. */
export interface CheckedConversation extends LoadedConversation {
  options: Options
  counts: number[]
  plan: CompactionPlan
  check: Check
  /** What --hidden-tokens added to the estimate; null without it. */
  hidden: HiddenContext | null
}

/** Loads FILE and runs the compaction check with the command line's options. */
export async function checkFile(
  command: string,
  args: ParsedArgs,
  io: Io,
): Promise<CheckedConversation> {
  const file = singleFile(command, args.positionals)
  // Options first: a typo in a flag is reported before the file is read. Without --max-tokens
  // the budget is the model's window, known once the file is read.
  const budgetGiven = stringValue(args, 'max-tokens') !== undefined
  const options: Options = checkOptions(command, budgetGiven ? args : withPlaceholderBudget(args))
  const hiddenFlag = hiddenTokensValue(command, args)
  const loaded = await loadConversation(command, file, args, io)
  if (!budgetGiven) {
    const model = loaded.spec.model
    const window = defaultBudget(command, model, loaded.offeredWindow)
    options.maxTokens = window.tokens
    io.err(defaultBudgetLine(command, model, window))
  }
  options.model = loaded.spec.model
  options.wire = loaded.spec.wire
  const counts = countEachMessage(loaded.spec, loaded.messages)
  const hidden = hiddenContext(command, hiddenFlag, loaded, counts)
  if (hidden) options.hiddenTokens = hidden.tokens
  let plan: CompactionPlan
  try {
    plan = planCompaction(loaded.messages, options, counts)
  } catch (error) {
    // The flags are validated above; this only fires if the core's rules grow stricter.
    if (error instanceof OptionError) throw new CliError(optionErrorLine(command, error))
    throw error
  }
  return { ...loaded, options, counts, plan, check: plan.check, hidden }
}

/** The error for a command that needs a compaction when the check declines: why, in one line. */
export function declined(checked: CheckedConversation, what: string): CliError {
  const { check, file } = checked
  return new CliError(
    `${file}: ${what}: the check declines (${check.reason}): ${describeReason(check.reason)} ` +
      `Estimated ${formatNumber(check.estimatedTokens)} tokens, threshold ${formatNumber(check.threshold)}.`,
  )
}
