/**
 * Reading conversations and writing exports. Errors come back as short sentences the window can
 * show as they are; nothing here throws across IPC, and an export never replaces the opened file
 * unless the user said so.
 */
import { realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import {
  MAX_CONVERSATION_BYTES,
  type ExportOutcome,
  type OpenedFile,
  type Result,
} from '../electron/contract'
import { writeFileAtomic } from './atomic-write'
import { findCompanion } from './companion'
import { FileRefusal } from './regular-file'
import { readConversationBytes } from './write-ahead-log'

/** An export as main saves it: the renderer's request, its source token resolved to a path. */
export interface SaveRequest {
  /** The name proposed in the save dialog. */
  suggestedName: string
  /** The exact bytes to write, as text. */
  text: string
  /** The opened file, so the save never overwrites it without asking; null when there is none. */
  sourcePath: string | null
}

/** The native dialogs an export needs (see dialogs.ts for Electron's). */
export interface ExportDialogs {
  /** Asks where to save; null when the user cancels. */
  chooseSavePath(defaultPath: string): Promise<string | null>
  /** Asks whether to replace the conversation that is open; true only when the user agrees. */
  confirmReplaceSource(path: string): Promise<boolean>
}

/**
 * Reads a conversation file's bytes, refusing anything but a regular file (without waiting on a
 * FIFO or device) and files over `maxBytes`. The file has no token yet: main gives it one
 * (file-grants.ts) once it knows the user chose it.
 */
export async function readConversationFile(
  path: string,
  maxBytes = MAX_CONVERSATION_BYTES,
): Promise<Result<OpenedFile>> {
  try {
    // Bytes, not text: the renderer's worker parses them without making the whole file one
    // string (see src/json-bytes.ts). They cross IPC as a Uint8Array that owns its memory.
    const { bytes: content } = await readConversationBytes(path, maxBytes)
    // Not finding a companion is not a failed open: the import's report says what is missing.
    const search = await findCompanion(path, content, maxBytes)
    const companion =
      search.kind === 'found'
        ? { companion: { name: search.companion.name, content: search.companion.content } }
        : {}
    return { ok: true, value: { token: null, path, name: basename(path), content, ...companion } }
  } catch (error) {
    return failure(error instanceof FileRefusal ? error.message : describeFileError(error, path))
  }
}

/**
 * Saves an export where the user chooses. Choosing the opened conversation itself needs a second,
 * explicit yes; the bytes land through a temporary file and a rename, so a failed write leaves
 * whatever was at the path untouched.
 */
export async function saveExport(
  request: SaveRequest,
  dialogs: ExportDialogs,
): Promise<Result<ExportOutcome>> {
  const name = basename(request.suggestedName)
  const defaultPath = request.sourcePath ? join(dirname(request.sourcePath), name) : name
  const chosen = await dialogs.chooseSavePath(defaultPath)
  if (!chosen) return { ok: true, value: { status: 'cancelled' } }
  const target = resolve(chosen)
  if (request.sourcePath && (await samePath(target, request.sourcePath))) {
    if (!(await dialogs.confirmReplaceSource(target)))
      return { ok: true, value: { status: 'cancelled' } }
  }
  try {
    await writeFileAtomic(target, request.text)
  } catch (error) {
    return failure(describeFileError(error, target))
  }
  return { ok: true, value: { status: 'saved', path: target } }
}

/** Whether two paths name the same file, seeing through symbolic links and letter case where the file system ignores it. */
export async function samePath(a: string, b: string): Promise<boolean> {
  const [realA, realB] = await Promise.all([canonical(a), canonical(b)])
  if (realA === realB) return true
  const caseInsensitive = process.platform === 'darwin' || process.platform === 'win32'
  return caseInsensitive && realA.toLowerCase() === realB.toLowerCase()
}

/** One line for a file-system error, `CODE: path: what went wrong`, without a stack. */
export function describeFileError(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  switch (code) {
    case 'ENOENT':
      return `ENOENT: ${path}: no such file`
    case 'EACCES':
    case 'EPERM':
      return `${code}: ${path}: permission denied`
    case 'EISDIR':
      return `EISDIR: ${path}: is a directory, not a regular file`
    case 'ENOTDIR':
      return `ENOTDIR: ${path}: a part of the path is not a folder`
    case 'ENOSPC':
      return `ENOSPC: ${path}: no space left on the disk`
    case 'EROFS':
      return `EROFS: ${path}: the disk is read-only`
    default: {
      const message = error instanceof Error ? error.message : String(error)
      return code ? `${code}: ${path}: ${message}` : `${path}: ${message}`
    }
  }
}

async function canonical(path: string): Promise<string> {
  const absolute = resolve(path)
  try {
    return await realpath(absolute)
  } catch {
    // A file that does not exist yet cannot be the opened one, but its folder may be a link.
    try {
      return join(await realpath(dirname(absolute)), basename(absolute))
    } catch {
      return absolute
    }
  }
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error }
}
