/**
 * Where each engine writes its sessions, per OS. Pure: the platform, the environment and the home
 * folder are passed in, so every OS's rules are tested on any machine. docs/sessions.md cites the
 * engine source each rule follows.
 */
import { posix, win32 } from 'node:path'
import type { EngineId } from './engines'

export type Platform = 'linux' | 'darwin' | 'win32'

/** What the rules read: the OS, its environment variables and the user's home folder. */
export interface LocationContext {
  platform: Platform
  env: Readonly<Record<string, string | undefined>>
  /** The home folder, as os.homedir() gives it; HOME (USERPROFILE on Windows) wins when set. */
  home: string
}

/**
 * How the files under a root are laid out, so the walk opens only the folders an engine writes:
 * - `projects`: `<root>/<project>/<session>.jsonl` (Claude Code, pi)
 * - `factory`: `<root>/<project>/<session>.jsonl` and `<root>/<session>.jsonl` (Droid)
 * - `qwen`: `<root>/<project>/chats/<session>.jsonl`, archived ones in `chats/archive/` (Qwen Code)
 * - `kimi`: `<root>/sessions/<md5 of the project>/<session>/context[_<n>].jsonl`, the projects'
 *   paths in `<root>/kimi.json` (Kimi CLI)
 * - `copilot`: `<root>/<session>/events.jsonl` (GitHub Copilot CLI)
 * - `vibe`: `<root>/<session folder>/messages.jsonl`, its `meta.json` beside it (Mistral Vibe)
 * - `opencode`: `<root>/opencode.db` or `<root>/opencode-<channel>.db`, one database of every
 *   session, listed as the session an import of it reads (opencode; Kilo CLI's `kilo.db`)
 * - `continue`: `<root>/<session>.json`, but the index `sessions.json` (Continue)
 * - `dated`: `<root>/YYYY/MM/DD/rollout-*.jsonl`, or flat `rollout-*.jsonl` or `.json` (Codex)
 * - `gemini`: `<root>/<project>/chats/session-*.json[l]`, the project's path in `.project_root`
 * - `tasks`: `<root>/<task id>/api_conversation_history.json` (Cline before 4.0, Roo Code)
 * - `cline-sessions`: `<root>/<session id>/<session id>.messages.json` (Cline 4 and its CLI)
 * - `trajectories`: `<root>/*.traj.json` (mini-swe-agent's default outputs)
 * - `any`: a folder of the user's: every log in it, to a few levels, its engine sniffed
 */
export type Layout =
  | 'projects'
  | 'factory'
  | 'qwen'
  | 'kimi'
  | 'copilot'
  | 'vibe'
  | 'opencode'
  | 'continue'
  | 'dated'
  | 'gemini'
  | 'tasks'
  | 'cline-sessions'
  | 'trajectories'
  | 'any'

/** One folder to look in. */
export interface SessionRoot {
  /** The engine that writes there; undefined for a folder of the user's. */
  engine?: EngineId
  dir: string
  layout: Layout
  /** Why this folder: the rule and the variable that moved it, for `sessions --roots`. */
  origin: string
}

// VS Code and the forks that keep its folder layout, each under its own user-data name.
const EDITORS = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor']
// globalStorage folders are named for the extension id, lowercased by VS Code.
const CLINE_EXTENSION = 'saoudrizwan.claude-dev'
const ROO_EXTENSION = 'rooveterinaryinc.roo-cline'
const KILO_EXTENSION = 'kilocode.kilo-code'

const set = (value: string | undefined): string | undefined =>
  value !== undefined && value.trim() !== '' ? value : undefined

/** The path module of the platform: Windows paths on win32, POSIX paths elsewhere. */
export const pathsOf = (platform: Platform) => (platform === 'win32' ? win32 : posix)

/** The home folder the engines themselves use: os.homedir() reads HOME, or USERPROFILE on Windows. */
export function homeOf(ctx: LocationContext): string {
  const own = ctx.platform === 'win32' ? set(ctx.env.USERPROFILE) : set(ctx.env.HOME)
  return own ?? ctx.home
}

/** VS Code's user-data parent folder (where `Code/User` lives), as VS Code's own paths resolve it. */
export function vscodeAppData(ctx: LocationContext): string {
  const p = pathsOf(ctx.platform)
  const override = set(ctx.env.VSCODE_APPDATA)
  if (override) return override
  const home = homeOf(ctx)
  switch (ctx.platform) {
    case 'win32':
      return set(ctx.env.APPDATA) ?? p.join(home, 'AppData', 'Roaming')
    case 'darwin':
      return p.join(home, 'Library', 'Application Support')
    default:
      return set(ctx.env.XDG_CONFIG_HOME) ?? p.join(home, '.config')
  }
}

/** Every folder the engines write sessions to on this OS, whether or not it exists. */
export function sessionRoots(ctx: LocationContext): SessionRoot[] {
  const p = pathsOf(ctx.platform)
  const home = homeOf(ctx)
  const roots: SessionRoot[] = []
  const add = (engine: EngineId, dir: string, layout: Layout, origin: string) =>
    roots.push({ engine, dir, layout, origin })

  // The folder the first of `variables` that is set names, else `fallback`; and which it was.
  const chosen = (variables: readonly LocationVariable[], fallback: string) => {
    for (const variable of variables) {
      const value = set(ctx.env[variable])
      if (value !== undefined) return { dir: value, origin: variable as string }
    }
    return { dir: fallback, origin: 'default' }
  }

  const claude = chosen(['CLAUDE_CONFIG_DIR'], p.join(home, '.claude'))
  add('claude-code', p.join(claude.dir, 'projects'), 'projects', claude.origin)

  const codex = chosen(['CODEX_HOME'], p.join(home, '.codex'))
  add('codex', p.join(codex.dir, 'sessions'), 'dated', codex.origin)
  add('codex', p.join(codex.dir, 'archived_sessions'), 'dated', `${codex.origin}, archived`)

  const gemini = chosen(['GEMINI_CLI_HOME'], home)
  add('gemini-cli', p.join(gemini.dir, '.gemini', 'tmp'), 'gemini', gemini.origin)

  // Qwen Code keeps its sessions in its runtime folder: QWEN_RUNTIME_DIR, else QWEN_HOME, else
  // ~/.qwen (a runtime folder set in its settings is not read here: add it with --folder).
  const qwen = chosen(['QWEN_RUNTIME_DIR', 'QWEN_HOME'], p.join(home, '.qwen'))
  add('qwen-code', p.join(expandTilde(qwen.dir, home, p), 'projects'), 'qwen', qwen.origin)

  // Kimi CLI keeps everything in its share folder: KIMI_SHARE_DIR, else ~/.kimi (kimi-cli 1.49.0,
  // src/kimi_cli/share.py; the variable is taken as it is, `~` not expanded).
  const kimi = chosen(['KIMI_SHARE_DIR'], p.join(home, '.kimi'))
  add('kimi-cli', kimi.dir, 'kimi', kimi.origin)

  // GitHub Copilot CLI keeps each session's events in COPILOT_HOME, else ~/.copilot
  // (github/copilot-sdk at cc0438d: docs/setup/multi-tenancy.md, "session-state/{sessionId}").
  const copilot = chosen(['COPILOT_HOME'], p.join(home, '.copilot'))
  add('copilot-cli', p.join(copilot.dir, 'session-state'), 'copilot', copilot.origin)

  // Mistral Vibe logs each session to VIBE_HOME, else ~/.vibe, in logs/session/ (mistral-vibe
  // 2.18.4, vibe/core/paths/_vibe_home.py; a save_dir set in its config is not read here).
  const vibe = chosen(['VIBE_HOME'], p.join(home, '.vibe'))
  add('mistral-vibe', p.join(vibe.dir, 'logs', 'session'), 'vibe', vibe.origin)

  // opencode keeps every session in one SQLite database in its data folder: XDG_DATA_HOME, else
  // ~/.local/share, on every OS, then opencode/ (opencode 1.18.34, Global.Path.data by
  // xdg-basedir; OPENCODE_DB, which moves the file, is not read here: open that file).
  const data = chosen(['XDG_DATA_HOME'], p.join(home, '.local', 'share'))
  add('opencode', p.join(data.dir, 'opencode'), 'opencode', data.origin)
  // Continue (its IDE extension and its CLI) keeps its sessions in its global folder:
  // CONTINUE_GLOBAL_DIR, else ~/.continue (continuedev/continue, core/util/paths.ts).
  const cont = chosen(['CONTINUE_GLOBAL_DIR'], p.join(home, '.continue'))
  add('continue', p.join(cont.dir, 'sessions'), 'continue', cont.origin)

  const pi = chosen(['PI_CODING_AGENT_DIR'], p.join(home, '.pi', 'agent'))
  add('pi', p.join(expandTilde(pi.dir, home, p), 'sessions'), 'projects', pi.origin)

  // Droid puts `.factory` in FACTORY_HOME_OVERRIDE when set, else in the home folder.
  const factory = chosen(['FACTORY_HOME_OVERRIDE'], home)
  add('droid', p.join(factory.dir, '.factory', 'sessions'), 'factory', factory.origin)

  // Cline 4 (the extension from 4.0 and the CLI, on the Cline SDK) keeps its sessions in its own
  // data folder, and reads the tasks written before 4.0 from `tasks` beside them; the extension
  // before 4.0 kept its tasks in VS Code's folder. The SDK trims each variable; empty is unset.
  const clineSessions = set(ctx.env.CLINE_SESSION_DATA_DIR)?.trim()
  const clineData = set(ctx.env.CLINE_DATA_DIR)?.trim()
  const clineDir = set(ctx.env.CLINE_DIR)?.trim()
  const clineDataDir = clineData ?? p.join(clineDir ?? p.join(home, '.cline'), 'data')
  const clineDataOrigin = clineData ? 'CLINE_DATA_DIR' : clineDir ? 'CLINE_DIR' : 'default'
  add(
    'cline',
    clineSessions ?? p.join(clineDataDir, 'sessions'),
    'cline-sessions',
    clineSessions ? 'CLINE_SESSION_DATA_DIR' : clineDataOrigin,
  )
  add('cline', p.join(clineDataDir, 'tasks'), 'tasks', `${clineDataOrigin}, tasks before 4.0`)
  for (const storage of globalStorageDirs(ctx)) {
    add('cline', p.join(storage.dir, CLINE_EXTENSION, 'tasks'), 'tasks', storage.origin)
    add('roo-code', p.join(storage.dir, ROO_EXTENSION, 'tasks'), 'tasks', storage.origin)
    add('kilo-code', p.join(storage.dir, KILO_EXTENSION, 'tasks'), 'tasks', storage.origin)
  }
  // Kilo Code's CLI before its rewrite on opencode (@kilocode/cli 0.x) keeps the same tasks in a
  // fixed folder of its own (Kilo-Org/kilocode, docs/file-locations.md).
  add('kilo-code', p.join(home, '.kilocode', 'cli', 'global', 'tasks'), 'tasks', 'default, CLI')
  // Kilo's CLI from 1.0, rebuilt on opencode, keeps the same tables in kilo.db in its own data
  // folder beside opencode's (@kilocode/cli 7.7.9; KILO_DB, which moves the file, is not read).
  add('kilo-code', p.join(data.dir, 'kilo'), 'opencode', `${data.origin}, CLI from 1.0`)

  // mini-swe-agent writes each run's trajectory to a file of the user's choosing, by default
  // `last_mini_run.traj.json` (and `last_swebench_single_run.traj.json`) in its global config
  // folder: MSWEA_GLOBAL_CONFIG_DIR, else platformdirs' user_config_dir("mini-swe-agent").
  const mini = chosen(['MSWEA_GLOBAL_CONFIG_DIR'], userConfigDir(ctx, 'mini-swe-agent'))
  add('mini-swe-agent', mini.dir, 'trajectories', mini.origin)
  return roots
}

/**
 * platformdirs' `user_config_dir(app)` with its default arguments (platformdirs 4.11): on Windows
 * the local application data folder with the app's name twice (the author defaults to the name);
 * elsewhere `$XDG_CONFIG_HOME/<app>` when the variable is set (on macOS since 4.6.0), else
 * `~/.config/<app>` on Linux and `~/Library/Application Support/<app>` on macOS.
 */
function userConfigDir(ctx: LocationContext, app: string): string {
  const p = pathsOf(ctx.platform)
  const home = homeOf(ctx)
  if (ctx.platform === 'win32') {
    return p.join(set(ctx.env.LOCALAPPDATA) ?? p.join(home, 'AppData', 'Local'), app, app)
  }
  const xdg = set(ctx.env.XDG_CONFIG_HOME)?.trim()
  if (xdg) return p.join(xdg, app)
  return ctx.platform === 'darwin'
    ? p.join(home, 'Library', 'Application Support', app)
    : p.join(home, '.config', app)
}

// VS Code's globalStorage folders: one per editor, or the portable install's own.
function globalStorageDirs(ctx: LocationContext): { dir: string; origin: string }[] {
  const p = pathsOf(ctx.platform)
  const portable = set(ctx.env.VSCODE_PORTABLE)
  if (portable) {
    return [
      { dir: p.join(portable, 'user-data', 'User', 'globalStorage'), origin: 'VSCODE_PORTABLE' },
    ]
  }
  const appData = vscodeAppData(ctx)
  const origin = set(ctx.env.VSCODE_APPDATA) ? 'VSCODE_APPDATA' : 'VS Code globalStorage'
  return EDITORS.map((editor) => ({
    dir: p.join(appData, editor, 'User', 'globalStorage'),
    origin: `${origin} (${editor})`,
  }))
}

// pi expands a leading `~` in its agent folder variable itself, and Qwen Code in its folders'.
function expandTilde(dir: string, home: string, p: typeof posix): string {
  if (dir === '~') return home
  if (dir.startsWith('~/')) return p.join(home, dir.slice(2))
  return dir
}

/** The variables the rules read: what a test points at a temporary home, and what docs list. */
export const LOCATION_VARIABLES = [
  'HOME',
  'USERPROFILE',
  'APPDATA',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'VSCODE_APPDATA',
  'VSCODE_PORTABLE',
  'CLAUDE_CONFIG_DIR',
  'CODEX_HOME',
  'GEMINI_CLI_HOME',
  'QWEN_RUNTIME_DIR',
  'QWEN_HOME',
  'KIMI_SHARE_DIR',
  'COPILOT_HOME',
  'VIBE_HOME',
  'CONTINUE_GLOBAL_DIR',
  'PI_CODING_AGENT_DIR',
  'FACTORY_HOME_OVERRIDE',
  'CLINE_SESSION_DATA_DIR',
  'CLINE_DATA_DIR',
  'CLINE_DIR',
  'MSWEA_GLOBAL_CONFIG_DIR',
  'LOCALAPPDATA',
] as const

/** A variable the rules read. */
type LocationVariable = (typeof LOCATION_VARIABLES)[number]
