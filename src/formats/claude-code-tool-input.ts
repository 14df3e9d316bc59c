import { isObject } from './json-shape'
import type { NoteSink } from './report'
import { versionIn } from './claude-code-version'

const PLAN_NOTE =
  "ExitPlanMode's plan and planFilePath: Claude Code records them for its own display and takes them out of the call before each request, so they are not counted or exported"

/** The same of an input of 2.0.54 on that holds `plan` without `planFilePath`. */
const PLAN_ALONE_NOTE =
  "ExitPlanMode's plan: Claude Code 2.0.54 and later take it out of the call before each request (it writes the plan from its plan file into the recorded call for its own display), so it is not counted or exported"

/**
 * What Claude Code sends as a tool call's input, where the session file records more. When the
 * model calls ExitPlanMode in plan-file mode, Claude Code reads the plan from its plan file and
 * writes it into the recorded input (`plan`, in 2.1 with `planFilePath`) for the transcript and the
 * UI; from 2.0.54 it takes `plan` out again when it builds each request, whether or not
 * `planFilePath` is there (`normalizeToolInputForAPI`, read in the npm packages' `cli.js` of
 * 2.0.53, 2.0.54, 2.0.58, 2.1.6, and in `src/utils/api.ts` of 2.1.88, which takes out both;
 * docs/formats/claude-code.md). A recorded plan is thousands of tokens the model never reads back,
 * so the call is read as it is sent, and a note says what was left out. Before 2.0.54 nothing was
 * taken out (2.0.0 – 2.0.36 list `plan` as the tool's one parameter, written by the model), so an
 * input of those versions, or of none named, with `plan` alone is read as recorded; `planFilePath`
 * marks the 2.1 form whatever the version.
 */
export function sentToolInput(
  name: string,
  input: unknown,
  version: string | undefined,
  notes: NoteSink,
  where: () => string,
): unknown {
  if (name !== 'ExitPlanMode' || !isObject(input)) return input
  const withPath = 'planFilePath' in input
  if (!withPath && !('plan' in input && versionIn(version, [2, 0, 54]))) return input
  const { plan: _plan, planFilePath: _planFilePath, ...sent } = input
  notes.info(where(), withPath ? PLAN_NOTE : PLAN_ALONE_NOTE)
  return sent
}
