/**
 * The CLI run in this process on a fake home: every variable the sessions' location rules read is
 * emptied (an empty variable counts as unset) and HOME pointed at the home, before each test.
 */
import { beforeEach, vi } from 'vitest'
import { runCli } from '../../../cli/run-cli'
import { FOLDERS_VARIABLE, LOCATION_VARIABLES } from '../../../node/sessions/index'

/** Points the location rules at the home `home()` gives, before each test of the file. */
export function useSessionHome(home: () => string): void {
  beforeEach(() => {
    for (const name of [...LOCATION_VARIABLES, FOLDERS_VARIABLE]) vi.stubEnv(name, '')
    vi.stubEnv('HOME', home())
  })
}

/** Runs the CLI with ARGS at a terminal COLUMNS wide: its status, stdout, and stderr's lines. */
export async function runSessionsCli(args: string[], columns = 120) {
  let out = ''
  const err: string[] = []
  const status = await runCli(args, {
    out: (t) => void (out += t),
    err: (l) => void err.push(l),
    columns,
  })
  return { status, out, err }
}
