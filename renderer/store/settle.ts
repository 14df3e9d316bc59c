import type { Result } from '../../electron/contract'

/** What an error says, without its stack: the text the user is shown. */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/**
 * The host's answer as a Result. The contract returns errors as data; a host that rejects anyway
 * (an IPC channel gone, a server that went away) is shown the same way.
 */
export async function settle<T>(pending: Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await pending
  } catch (error) {
    return { ok: false, error: messageOf(error) }
  }
}
