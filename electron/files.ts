/**
 * Reading conversations and writing exports. Errors come back as short sentences the window can
 * show as they are; nothing here throws across IPC, and an export never replaces the opened file
 * unless the user said so.
 */
import { open, realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { ExportOutcome, ExportRequest, OpenedFile, Result } from './contract'
import { writeFileAtomic } from '../node/atomic-write'

/** The largest conversation file the window opens, in bytes. */
export const MAX_CONVERSATION_BYTES = 64 * 1024 * 1024

/** The native dialogs an export needs (see dialogs.ts for Electron's). */
export interface ExportDialogs {
  /** Asks where to save; null when the user cancels. */
  chooseSavePath(defaultPath: string): Promise<string | null>
  /** Asks whether to replace the conversation that is open; true only when the user agrees. */
  confirmReplaceSource(path: string): Promise<boolean>
}

/** Reads a conversation file's bytes, refusing directories and files over `maxBytes`. */
export async function readConversationFile(
  path: string,
  maxBytes = MAX_CONVERSATION_BYTES,
): Promise<Result<OpenedFile>> {
  try {
    const handle = await open(path, 'r')
    try {
      const info = await handle.stat()
      if (info.isDirectory())
        return failure(`EISDIR: ${path}: is a folder, not a conversation file`)
      if (!info.isFile()) return failure(`EINVAL: ${path}: is not a regular file`)
      if (info.size > maxBytes) {
        return failure(
          `EFBIG: ${path}: the file is ${megabytes(info.size)}; the inspector opens files up to ${megabytes(maxBytes)}`,
        )
      }
      // Bytes, not text: the renderer's worker parses them without making the whole file one
      // string (see src/json-bytes.ts). They cross IPC as a Uint8Array, and IPC sends the whole
      // memory under a view: a large file's Buffer owns its memory and goes as it is, while a
      // small one may sit in Node's shared pool, next to other data, and is copied out of it.
      const bytes = await handle.readFile()
      const content =
        bytes.byteLength === bytes.buffer.byteLength
          ? new Uint8Array(bytes.buffer as ArrayBuffer)
          : new Uint8Array(bytes)
      return { ok: true, value: { path, name: basename(path), content } }
    } finally {
      await handle.close()
    }
  } catch (error) {
    return failure(describeFileError(error, path))
  }
}

/**
 * Saves an export where the user chooses. Choosing the opened conversation itself needs a second,
 * explicit yes; the bytes land through a temporary file and a rename, so a failed write leaves
 * whatever was at the path untouched.
 */
export async function saveExport(
  request: ExportRequest,
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
      return `EISDIR: ${path}: is a folder, not a file`
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

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error }
}
