import type { SessionQuery, SessionSince, SessionSort } from '../store/session-query'

const SINCE: [SessionSince, string][] = [
  ['any', 'Any time'],
  ['day', 'Last 24 hours'],
  ['week', 'Last 7 days'],
  ['month', 'Last 30 days'],
]

const SORT: [SessionSort, string][] = [
  ['last-active', 'Last activity, newest first'],
  ['started', 'Start, newest first'],
  ['project', 'Project, A to Z'],
  ['size', 'Size, largest first'],
]

/** The Sessions view's search, engine and date filters, and its sort. */
export function SessionFilters(props: {
  query: SessionQuery
  engines: [string, string][]
  onChange(patch: Partial<SessionQuery>): void
}) {
  const { query, engines, onChange } = props
  return (
    <div className="sessions-filters">
      <label>
        Search
        <input
          type="search"
          autoFocus
          data-testid="sessions-search"
          placeholder="project, title, engine or model"
          value={query.text}
          onChange={(event) => onChange({ text: event.target.value })}
        />
      </label>
      <label>
        Engine
        <select
          data-testid="sessions-engine"
          value={query.engine}
          onChange={(event) => onChange({ engine: event.target.value })}
        >
          <option value="">All engines</option>
          {engines.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Active
        <select
          data-testid="sessions-since"
          value={query.since}
          onChange={(event) => onChange({ since: event.target.value as SessionSince })}
        >
          {SINCE.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort
        <select
          data-testid="sessions-sort"
          value={query.sort}
          onChange={(event) => onChange({ sort: event.target.value as SessionSort })}
        >
          {SORT.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
