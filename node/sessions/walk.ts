/**
 * Finds the session files under each root, opening only the folders its layout says an engine
 * writes (locations.ts). Nothing outside a root is listed: a root is resolved to its real path
 * first, and an entry that is a symbolic link is followed only when its target is inside the same
 * root; one that leads out is refused, and said so.
 */
import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import { readdir, readFile, realpath, stat } from 'node:fs/promises'
import { basename, join, sep } from 'node:path'
import { readJsonBeside } from './beside'
import type { EngineId } from './engines'
import { VIBE_MESSAGES } from './headers'
import type { Layout, SessionRoot } from './locations'
import { FOLDERS_BELOW_SUBAGENTS, SUBAGENT_FILE, SUBAGENTS_FOLDER } from './subagents'

/** A session file found under a root, before its header is read. */
/**
 * opencode's database, as opencode 1.18.34 names it (its channel's, `opencode-<channel>.db`), and
 * Kilo CLI's, of the same tables (7.7.9: `kilo.db`, `kilo-<channel>.db`, or a channel's
 * `opencode-<channel>.db` that Kilo found before it named its own).
 */
export const OPENCODE_DATABASE = /^(opencode|kilo)(-[a-zA-Z0-9._-]+)?\.db$/

/** Whether a listed file is a database of opencode's tables (opencode's, or Kilo CLI's). */
export const isOpencodeDatabase = (path: string): boolean => OPENCODE_DATABASE.test(basename(path))

export interface FoundFile {
  /** The engine of the root; undefined in a folder of the user's until sniffed. */
  engine?: EngineId
  path: string
  /** The real path of the root it was found in. */
  root: string
  size: number
  mtimeMs: number
  /** The folder the engine names the project by (Claude Code, pi, Gemini CLI). */
  projectFolder?: string
  /** The project's path as the engine recorded it beside the log (Gemini CLI's `.project_root`). */
  projectPath?: string
}

/** What the walk found, and what it would not follow. */
export interface WalkResult {
  files: FoundFile[]
  /** Links that lead out of their root, by path: refused, never read. */
  refused: string[]
  /** The roots that exist, as real paths. */
  searched: string[]
}

// How deep a folder of the user's is searched.
const USER_FOLDER_DEPTH = 4

/** How a Cline 4 conversation's name ends: `<session id>.messages.json`, a subagent's too. */
export const CLINE_MESSAGES = '.messages.json'
/** How a mini-swe-agent trajectory's name ends. */
export const TRAJECTORY = '.traj.json'

/** A Kimi CLI context file's name: the session's, or one it rotated aside. */
const KIMI_CONTEXT = /^context(_\d+)?\.jsonl$/
// A GitHub Copilot CLI session's log, in the session's own folder.
const COPILOT_EVENTS = 'events.jsonl'

// kimi.json lists every project Kimi CLI has run in, a short entry each.
const MAX_KIMI_META_BYTES = 4 * 1024 * 1024

/**
 * Kimi CLI's projects, by the folder it names each by: the md5 of the project's path, behind the
 * name of its environment when that is not the local one (kimi-cli 1.49.0, metadata.py
 * `WorkDirMeta.sessions_dir`), read from kimi.json's `work_dirs`. Empty when it cannot be read.
 */
async function kimiProjects(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  // Only a regular file in the root itself: a link that leads out of it is not followed.
  const meta = await readJsonBeside(root, 'kimi.json', MAX_KIMI_META_BYTES)
  const dirs = (meta as { work_dirs?: unknown } | null)?.work_dirs
  if (!Array.isArray(dirs)) return out
  for (const dir of dirs as unknown[]) {
    const { path, kaos } = (dir ?? {}) as { path?: unknown; kaos?: unknown }
    if (typeof path !== 'string') continue
    const md5 = createHash('md5').update(path, 'utf8').digest('hex')
    out.set(typeof kaos === 'string' && kaos !== 'local' ? `${kaos}_${md5}` : md5, path)
  }
  return out
}

/** Whether `path` is `root` or inside it; both real paths. */
export const isInside = (root: string, path: string): boolean =>
  path === root || path.startsWith(root.endsWith(sep) ? root : root + sep)

/** Walks every root; a root that does not exist is skipped. */
export async function walkRoots(roots: readonly SessionRoot[]): Promise<WalkResult> {
  const result: WalkResult = { files: [], refused: [], searched: [] }
  const seen = new Set<string>()
  await Promise.all(
    roots.map(async (root) => {
      const real = await realpath(root.dir).catch(() => undefined)
      if (real === undefined || seen.has(real)) return
      seen.add(real)
      result.searched.push(real)
      const walker = new RootWalker(real, root.engine, result)
      await walker.walk(root.layout)
    }),
  )
  // The same file reached twice (a root inside another, a link within a root) is listed once.
  const unique = new Map(result.files.map((f) => [f.path, f]))
  result.files = [...unique.values()]
  result.refused = [...new Set(result.refused)]
  return result
}

class RootWalker {
  constructor(
    readonly root: string,
    readonly engine: EngineId | undefined,
    readonly result: WalkResult,
  ) {}

  async walk(layout: Layout): Promise<void> {
    switch (layout) {
      case 'projects':
        return this.projects()
      case 'factory':
        return this.factory()
      case 'qwen':
        return this.qwen()
      case 'kimi':
        return this.kimi()
      case 'copilot':
        // <root>/<session id>/events.jsonl; the folder's plan, checkpoints and files are not logs
        return this.eachSession((name) => name === COPILOT_EVENTS)
      case 'vibe':
        // <root>/<prefix>_<start>_<short id>/messages.jsonl; meta.json beside it is read for its
        // columns (find.ts), and a session's agents' folder is not a log
        return this.eachSession((name) => name === VIBE_MESSAGES)
      case 'opencode':
        // <root>/opencode.db (Kilo CLI's: kilo.db), or its channel's for a development build; the
        // write-ahead log and shared memory beside it are read with it, not listed
        return this.files(this.root, (name) => OPENCODE_DATABASE.test(name))
      case 'continue':
        // <root>/<session id>.json; sessions.json beside them is their index
        return this.files(this.root, (name) => name.endsWith('.json') && name !== 'sessions.json')
      case 'dated':
        return this.dated()
      case 'gemini':
        return this.gemini()
      case 'tasks':
        return this.tasks()
      case 'cline-sessions':
        return this.clineSessions()
      case 'trajectories':
        return this.files(this.root, (name) => name.endsWith(TRAJECTORY))
      case 'any':
        return this.any(this.root, USER_FOLDER_DEPTH)
    }
  }

  // <root>/<project>/<session>.jsonl, and its subagents' transcripts (Claude Code 2.1.2 on) in
  // <root>/<project>/<session>/subagents/, a workflow's a folder or two deeper (subagents.ts)
  private async projects() {
    for (const project of await this.dirs(this.root)) {
      const extra = { projectFolder: project.name }
      await this.files(project.path, (name) => name.endsWith('.jsonl'), extra)
      for (const session of await this.dirs(project.path)) {
        await this.subagents(join(session.path, SUBAGENTS_FOLDER), FOLDERS_BELOW_SUBAGENTS, extra)
      }
    }
  }

  // <root>/<project>/<session>.jsonl, and <root>/<session>.jsonl for a session with no working
  // folder (no project, unless its log names one); a `<session>.settings.json` beside each is its
  // settings, not a log
  private async factory() {
    const session = (name: string) => name.endsWith('.jsonl')
    await this.files(this.root, session, { projectFolder: '' })
    for (const project of await this.dirs(this.root)) {
      await this.files(project.path, session, { projectFolder: project.name })
    }
  }

  // <root>/<project>/chats/<session>.jsonl, and the sessions archived in chats/archive/
  private async qwen() {
    const session = (name: string) => name.endsWith('.jsonl')
    for (const project of await this.dirs(this.root)) {
      const extra = { projectFolder: project.name }
      const chats = join(project.path, 'chats')
      await this.files(chats, session, extra)
      await this.files(join(chats, 'archive'), session, extra)
    }
  }

  // <root>/sessions/<md5 of the project's path>/<session id>/context.jsonl, the contexts a
  // compaction, a clear or an undo rotated aside beside it (context_<n>.jsonl), and each
  // subagent's in subagents/<agent id>/; the projects' paths are in <root>/kimi.json
  private async kimi() {
    const projects = await kimiProjects(this.root)
    const context = (name: string) => KIMI_CONTEXT.test(name)
    for (const project of await this.dirs(join(this.root, 'sessions'))) {
      const extra = { projectFolder: project.name, projectPath: projects.get(project.name) }
      for (const session of await this.dirs(project.path)) {
        await this.files(session.path, context, extra)
        for (const agent of await this.dirs(join(session.path, 'subagents'))) {
          await this.files(agent.path, context, extra)
        }
      }
    }
  }

  private async subagents(dir: string, depth: number, extra: Pick<FoundFile, 'projectFolder'>) {
    // Most sessions have no subagents' folder: one failed read says so.
    if ((await this.entries(dir)).length === 0) return
    await this.files(dir, (name) => SUBAGENT_FILE.test(name), extra)
    if (depth > 0) {
      for (const sub of await this.dirs(dir)) await this.subagents(sub.path, depth - 1, extra)
    }
  }

  // <root>/YYYY/MM/DD/rollout-*.jsonl, and flat rollout-*.jsonl (archived, or the oldest layout)
  // or rollout-*.json (the first schema, one JSON document: docs/formats/codex.md)
  private async dated() {
    const rollout = (name: string) =>
      name.startsWith('rollout-') && (name.endsWith('.jsonl') || name.endsWith('.json'))
    await this.files(this.root, rollout)
    for (const year of await this.dirs(this.root, /^\d{4}$/)) {
      for (const month of await this.dirs(year.path, /^\d{2}$/)) {
        for (const day of await this.dirs(month.path, /^\d{2}$/))
          await this.files(day.path, rollout)
      }
    }
  }

  // <root>/<project>/chats/session-*.json[l], the project's path in <root>/<project>/.project_root;
  // a subagent's chat in <root>/<project>/chats/<parent session id>/<id>.jsonl (subagents.ts)
  private async gemini() {
    for (const project of await this.dirs(this.root)) {
      const marker = await readFile(join(project.path, '.project_root'), 'utf8').catch(() => '')
      const extra = { projectFolder: project.name, projectPath: marker.trim() || undefined }
      const session = (name: string) =>
        name.startsWith('session-') && (name.endsWith('.json') || name.endsWith('.jsonl'))
      const chats = join(project.path, 'chats')
      await this.files(chats, session, extra)
      for (const parent of await this.dirs(chats)) {
        await this.files(parent.path, (name) => name.endsWith('.jsonl'), extra)
      }
    }
  }

  // <root>/<task id>/api_conversation_history.json
  private async tasks() {
    return this.eachSession((name) => name === 'api_conversation_history.json')
  }

  // <root>/<session id>/<the one file of a session>
  private async eachSession(log: (name: string) => boolean) {
    for (const session of await this.dirs(this.root)) await this.files(session.path, log)
  }

  // <root>/<session id>/<session id>.messages.json, and its subagents' and teammates'
  // <agent id>[__<team task id>].messages.json beside it (find.ts ties them to it). The session's
  // manifest (<id>.json) and compaction sidecar (<id>.compaction.json) are not conversations, nor
  // is a messages file in a folder that holds no session's own.
  private async clineSessions() {
    for (const session of await this.dirs(this.root)) {
      // The folder's real name: a link to another session's folder holds that session's files.
      const own = basename(session.path) + CLINE_MESSAGES
      const names = (await this.entries(session.path)).map((e) => e.name)
      const rooted = names.includes(own)
      await this.files(session.path, (name) => rooted && name.endsWith(CLINE_MESSAGES))
    }
  }

  // Every candidate log in a folder of the user's, a few levels down.
  private async any(dir: string, depth: number): Promise<void> {
    const candidate = (name: string) =>
      name.endsWith('.jsonl') ||
      name === 'api_conversation_history.json' ||
      name.endsWith(CLINE_MESSAGES) ||
      name.endsWith(TRAJECTORY) ||
      (name.startsWith('session-') && name.endsWith('.json'))
    await this.files(dir, candidate)
    if (depth > 0) for (const sub of await this.dirs(dir)) await this.any(sub.path, depth - 1)
  }

  private async entries(dir: string): Promise<Dirent[]> {
    return readdir(dir, { withFileTypes: true }).catch(() => [])
  }

  // A link's target, when it stays inside the root; undefined (and refused) when it does not.
  private async follow(path: string): Promise<string | undefined> {
    const target = await realpath(path).catch(() => undefined)
    if (target === undefined) return undefined
    if (isInside(this.root, target)) return target
    this.result.refused.push(path)
    return undefined
  }

  private async dirs(dir: string, name?: RegExp): Promise<{ name: string; path: string }[]> {
    const out: { name: string; path: string }[] = []
    for (const entry of await this.entries(dir)) {
      if (name && !name.test(entry.name)) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) out.push({ name: entry.name, path })
      else if (entry.isSymbolicLink()) {
        const target = await this.follow(path)
        if (target && (await stat(target).catch(() => undefined))?.isDirectory()) {
          out.push({ name: entry.name, path: target })
        }
      }
    }
    return out
  }

  private async files(
    dir: string,
    wanted: (name: string) => boolean,
    extra: Pick<FoundFile, 'projectFolder' | 'projectPath'> = {},
  ): Promise<void> {
    const found = await Promise.all(
      (await this.entries(dir)).map(async (entry) => {
        if (!wanted(entry.name)) return undefined
        let path = join(dir, entry.name)
        if (entry.isSymbolicLink()) {
          const target = await this.follow(path)
          if (target === undefined) return undefined
          path = target
        } else if (!entry.isFile()) return undefined
        const stats = await stat(path).catch(() => undefined)
        if (!stats?.isFile()) return undefined
        const file: FoundFile = {
          engine: this.engine,
          path,
          root: this.root,
          size: stats.size,
          mtimeMs: stats.mtimeMs,
          ...extra,
        }
        return file
      }),
    )
    for (const file of found) if (file) this.result.files.push(file)
  }
}
