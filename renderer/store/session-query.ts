import { subagentLabel, type SubagentKeys } from '@core/subagent-groups'
import type { SessionRow } from '../../electron/contract'

/** How the Sessions view orders its rows. */
export type SessionSort = 'last-active' | 'started' | 'project' | 'size'

/** How far back the Sessions view looks, by last activity. */
export type SessionSince = 'any' | 'day' | 'week' | 'month'

/** What the user asked the Sessions view for. */
export interface SessionQuery {
  /** Words that must all appear in the project, engine, model or format (case-insensitive). */
  text: string
  /** An engine id, or '' for every engine. */
  engine: string
  since: SessionSince
  sort: SessionSort
}

export const DEFAULT_SESSION_QUERY: SessionQuery = {
  text: '',
  engine: '',
  since: 'any',
  sort: 'last-active',
}

const DAY_MS = 24 * 60 * 60 * 1000
const SINCE_MS: Record<SessionSince, number> = {
  any: Infinity,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
}

// A missing or unreadable time sorts last, whichever way the rest go.
const timeOf = (iso: string | undefined) => {
  const t = iso === undefined ? NaN : Date.parse(iso)
  return Number.isNaN(t) ? -Infinity : t
}

const COMPARE: Record<SessionSort, (a: SessionRow, b: SessionRow) => number> = {
  'last-active': (a, b) => timeOf(b.lastActive) - timeOf(a.lastActive),
  started: (a, b) => timeOf(b.started) - timeOf(a.started),
  project: (a, b) =>
    a.project.localeCompare(b.project) || timeOf(b.lastActive) - timeOf(a.lastActive),
  size: (a, b) => b.size - a.size,
}

/**
 * The rows the query keeps, in its order; `now` is when "the last 7 days" ends, and `inLogs`,
 * when given, the ids of the sessions whose log holds the text searched for.
 */
export function querySessions(
  rows: readonly SessionRow[],
  query: SessionQuery,
  now: number,
  inLogs: ReadonlySet<string> | null = null,
): SessionRow[] {
  const words = query.text.toLowerCase().split(/\s+/).filter(Boolean)
  const since = now - SINCE_MS[query.since]
  return rows
    .filter((row) => {
      if (query.engine !== '' && row.engine !== query.engine) return false
      if (inLogs !== null && !inLogs.has(row.id)) return false
      if (timeOf(row.lastActive) < since) return false
      const haystack = [
        row.project,
        row.title ?? '',
        row.engineLabel,
        row.model ?? '',
        row.format,
        row.subagent ? subagentLabel(row.subagent) : '',
      ]
        .join('\n')
        .toLowerCase()
      return words.every((word) => haystack.includes(word))
    })
    .sort((a, b) => COMPARE[query.sort](a, b) || a.id.localeCompare(b.id))
}

/** The listed rows by id, a subagent's under its session's id (src/subagent-groups.ts). */
export const ROW_KEYS: SubagentKeys<SessionRow> = {
  key: (row) => row.id,
  parentOf: (row) => row.subagent?.parentId,
  startedOf: (row) => row.started,
}

/**
 * The ids a search of the logs found, with the session of each subagent found: a session is kept
 * when its own log or one of its subagents' holds the text.
 */
export function withSessionsOf(
  found: ReadonlySet<string>,
  rows: readonly SessionRow[],
): ReadonlySet<string> {
  const ids = new Set(found)
  for (const row of rows) {
    const parent = row.subagent?.parentId
    if (parent !== undefined && found.has(row.id)) ids.add(parent)
  }
  return ids
}

/** The engines that occur in the rows, as [id, label], in the order they first occur. */
export function enginesIn(rows: readonly SessionRow[]): [string, string][] {
  const seen = new Map<string, string>()
  for (const row of rows) if (!seen.has(row.engine)) seen.set(row.engine, row.engineLabel)
  return [...seen]
}

// A date in the user's locale: "Mar 2, 2026".
const dateOf = (t: number) => new Date(t).toLocaleDateString(undefined, { dateStyle: 'medium' })

/** A time as "3 min ago", "5 h ago", "2 days ago", or the date beyond a month; '-' when unknown. */
export function relativeTime(iso: string | undefined, now: number): string {
  const t = timeOf(iso)
  if (t === -Infinity) return '-'
  const seconds = Math.round((now - t) / 1000)
  if (seconds < 45) return seconds < -45 ? dateOf(t) : 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.round(hours / 24)
  if (days < 31) return days === 1 ? 'yesterday' : `${days} days ago`
  return dateOf(t)
}

/** The exact time, in the user's locale, for a tooltip; '' when unknown. */
export function exactTime(iso: string | undefined): string {
  const t = timeOf(iso)
  return t === -Infinity ? '' : new Date(t).toLocaleString()
}
