/**
 * The files the user chose, as capabilities. Main reads a file only when the user chose it: in
 * the open dialog, on the command line, through the OS (open-file, a second launch) or from the
 * recent list main itself wrote. Each such path gets an opaque random token; the renderer holds
 * tokens and names, and asks for a file again by its token. A page that main did not hand a token
 * cannot name a file at all, whatever script runs in it.
 */
import { randomBytes } from 'node:crypto'
import type { FileToken, OpenedFile, Result } from '../electron/contract'
import { readConversationFile } from './files'

/** How many chosen paths main remembers; the oldest is forgotten first. */
export const MAX_FILE_GRANTS = 1000

/** The shape of every token main issues: 24 random bytes, base64url. */
export const FILE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/

/** The tokens main issued, and the paths they stand for. */
export interface FileGrants {
  /** The token for a path the user chose; the same one while it is remembered. */
  grant(path: string): FileToken
  /** The path a token stands for; null for anything main did not issue, or has forgotten. */
  pathOf(token: FileToken): string | null
}

/** Options for {@link createFileGrants}; tests pass a smaller limit. */
export interface FileGrantsOptions {
  limit?: number
  randomToken?: () => FileToken
}

/** An empty set of grants, for one run of main: tokens do not outlive the process. */
export function createFileGrants(options: FileGrantsOptions = {}): FileGrants {
  const limit = options.limit ?? MAX_FILE_GRANTS
  const randomToken = options.randomToken ?? (() => randomBytes(24).toString('base64url'))
  // Maps keep insertion order: the first entry is the one granted (or used) longest ago.
  const pathsByToken = new Map<FileToken, string>()
  const tokensByPath = new Map<string, FileToken>()

  const touch = (token: FileToken, path: string) => {
    pathsByToken.delete(token)
    pathsByToken.set(token, path)
    tokensByPath.set(path, token)
  }

  return {
    grant(path) {
      let token = tokensByPath.get(path)
      if (token === undefined) {
        do token = randomToken()
        while (pathsByToken.has(token))
      }
      touch(token, path)
      while (pathsByToken.size > limit) {
        const [oldToken, oldPath] = pathsByToken.entries().next().value as [FileToken, string]
        pathsByToken.delete(oldToken)
        tokensByPath.delete(oldPath)
      }
      return token
    },
    pathOf(token) {
      const path = pathsByToken.get(token)
      if (path === undefined) return null
      touch(token, path)
      return path
    },
  }
}

/**
 * Reads a file the user chose and gives it its token; a file that cannot be read gets none. For
 * a database, `session` is the one of its sessions the page is to show (OpenedFile.session).
 */
export async function openChosenFile(
  path: string,
  grants: FileGrants,
  read: (path: string) => Promise<Result<OpenedFile>> = readConversationFile,
  session?: string,
): Promise<Result<OpenedFile>> {
  const file = await read(path)
  if (!file.ok) return file
  const value = { ...file.value, token: grants.grant(path) }
  return { ok: true, value: session !== undefined ? { ...value, session } : value }
}
