/**
 * A session list with its subagents' transcripts under their sessions, for every surface that
 * lists sessions (the CLI's `sessions`, the app's Sessions view). A row names its session by a key
 * (a path, an id) that is set only when that session is in the same list; such a row is nested,
 * and every other row is a session of the list's own.
 */

/** How to read a list's rows. */
export interface SubagentKeys<T> {
  /** The row's own key. */
  key(row: T): string
  /** The key of the session a subagent's row belongs to; undefined for any other row. */
  parentOf(row: T): string | undefined
  /** When it started (ISO 8601), for the order of a session's subagents; undefined sorts last. */
  startedOf(row: T): string | undefined
}

/** The rows split into the list's own sessions and, by session key, the subagents under each. */
export interface SubagentGroups<T> {
  /** The rows not nested under another, in the order given. */
  sessions: T[]
  /** Each session's subagents, in the order they started (ties in the order given). */
  subagents: Map<string, T[]>
}

/** Splits ROWS into sessions and the subagents nested under each. */
export function groupSubagents<T>(rows: readonly T[], keys: SubagentKeys<T>): SubagentGroups<T> {
  const sessions: T[] = []
  const subagents = new Map<string, T[]>()
  for (const row of rows) {
    const parent = keys.parentOf(row)
    if (parent === undefined) {
      sessions.push(row)
      continue
    }
    const under = subagents.get(parent)
    if (under) under.push(row)
    else subagents.set(parent, [row])
  }
  const started = (row: T) => keys.startedOf(row) ?? '\uffff'
  for (const under of subagents.values()) {
    under.sort((a, b) => (started(a) < started(b) ? -1 : started(a) > started(b) ? 1 : 0))
  }
  return { sessions, subagents }
}

/**
 * The sessions KEPT (a filtered, sorted subset of `groups.sessions`), each followed by its
 * subagents when `expanded` says so for it: the order a list prints or draws its rows in.
 */
export function withSubagents<T>(
  kept: readonly T[],
  groups: SubagentGroups<T>,
  keys: Pick<SubagentKeys<T>, 'key'>,
  expanded: (session: T) => boolean = () => true,
): T[] {
  const out: T[] = []
  for (const session of kept) {
    out.push(session)
    if (expanded(session)) out.push(...(groups.subagents.get(keys.key(session)) ?? []))
  }
  return out
}

/** What names a subagent in a list: its sidecar's type and task, else its file's agent id. */
export interface SubagentName {
  agentId: string
  agentType?: string
  description?: string
}

/** A subagent as a list names it: `Explore: find the upload handler`, or `agent-a1b2c3`. */
export function subagentLabel(agent: SubagentName): string {
  const parts = [agent.agentType, agent.description].filter((p): p is string => p !== undefined)
  return parts.length > 0 ? parts.join(': ') : `agent-${agent.agentId}`
}
