import { isObject } from './json-shape'

/**
 * A `tool_choice` that makes the model call a tool, in neither provider's form: one named tool,
 * or any of them. Such a choice changes the prompt (docs/tokens.md, "Wire overhead"), so the
 * import keeps it with the tools; a choice that leaves the model free (auto, none) is a setting.
 */
export type ForcedChoice = { tool: string } | { any: true }

/** OpenAI's choice of any tool: `"required"`. */
export const REQUIRED_CHOICE = 'required'

/**
 * The forced choice a request's `tool_choice` makes, in either form:
 * - Chat Completions: `{type: "function", function: {name}}`; the Responses API:
 *   `{type: "function", name}`; both: `"required"`, any of the tools;
 * - Anthropic Messages: `{type: "tool", name}` or `{type: "any"}`.
 */
export function forcedChoiceOf(choice: unknown): ForcedChoice | undefined {
  if (choice === REQUIRED_CHOICE) return { any: true }
  if (!isObject(choice)) return undefined
  if (choice.type === 'function') {
    // The Responses API names the function beside the type: {type: "function", name}.
    if (typeof choice.name === 'string') return { tool: choice.name }
    const fn = choice.function
    return isObject(fn) && typeof fn.name === 'string' ? { tool: fn.name } : undefined
  }
  if (choice.type === 'tool')
    return typeof choice.name === 'string' ? { tool: choice.name } : undefined
  return choice.type === 'any' ? { any: true } : undefined
}

/** A forced choice as Chat Completions writes it: any tool is `"required"`. */
export function chatToolChoice(choice: ForcedChoice): unknown {
  return 'tool' in choice ? { type: 'function', function: { name: choice.tool } } : REQUIRED_CHOICE
}

/**
 * A kept choice as Anthropic writes it: an Anthropic choice as it was (with its
 * `disable_parallel_tool_use`, if it had one), a Chat one in Anthropic's form.
 */
export function anthropicToolChoice(kept: unknown, choice: ForcedChoice): unknown {
  if (isObject(kept) && (kept.type === 'tool' || kept.type === 'any')) return kept
  return 'tool' in choice ? { type: 'tool', name: choice.tool } : { type: 'any' }
}
