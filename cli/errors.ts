/** Exit statuses. 1 is kept for a command that ran fine but found errors (diagnose). */
export const EXIT = {
  ok: 0,
  findings: 1,
  badInput: 2,
  /** A bug in the tool itself, as sysexits' EX_SOFTWARE: never a user's mistake. */
  internal: 70,
} as const

/** A failure the user can act on: one line for stderr, and the status to exit with. */
export class CliError extends Error {
  readonly exitCode: number

  constructor(line: string, exitCode: number = EXIT.badInput) {
    super(line)
    this.name = 'CliError'
    this.exitCode = exitCode
  }
}

/** A short reason for a failed file operation, in words rather than an errno dump. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory'
    case 'EISDIR':
      return 'is a directory'
    case 'ENOTDIR':
      return 'a parent in the path is not a directory'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'ENOSPC':
      return 'no space left on the device'
    case 'EROFS':
      return 'read-only file system'
    default:
      return error instanceof Error ? error.message : String(error)
  }
}
