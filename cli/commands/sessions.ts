import {
  contextFromProcess,
  sessionCounts,
  ENGINE_IDS,
  filterSessions,
  findSessions,
  FOLDERS_VARIABLE,
  foldersFromEnv,
  sessionsHolding,
  sessionKey,
  mapLimit,
  OPEN_FILES,
  SORT_KEYS,
  sortSessions,
  type EngineId,
  type FoundSession,
  type SessionCounts,
} from '../../node/sessions/index'
import { groupSubagents, withSubagents, type SubagentKeys } from '../../src/index'
import { choiceValue, flagValue, stringValue, stringValues, type ParsedArgs } from '../args'
import type { Command } from '../command'
import { CliError } from '../errors'
import { renderSessionTable } from '../session-table'

/** A listed session with its counts: one row of the table, one object of --json. */
export type SessionRow = FoundSession & SessionCounts

/** `sessions`: the sessions agents wrote, where they write them, newest activity first. */
export const sessionsCommand: Command = {
  name: 'sessions',
  summary: "List the agents' sessions, found where each engine writes them",
  options: {
    engine: { type: 'string' },
    project: { type: 'string' },
    text: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    sort: { type: 'string' },
    folder: { type: 'string', multiple: true },
    subagents: { type: 'boolean' },
    json: { type: 'boolean' },
    verbose: { type: 'boolean' },
  },
  help: `Usage: compaction-inspector sessions [options]

Lists the sessions of Claude Code, Codex CLI, Gemini CLI, Qwen Code, Kimi CLI,
GitHub Copilot CLI, Mistral Vibe, opencode, Continue, pi, Factory Droid, Cline,
Roo Code and Kilo Code, found in the folders each writes to on this OS (moved
by the engines' own variables, such as CLAUDE_CONFIG_DIR or CODEX_HOME), and in
folders of yours.
Each row: the engine, the project (its working directory when the log says),
when it started and was last active (UTC), its size, how many messages and
compactions the log records, and its model. docs/sessions.md says where each
engine writes and what is read for each column. opencode and Kilo keep every
session in one database (opencode.db, kilo.db): it is a row per session, each
named by its sessionId in --json; read one with 'tokens FILE --session ID'.

A subagent's transcript (a conversation of its own: a Claude Code, Gemini CLI,
Kimi CLI, Factory Droid, Cline 4 or opencode subagent's, or a thread Codex CLI
spawned) is listed under its session with --subagents.

Any command takes 'latest' or 'latest:ENGINE' in place of FILE: the session
this list shows first (of that engine), never a subagent's.

Options:
  --engine E           Only sessions of engine E: ${ENGINE_IDS.join(', ')}.
  --project P          Only sessions whose project contains P (any case).
  --text T             Only sessions whose log, or one of whose subagents'
                       logs, contains T (exact case; reads every log kept by
                       the other options).
  --since DATE         Only sessions active on or after DATE (2026-01-20, or a
                       time such as 2026-01-20T14:00Z).
  --until DATE         Only sessions started on or before DATE.
  --sort K             Sort by ${SORT_KEYS.join(', ')}. Default: last (most
                       recently active first).
  --folder DIR         Also search DIR (and a few levels below it); repeatable.
                       ${FOLDERS_VARIABLE} names more,
                       separated as PATH is.
  --subagents          Also list each session's subagents, under it, in the
                       order they started. Without it, stderr says how many
                       were left out.
  --json               Print a JSON array instead: one object per session with
                       every column, its path, and its sessionId in a database.
  --verbose            Also say on stderr which folders were searched, and each
                       link refused because it leads out of its folder.
  -h, --help           Show this help.

Exit status: 0, also when no session is found (said on stderr); 2 on bad options.`,

  async run(args, io) {
    const query = {
      engine: engineValue(args),
      project: stringValue(args, 'project'),
      since: dateValue(args, 'since', false),
      until: dateValue(args, 'until', true),
    }
    const sort = choiceValue('sessions', args, 'sort', SORT_KEYS, 'last')
    const text = stringValue(args, 'text')
    const ctx = contextFromProcess()
    const folders = [...stringValues(args, 'folder'), ...foldersFromEnv(ctx.env)]
    const listing = await findSessions({ ctx, folders })
    if (flagValue(args, 'verbose')) {
      for (const dir of listing.searched) io.err(`sessions: searched ${dir}`)
      for (const link of listing.refused)
        io.err(`sessions: refused ${link}: it leads out of its folder`)
    }
    const showSubagents = flagValue(args, 'subagents')
    const groups = groupSubagents(listing.sessions, SESSION_KEYS)
    const under = (s: FoundSession) => groups.subagents.get(sessionKey(s)) ?? []
    let kept = filterSessions(groups.sessions, query)
    if (text !== undefined && text !== '') {
      const holding = await sessionsHolding(
        kept.flatMap((s) => [s, ...under(s)]),
        text,
      )
      kept = kept.filter((s) => [s, ...under(s)].some((log) => holding.has(sessionKey(log))))
    }
    kept = sortSessions(kept, sort)
    if (!showSubagents) {
      const left = kept.reduce((n, s) => n + under(s).length + (s.subagent ? 1 : 0), 0)
      kept = kept.filter((s) => s.subagent === undefined)
      if (left > 0) {
        io.err(
          `sessions: ${left} subagent transcript${left === 1 ? '' : 's'} not listed; --subagents lists them under their sessions`,
        )
      }
    }
    const listed = showSubagents ? withSubagents(kept, groups, SESSION_KEYS) : kept
    const rows: SessionRow[] = await mapLimit(listed, OPEN_FILES, async (s) => ({
      ...s,
      ...(await sessionCounts(s).catch(() => ({ messages: 0, compactions: 0 }))),
    }))
    if (flagValue(args, 'json')) {
      const byKey = new Map(listing.sessions.map((s) => [sessionKey(s), s]))
      io.out(
        JSON.stringify(
          rows.map((r) => asJson(r, byKey)),
          null,
          2,
        ) + '\n',
      )
      return 0
    }
    if (rows.length === 0) {
      const n = listing.searched.length
      io.err(
        `sessions: no sessions found (${n} folder${n === 1 ? '' : 's'} searched; see --verbose)`,
      )
      return 0
    }
    io.out(renderSessionTable(rows, io.columns))
    if (rows.some((r) => r.session !== undefined)) {
      io.err(
        "sessions: a database's rows are its sessions; read one with 'tokens FILE --session ID' (--json gives each row's path and sessionId)",
      )
    }
    return 0
  },
}

// Every column, in the table's order, a missing value as null so that every object has them all.
// A subagent's session is named by its path, and its id where it is a database's.
function asJson(row: SessionRow, byKey: ReadonlyMap<string, FoundSession>) {
  const parentKey = row.subagent?.parentKey
  const parent = parentKey !== undefined ? byKey.get(parentKey) : undefined
  return {
    engine: row.engine,
    project: row.project,
    title: row.title ?? null,
    cwd: row.cwd ?? null,
    started: row.started ?? null,
    lastActive: row.lastActive,
    size: row.size,
    messages: row.messages,
    compactions: row.compactions,
    model: row.model ?? null,
    format: row.format,
    path: row.path,
    sessionId: row.session ?? null,
    subagent:
      row.subagent === undefined
        ? null
        : {
            agentId: row.subagent.agentId,
            agentType: row.subagent.agentType ?? null,
            description: row.subagent.description ?? null,
            session: parent?.path ?? null,
            sessionId: parent?.session ?? null,
          },
  }
}

// A listing's rows by sessionKey, a subagent's under its session's.
const SESSION_KEYS: SubagentKeys<FoundSession> = {
  key: sessionKey,
  parentOf: (s) => s.subagent?.parentKey,
  startedOf: (s) => s.started,
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

// An ISO date or time as the ISO string the list compares with; a day given to --until means its end.
function dateValue(args: ParsedArgs, flag: string, endOfDay: boolean): string | undefined {
  const value = stringValue(args, flag)
  if (value === undefined) return undefined
  const time = Date.parse(DAY.test(value) && endOfDay ? `${value}T23:59:59.999Z` : value)
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time)) {
    throw new CliError(
      `sessions: option --${flag}: ${JSON.stringify(value)} is not a date (2026-01-20, or 2026-01-20T14:00Z)`,
    )
  }
  return new Date(time).toISOString()
}

// --engine's value, one of the engines' ids; undefined when the flag was not given.
function engineValue(args: ParsedArgs): EngineId | undefined {
  const value = stringValue(args, 'engine')
  if (value === undefined) return undefined
  return choiceValue<EngineId | ''>('sessions', args, 'engine', ENGINE_IDS, '') || undefined
}
