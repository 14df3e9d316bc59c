import { isObject } from './json-shape'
import type { NoteSink } from './report'

const PLAN_NOTE =
  "ExitPlanMode's plan and planFilePath: Claude Code records them for its own display and takes them out of the call before each request, so they are not counted or exported"

/**
 * What Claude Code sends as a tool call's input, where the session file records more. ExitPlanMode's
 * input schema in Claude Code 2.1 is empty: when the model calls it, Claude Code reads the plan from
 * its plan file and writes it into the recorded input (`plan`, with `planFilePath`) for the
 * transcript and the UI, then takes both fields out again when it builds each request
 * (`normalizeToolInputForAPI`, `src/utils/api.ts`, Claude Code 2.1.88; docs/formats/claude-code.md).
 * A recorded plan is thousands of tokens the model never reads back, so the call is read as it is
 * sent, and a note says what was left out. `planFilePath` marks the injected form: in 2.0 (its tool
 * definitions list `plan` as the tool's one parameter) the model wrote the plan itself and it was
 * sent, so an input with `plan` alone is read as recorded.
 */
export function sentToolInput(
  name: string,
  input: unknown,
  notes: NoteSink,
  where: () => string,
): unknown {
  if (name !== 'ExitPlanMode' || !isObject(input) || !('planFilePath' in input)) return input
  const { plan: _plan, planFilePath: _planFilePath, ...sent } = input
  notes.info(where(), PLAN_NOTE)
  return sent
}
