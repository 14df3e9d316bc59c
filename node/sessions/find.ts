/**
 * Lists the sessions under the engines' folders and the user's own: each found file's header is
 * read from its first and last few KB (headers.ts). Counting messages and compactions reads the
 * whole file, so it is a separate step (counts.ts), run only for the sessions that are shown.
 */
import { open, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { engineLabel, ENGINES, type EngineId } from './engines'
import { readBeside } from './beside'
import { stringField } from './byte-scan'
import {
  endBytes,
  HEAD_BYTES,
  isClineSessionFile,
  readClineManifest,
  readVibeMeta,
  readHeader,
  sniffEngine,
  wholeLines,
  type SessionHeader,
} from './headers'
import { sessionRoots, type LocationContext, type SessionRoot } from './locations'
import { mapLimit, OPEN_FILES } from './map-limit'
import {
  codexSubagentOf,
  codexThreadId,
  droidSubagentOf,
  geminiSubagentOf,
  kimiSubagentOf,
  readAgentMeta,
  nameLine,
  subagentOf,
  type SubagentOf,
} from './subagents'
import { CODEX_SESSION_INDEX, codexThreadNames } from './titles'
import { CLINE_MESSAGES, isOpencodeDatabase, walkRoots, type FoundFile } from './walk'
import { opencodeDbSessions, type FormatId, type OpencodeDbSession } from '../../src/index'
import { readDatabase } from '../write-ahead-log'
import type { SessionCounts } from './counts'

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
  /**
   * For a session in a database (an opencode or Kilo one, which keeps every session in one file):
   * its id there, the session an import of the file reads (ReadChoice.session). Absent for a log
   * that is one session.
   */
  session?: string
  /** The project: its working directory when the log says, else the folder the engine names. */
  project: string
  /** The session's title, where its engine keeps one (titles.ts; an opencode session's in its database). */
  title?: string
  cwd?: string
  /** ISO 8601; undefined when the log's first KB hold no time. */
  started?: string
  /** ISO 8601: the log's last recorded time, else the file's modification time. */
  lastActive: string
  size: number
  model?: string
  /**
   * Set for a subagent's transcript (subagents.ts): its agent, and the session it belongs to when
   * that session is in the same listing (`parentKey`, that session's sessionKey; absent otherwise).
   */
  subagent?: SubagentOf
  /**
   * Its counts, when the listing read them with the row: a database's (an opencode or Kilo one),
   * which countSession would read whole again (sessionCounts).
   */
  counts?: SessionCounts
}

/** Where a listed session is: its file, and for a session in a database its id there. */
export type SessionPlace = Pick<FoundSession, 'path' | 'session'>

/**
 * What names a listed session in its listing: its path, and for a session in a database its id
 * there too (a database is a row per session), after a NUL, which no path holds.
 */
export function sessionKey(s: SessionPlace): string {
  return s.session === undefined ? s.path : `${s.path}\u0000${s.session}`
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
  const names = await codexNamesOf(walked.files)
  const read = await mapLimit(walked.files, OPEN_FILES, (file) => readSession(file, names))
  const sessions = read.flat().filter((s): s is FoundSession => s !== undefined)
  tieSubagents(sessions)
  sessions.sort(
    (a, b) =>
      b.lastActive.localeCompare(a.lastActive) || sessionKey(a).localeCompare(sessionKey(b)),
  )
  return { sessions, searched: walked.searched, refused: walked.refused }
}

/**
 * What a listing would say of one file, read alone: the session it holds, or for a database its
 * session SESSION (none without one: which session it shows is its import's choice). Its engine
 * is told from its content, as in a folder of the user's; a Codex rollout's name in its home's
 * index is not looked up. Undefined for a file that is no session an engine wrote, or that cannot
 * be read. The recent files take their titles from it.
 */
export async function readSessionFile(
  path: string,
  session?: string,
): Promise<FoundSession | undefined> {
  try {
    const info = await stat(path)
    if (!info.isFile()) return undefined
    const file: FoundFile = {
      ...(isOpencodeDatabase(path) ? { engine: 'opencode' as const } : {}),
      path,
      root: dirname(path),
      size: info.size,
      mtimeMs: info.mtimeMs,
    }
    const read = await readSession(file, new Map())
    if (!Array.isArray(read)) return read
    return session !== undefined ? read.find((s) => s.session === session) : undefined
  } catch {
    return undefined
  }
}

/** The largest `session_index.jsonl` read: some hundred thousand renames. */
const CODEX_INDEX_MAX_BYTES = 16 * 1024 * 1024

/**
 * The thread names in the `session_index.jsonl` of each Codex home searched (the folder that
 * holds the `sessions` or `archived_sessions` root), by home. Each is read once for the listing.
 */
async function codexNamesOf(files: readonly FoundFile[]): Promise<CodexNames> {
  const homes = new Set(files.filter((f) => f.engine === 'codex').map((f) => dirname(f.root)))
  const names: CodexNames = new Map()
  for (const home of homes) {
    const bytes = await readBeside(home, CODEX_SESSION_INDEX, CODEX_INDEX_MAX_BYTES)
    if (bytes !== undefined) names.set(home, codexThreadNames(bytes))
  }
  return names
}

type CodexNames = Map<string, Map<string, string>>

/** A Codex rollout's name in its home's index, before what the rollout's own ends say. */
function codexIndexTitle(file: FoundFile, names: CodexNames): string | undefined {
  const id = file.engine === 'codex' ? codexThreadId(file.path) : undefined
  return id === undefined ? undefined : names.get(dirname(file.root))?.get(id)
}

async function readSession(
  file: FoundFile,
  names: CodexNames,
): Promise<FoundSession | FoundSession[] | undefined> {
  if (file.engine !== undefined && isOpencodeDatabase(file.path)) {
    return readOpencodeDatabase(file, file.engine)
  }
  const ends = (span: number) =>
    readEnds(file.path, file.size, span).catch(() => ({ head: undefined, tail: undefined }))
  let { head, tail } = await ends(endBytes(file.engine))
  if (!head || !tail) return undefined
  const engine = file.engine ?? sniffEngine(basename(file.path), head)
  if (engine === undefined) return undefined
  // A file found outside an engine's folders is known only once its head is read.
  if (endBytes(engine) > endBytes(file.engine) && file.size > endBytes(file.engine)) {
    ;({ head, tail } = await ends(endBytes(engine)))
    if (!head || !tail) return undefined
  }
  let header = readHeader(engine, head, tail)
  const subagent = await subagentFile(engine, file.path, head)
  if (engine === 'cline' && file.path.endsWith(CLINE_MESSAGES) && isClineSessionFile(head)) {
    const manifest = await clineManifest(file.path)
    // A subagent's folder's manifest is its root session's: only the working directory is shared.
    header = withManifest(header, subagent && manifest ? { cwd: manifest.cwd } : manifest)
  }
  // A Vibe messages file records none of the columns (readHeader); its meta.json does.
  if (engine === 'mistral-vibe') header = (await vibeMeta(file.path)) ?? header
  const indexed = codexIndexTitle(file, names)
  if (indexed !== undefined) header = withTitle(header, indexed)
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
    ...(header.title !== undefined ? { title: header.title } : {}),
    ...(subagent !== undefined ? { subagent } : {}),
  }
}

/**
 * An opencode database (or Kilo CLI's), a row for each of its sessions that holds a message (the
 * database read with its write-ahead log): its folder, times, model and counts. A subagent's
 * session (one with a `parent_id`) is tied to its parent's row as every subagent is. A database
 * that is not opencode's is not listed.
 */
async function readOpencodeDatabase(file: FoundFile, engine: EngineId): Promise<FoundSession[]> {
  let sessions: OpencodeDbSession[]
  try {
    sessions = opencodeDbSessions(await readDatabase(file.path))
  } catch {
    return []
  }
  return sessions.map((session): FoundSession => {
    const cwd = session.directory !== '' ? session.directory : undefined
    return {
      engine,
      engineLabel: engineLabel(engine),
      format: 'opencode-db',
      path: file.path,
      session: session.id,
      project: cwd ?? basename(file.path),
      ...(session.title !== '' ? { title: session.title } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(session.created > 0 ? { started: new Date(session.created).toISOString() } : {}),
      lastActive: new Date(session.updated > 0 ? session.updated : file.mtimeMs).toISOString(),
      size: session.bytes,
      ...(session.model !== undefined ? { model: session.model } : {}),
      ...(session.parent !== undefined
        ? {
            subagent: {
              agentId: session.id,
              parentKey: sessionKey({ path: file.path, session: session.parent }),
              ...(session.title !== '' ? { description: session.title } : {}),
            },
          }
        : {}),
      counts: { messages: session.messages, compactions: session.compactions },
    }
  })
}

// Whether a log is a subagent's (subagents.ts; Cline 4's below): a Claude Code one named by its
// sidecar.
async function subagentFile(
  engine: EngineId,
  path: string,
  head: Uint8Array,
): Promise<SubagentOf | undefined> {
  if (engine === 'codex') return codexSubagentOf(path, head)
  if (engine === 'cline') return clineSubagentOf(path, head)
  if (engine === 'gemini-cli') return geminiSubagentOf(path, head)
  if (engine === 'kimi-cli') return kimiSubagentOf(path)
  if (engine === 'droid') return droidSubagentOf(path, head)
  if (engine !== 'claude-code') return undefined
  const agent = subagentOf(path, head)
  return agent && { ...agent, ...(await readAgentMeta(path)) }
}

/**
 * Whether a Cline 4 messages file is a subagent's or a teammate's (session-artifacts.ts,
 * session-data.ts): `<agent id>.messages.json` or `<agent id>__<team task id>.messages.json` in
 * its root session's folder, its `agent` "subagent" or "teammate" where the root's is "lead". Its
 * session is the folder's own `<session id>.messages.json`.
 */
function clineSubagentOf(path: string, head: Uint8Array): SubagentOf | undefined {
  const name = basename(path)
  const folder = basename(dirname(path))
  const agent = stringField(head, 'agent')
  if (!name.endsWith(CLINE_MESSAGES) || (agent !== 'subagent' && agent !== 'teammate')) return
  const stem = name.slice(0, -CLINE_MESSAGES.length)
  if (stem === folder) return undefined
  const [agentId, teamTask] = stem.split('__')
  return {
    agentId,
    parentKey: join(dirname(path), folder + CLINE_MESSAGES),
    agentType: agent,
    ...(teamTask ? { description: `team task ${teamTask}` } : {}),
  }
}

// Each subagent to its session when that is listed: a Codex one to the rollout of the thread that
// spawned it, a Gemini CLI one to its parent's chat, each looked up in one map made in one pass.
// A subagent whose session is not listed (deleted, or in a folder not searched) stands alone.
function tieSubagents(sessions: FoundSession[]): void {
  const listed = new Set(sessions.map(sessionKey))
  const threads = new Map<string, string>()
  // Gemini CLI's main chats, by folder and the 8 characters of the session id their name ends with.
  const chats = new Map<string, string>()
  for (const s of sessions) {
    const id = s.engine === 'codex' ? codexThreadId(s.path) : undefined
    if (id !== undefined) threads.set(id, s.path)
    const short =
      s.engine === 'gemini-cli' && !s.subagent ? GEMINI_CHAT.exec(basename(s.path)) : null
    if (short) {
      const key = geminiChatKey(dirname(s.path), short[1])
      chats.set(key, chats.has(key) ? AMBIGUOUS : s.path)
    }
  }
  for (const s of sessions) {
    const agent = s.subagent
    if (agent?.parentThread !== undefined) {
      const parent = threads.get(agent.parentThread)
      if (parent !== undefined && parent !== s.path) agent.parentKey = parent
      delete agent.parentThread
    }
    if (agent?.parentSession !== undefined) {
      // Its session's chat is in `chats/`, the folder above its own.
      const key = geminiChatKey(dirname(dirname(s.path)), agent.parentSession)
      const parent = chats.get(key)
      if (parent !== undefined && parent !== AMBIGUOUS) agent.parentKey = parent
      delete agent.parentSession
    }
    if (agent?.parentKey !== undefined && !listed.has(agent.parentKey)) delete agent.parentKey
  }
}

// A Gemini CLI main chat's name, `session-<time>-<first 8 of its id>.json[l]`.
const GEMINI_CHAT = /^session-.*-([^-]{1,8})\.jsonl?$/
// Two main chats in one folder named for the same 8 characters: neither is taken for the parent.
const AMBIGUOUS = ''
const geminiChatKey = (folder: string, id: string) => `${folder}\n${id.slice(0, 8)}`

// A title that replaces the log's own; a blank one (a name cleared) leaves the session none.
function withTitle(header: SessionHeader, title: string): SessionHeader {
  const { title: _, ...rest } = header
  const shown = nameLine(title)
  return shown !== undefined ? { ...rest, title: shown } : rest
}

// A Cline 4 session's manifest gives its working directory, which the messages file does not
// record, and its start; the model and the last activity stay the messages file's.
function withManifest(header: SessionHeader, manifest: SessionHeader | undefined): SessionHeader {
  if (!manifest) return header
  return {
    started: manifest.started ?? header.started,
    lastActive: header.lastActive,
    cwd: header.cwd ?? manifest.cwd,
    model: header.model ?? manifest.model,
  }
}

/**
 * The manifest of the Cline 4 session whose messages file is at PATH (a real path): `<id>.json`
 * beside `<id>.messages.json`, and for a subagent's `<agent id>.messages.json` its root session's,
 * named for the folder. Only a regular file in the same folder is read (a link that leads out of
 * it is not followed), and only its first HEAD_BYTES.
 */
async function clineManifest(path: string): Promise<SessionHeader | undefined> {
  const dir = dirname(path)
  const names = new Set([
    basename(path).slice(0, -CLINE_MESSAGES.length) + '.json',
    basename(dir) + '.json',
  ])
  for (const name of names) {
    const head = await readBeside(dir, name, HEAD_BYTES)
    const manifest = head && readClineManifest(head)
    if (manifest) return manifest
  }
  return undefined
}

// A Vibe meta.json holds the session's configuration and its tools' schemas before the model:
// its first MiB, where a byte scan finds the fields.
const VIBE_META_BYTES = 1 << 20

/** A Mistral Vibe session's columns, from the meta.json beside its messages (readVibeMeta). */
async function vibeMeta(path: string): Promise<SessionHeader | undefined> {
  const bytes = await readBeside(dirname(path), 'meta.json', VIBE_META_BYTES)
  return bytes && readVibeMeta(bytes)
}

// The first SPAN bytes and the whole lines of the last SPAN (the same bytes, for a small file).
async function readEnds(
  path: string,
  size: number,
  span: number,
): Promise<{ head: Buffer; tail: Uint8Array }> {
  const handle = await open(path, 'r')
  try {
    const headLength = Math.min(size, span)
    const head = Buffer.alloc(headLength)
    await handle.read(head, 0, headLength, 0)
    if (size <= span) return { head, tail: head }
    const tailStart = Math.max(headLength, size - span)
    const tail = Buffer.alloc(size - tailStart)
    await handle.read(tail, 0, tail.length, tailStart)
    return { head, tail: wholeLines(tail, false) }
  } finally {
    await handle.close()
  }
}
