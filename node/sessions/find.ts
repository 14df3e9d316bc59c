/**
 * Lists the sessions under the engines' folders and the user's own: each found file's header is
 * read from its first and last few KB (headers.ts). Counting messages and compactions reads the
 * whole file, so it is a separate step (counts.ts), run only for the sessions that are shown.
 */
import { open } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { engineLabel, ENGINES, type EngineId } from './engines'
import { HEAD_BYTES, readHeader, sniffEngine, TAIL_BYTES, wholeLines } from './headers'
import { sessionRoots, type LocationContext, type SessionRoot } from './locations'
import { mapLimit, OPEN_FILES } from './map-limit'
import { walkRoots, type FoundFile } from './walk'
import type { FormatId } from '../../src/index'

/** Where to look: the OS's rules, and folders of the user's. */
export interface FindOptions {
  ctx: LocationContext
  /** Folders of the user's, searched a few levels deep, each log's engine told from its content. */
  folders?: readonly string[]
}

/** A session found on disk, with its path: for Node code only, never for the renderer. */
export interface FoundSession {
  engine: EngineId
  engineLabel: string
  /** The importer that reads it. */
  format: FormatId
  path: string
  /** The project: its working directory when the log says, else the folder the engine names. */
  project: string
  cwd?: string
  /** ISO 8601; undefined when the log's first KB hold no time. */
  started?: string
  /** ISO 8601: the log's last recorded time, else the file's modification time. */
  lastActive: string
  size: number
  model?: string
}

/** What a listing found, and what it refused. */
export interface Listing {
  sessions: FoundSession[]
  /** The folders looked in that exist (real paths). */
  searched: string[]
  /** Links leading out of a folder, refused unread. */
  refused: string[]
}

/** Every folder looked in: the engines' for this OS, then the user's. */
export function rootsFor(options: FindOptions): SessionRoot[] {
  const own = (options.folders ?? []).map((dir): SessionRoot => ({
    dir,
    layout: 'any',
    origin: 'a folder of yours',
  }))
  return [...sessionRoots(options.ctx), ...own]
}

/** Finds every session and reads its header; newest activity first. */
export async function findSessions(options: FindOptions): Promise<Listing> {
  const walked = await walkRoots(rootsFor(options))
  const read = await mapLimit(walked.files, OPEN_FILES, readSession)
  const sessions = read.filter((s): s is FoundSession => s !== undefined)
  sessions.sort((a, b) => b.lastActive.localeCompare(a.lastActive) || a.path.localeCompare(b.path))
  return { sessions, searched: walked.searched, refused: walked.refused }
}

async function readSession(file: FoundFile): Promise<FoundSession | undefined> {
  const { head, tail } = await readEnds(file.path, file.size).catch(() => ({
    head: undefined,
    tail: undefined,
  }))
  if (!head || !tail) return undefined
  const engine = file.engine ?? sniffEngine(basename(file.path), head)
  if (engine === undefined) return undefined
  const header = readHeader(engine, head, tail)
  const cwd = header.cwd ?? file.projectPath
  return {
    engine,
    engineLabel: engineLabel(engine),
    format: ENGINES.find((e) => e.id === engine)!.format,
    path: file.path,
    project: cwd ?? file.projectFolder ?? basename(dirname(file.path)),
    ...(cwd !== undefined ? { cwd } : {}),
    ...(header.started !== undefined ? { started: header.started } : {}),
    lastActive: header.lastActive ?? new Date(file.mtimeMs).toISOString(),
    size: file.size,
    ...(header.model !== undefined ? { model: header.model } : {}),
  }
}

// The first HEAD_BYTES and the whole lines of the last TAIL_BYTES (the same bytes, for a small file).
async function readEnds(path: string, size: number): Promise<{ head: Buffer; tail: Uint8Array }> {
  const handle = await open(path, 'r')
  try {
    const headLength = Math.min(size, HEAD_BYTES)
    const head = Buffer.alloc(headLength)
    await handle.read(head, 0, headLength, 0)
    if (size <= HEAD_BYTES) return { head, tail: head }
    const tailStart = Math.max(headLength, size - TAIL_BYTES)
    const tail = Buffer.alloc(size - tailStart)
    await handle.read(tail, 0, tail.length, tailStart)
    return { head, tail: wholeLines(tail, false) }
  } finally {
    await handle.close()
  }
}
