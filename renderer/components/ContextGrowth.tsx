import {
  hiddenContextWords,
  UNRECORDED_ATTACHMENTS_WORDS,
  GROWTH_AFTER_MODEL_CHANGE_WORDS,
  modelChangeWords,
  listOf,
  otherBackendNote,
  tokensOf,
  type ContextGrowth as Growth,
  type UsageComparison,
  type UsageRow,
} from '@core'
import { formatNumber as n } from '@core/numbers'
import { useMemo, useState } from 'react'
import { selectContextGrowth, selectEngineResults, selectUsageComparison, useApp } from '../store'
import { ENGINE_COLORS, ENGINE_SHORT } from './engine-names'
import { GROWTH_SERIES, GrowthChart, type FireMark } from './GrowthChart'
import { UsageTable } from './UsageTable'

/**
 * While a followed file grows, the chart of the conversation before stays until the new one is
 * worked out (each request's thinking is priced in the worker, a moment after the new messages
 * show): put in its place, "counting…" would fold the panel and jump the list for a frame.
 */
function useKeptWhileFollowing(
  growth: Growth | null,
  comparison: UsageComparison | null,
): [Growth | null, UsageComparison | null] {
  const following = useApp((s) => (s.live?.state === 'following' ? s.live.token : null))
  type Kept = { token: string | null; growth: Growth; comparison: UsageComparison }
  const [kept, setKept] = useState<Kept | null>(null)
  const ready = growth !== null && comparison !== null
  // Kept as it is drawn (React's way of deriving state while rendering), for the next change.
  if (
    ready &&
    (kept?.growth !== growth || kept.comparison !== comparison || kept.token !== following)
  ) {
    setKept({ token: following, growth, comparison })
  }
  return !ready && following !== null && kept?.token === following
    ? [kept.growth, kept.comparison]
    : [growth, comparison]
}

/** The id the layout folds this panel by. */
export const GROWTH_PANEL = 'context-growth'

const ratio = (r: number | null) => (r === null ? '–' : r.toFixed(2))

/** What the chart shows, in words: the screen reader's description and the figures under it. */
function describe(growth: Growth, comparison: UsageComparison, notes: string): string {
  const last = comparison.rows[comparison.rows.length - 1]
  const end = growth.estimate[growth.estimate.length - 1]
  return (
    `Context growth over ${n(growth.x.length - 1)} messages: the estimate grows to ${n(end)} tokens; ` +
    `${n(comparison.rows.length)} reported requests, the last ${n(last.reported)} tokens; ` +
    `threshold ${n(growth.threshold[0])}; ${n(growth.hiddenTokens)} tokens not in the file` +
    (growth.compactions.length > 0 ? `; ${n(growth.compactions.length)} compaction(s)` : '') +
    (notes ? `; ${notes}` : '')
  )
}

/**
 * Which requests were priced as another model than the one in force: the models that served them
 * and count otherwise, each estimated as it counts. Empty when every request was the model's.
 */
function servedBy(comparison: UsageComparison): string {
  const models = [...new Set(comparison.rows.flatMap((r) => (r.pricedAs ? [r.pricedAs] : [])))]
  if (models.length === 0) return ''
  const count = comparison.rows.filter((r) => r.pricedAs !== undefined).length
  return (
    `${n(count)} of the ${n(comparison.rows.length)} requests were served by ${models.join(', ')}, ` +
    'and each is estimated as the model that served it counts'
  )
}

/**
 * How many of the requests have a count (UsageRow.cleared, UsageRow.stripped), and the largest;
 * null when none has.
 */
function counted(
  comparison: UsageComparison,
  count: (row: UsageRow) => number | undefined,
): { requests: string; most: number } | null {
  const counts = comparison.rows.map(count).filter((c) => c !== undefined)
  if (counts.length === 0) return null
  return {
    requests: `${n(counts.length)} of the ${n(comparison.rows.length)} requests`,
    // A reduce, not a spread: a spread's arguments are limited in number, and requests are not.
    most: counts.reduce((a, b) => Math.max(a, b), 0),
  }
}

/**
 * Which requests were sent tool results cleared by Claude Code (a microcompaction, or a cut it
 * recorded), each estimated as sent (the core's UsageRow.cleared). Empty when none was.
 */
function sentCleared(comparison: UsageComparison): string {
  const c = counted(comparison, (r) => r.cleared)
  if (!c) return ''
  return (
    `${c.requests} were sent with up to ${n(c.most)} tool result${c.most === 1 ? '' : 's'} ` +
    'cleared by Claude Code, and each is estimated as sent (the conversation holds them whole)'
  )
}

/**
 * Which requests were sent without thinking Claude Code took out (the core's UsageRow.stripped),
 * each estimated so. Empty when none was.
 */
function sentWithoutThinking(comparison: UsageComparison): string {
  const c = counted(comparison, (r) => r.stripped)
  if (!c) return ''
  return (
    `${c.requests} were sent without up to ${n(c.most)} earlier thinking block${c.most === 1 ? '' : 's'} ` +
    'that Claude Code took out, and each is estimated as sent (the conversation holds them whole)'
  )
}

/**
 * Which requests the provider's context editing cleared tokens from, each estimated without them
 * (the core's UsageRow.apiCleared). Empty when none was.
 */
function clearedByApi(comparison: UsageComparison): string {
  const c = counted(comparison, (r) => r.apiCleared)
  if (!c) return ''
  return (
    `${c.requests} had up to ${n(c.most)} tokens cleared by Anthropic’s context editing before the ` +
    'model read them, by its count, and each estimate leaves them out'
  )
}

/**
 * What a Claude Code subagent was sent from its first tool result on that its file does not record
 * (the core's UsageComparison.unrecorded). Empty when nothing was.
 */
function sentUnrecorded(comparison: UsageComparison): string {
  const late = comparison.unrecorded
  if (!late) return ''
  return (
    `${n(late.tokens)} tokens this subagent was sent from request ${n(late.request)} on are not in ` +
    'its file (its skill listing and reminders, which Claude Code did not record); they are ' +
    'derived from that request, as the system prompt is from the first, and counted in the growth'
  )
}

/**
 * The deferred tools' definitions requests were sent from a ToolSearch result on, which the file
 * does not hold (the core's UsageComparison.toolsLoaded). Empty when none were.
 */
function sentToolDefinitions(comparison: UsageComparison): string {
  const loads = comparison.toolsLoaded
  if (loads.length === 0) return ''
  const tokens = tokensOf(loads)
  const tools = loads.flatMap((load) => load.tools)
  const requests = loads.map((load) => n(load.request))
  const one = tools.length === 1
  return (
    `${n(tokens)} tokens are ${one ? 'the definition of a deferred tool' : `the definitions of ${n(tools.length)} deferred tools`} ` +
    `a ToolSearch result loaded (${listOf(tools)}), which the file does not hold; ${one ? 'it is' : 'they are'} derived ` +
    `from request${requests.length === 1 ? '' : 's'} ${requests.join(', ')}, where ${one ? 'it was' : 'each was'} first sent, and counted in the growth`
  )
}

/**
 * What the figures add about how requests were priced: served by other models, sent cleared, sent
 * unrecorded, answered by another backend. Each part starts with a count, so it reads as a sentence
 * as it is.
 */
const pricingNotes = (comparison: UsageComparison): string =>
  [
    servedBy(comparison),
    sentCleared(comparison),
    sentWithoutThinking(comparison),
    clearedByApi(comparison),
    sentUnrecorded(comparison),
    sentToolDefinitions(comparison),
    otherBackendNote(comparison.rows),
  ]
    .filter((s) => s !== '')
    .join('; ')

const LEGEND = [
  { key: 'estimate', label: GROWTH_SERIES[0] },
  { key: 'hidden', label: 'Not in the file' },
  { key: 'reported', label: GROWTH_SERIES[2] },
  { key: 'threshold', label: GROWTH_SERIES[3] },
  { key: 'compaction', label: 'Compaction in the log' },
]

/**
 * The estimate against what the provider reported, over the run, for a file that reports usage:
 * the chart, the hidden context it implies, and the choice to include that in the check.
 */
export function ContextGrowth() {
  const requests = useApp((s) => s.usage.length)
  const [growth, comparison] = useKeptWhileFollowing(
    useApp(selectContextGrowth),
    useApp(selectUsageComparison),
  )
  const includeHidden = useApp((s) => s.includeHidden)
  const systemPromptUnrecorded = useApp((s) => s.systemPromptUnrecorded)
  const attachmentsUnrecorded = useApp((s) => s.attachmentsUnrecorded)
  const model = useApp((s) => s.options.model)
  const setIncludeHidden = useApp((s) => s.setIncludeHidden)
  // Folded or not is part of the layout: it holds for the next file, and across restarts.
  const collapsed = useApp((s) => s.layout.collapsed)
  const setLayout = useApp((s) => s.setLayout)
  const folded = collapsed.includes(GROWTH_PANEL)
  const setFolded = (fold: boolean) =>
    setLayout({
      collapsed: fold
        ? [...collapsed, GROWTH_PANEL]
        : collapsed.filter((id) => id !== GROWTH_PANEL),
    })
  const marks = useFireMarks()
  if (requests === 0) return null
  const first = comparison?.rows[0]
  const c = comparison?.calibration
  const notes = comparison ? pricingNotes(comparison) : ''
  return (
    <section className="panel growth-panel" aria-label="Context growth">
      <details
        open={!folded}
        className="growth-details"
        data-testid="growth-details"
        onToggle={(event) => {
          if (event.currentTarget.open === folded) setFolded(!event.currentTarget.open)
        }}
      >
        <summary className="growth-summary">
          <h2>Context growth</h2>
          <span className="growth-count">
            {n(requests)} reported request{requests === 1 ? '' : 's'}
          </span>
        </summary>
        {growth === null || comparison === null || first === undefined || c === undefined ? (
          <p className="growth-wait">counting…</p>
        ) : (
          <>
            <GrowthChart
              growth={growth}
              description={describe(growth, comparison, notes) + describeMarks(marks)}
              marks={marks}
            />
            <ul className="growth-legend" aria-label="Chart legend">
              {LEGEND.map(({ key, label }) => (
                <li key={key} className={`legend-${key}`}>
                  <span className="legend-swatch" aria-hidden="true" />
                  {label}
                </li>
              ))}
            </ul>
            <FireLegend marks={marks} />
            <p className="growth-figures" data-testid="growth-figures">
              First request ({first.at}): reported {n(first.reported)} · estimated{' '}
              {n(first.estimated)}. Growth since then, estimated ÷ reported:{' '}
              {c.minIncrementRatio === null
                ? '–'
                : `${ratio(c.minIncrementRatio)} to ${ratio(c.maxIncrementRatio)}`}
              {comparison.modelChanges.length > 0 && `, ${GROWTH_AFTER_MODEL_CHANGE_WORDS}`}.
              {notes && ` ${notes}.`}
            </p>
            {attachmentsUnrecorded && (
              <p className="growth-figures" data-testid="growth-attachments">
                {UNRECORDED_ATTACHMENTS_WORDS}.
              </p>
            )}
            <label className="growth-include">
              <input
                type="checkbox"
                checked={includeHidden}
                onChange={(e) => setIncludeHidden(e.target.checked)}
                data-testid="include-hidden"
              />
              Include the {n(comparison.hiddenTokens)} tokens not in the file (
              {hiddenContextWords(systemPromptUnrecorded)}, derived from the first reported request
              {comparison.unrecorded &&
                `; ${n(comparison.unrecorded.tokens)} of them sent to this subagent unrecorded, derived from request ${comparison.unrecorded.request}`}
              {comparison.toolsLoaded.length > 0 &&
                `; ${n(tokensOf(comparison.toolsLoaded))} of them deferred tools’ definitions, derived from the requests first sent them`}
              {comparison.modelChanges.map((change) => `; ${modelChangeWords(change)}`).join('')})
            </label>
            <UsageTable comparison={comparison} includeHidden={includeHidden} model={model} />
          </>
        )}
      </details>
    </section>
  )
}

/** Where each engine preset fires, as chart marks: a preset that does not fire has none. */
function useFireMarks(): readonly FireMark[] {
  const results = useApp(selectEngineResults)
  return useMemo(
    () =>
      results.flatMap((r) =>
        r.firesAfter === null
          ? []
          : [
              {
                id: r.id,
                label: ENGINE_SHORT[r.id],
                x: r.firesAfter + 1,
                color: ENGINE_COLORS[r.id],
              },
            ],
      ),
    [results],
  )
}

const describeMarks = (marks: readonly FireMark[]) =>
  marks.length === 0
    ? ''
    : `; engines fire: ${marks.map((m) => `${m.label} after message ${n(m.x - 1)}`).join(', ')}`

/** The fire marks' legend: each preset that fires, its colour, and the message it fires after. */
function FireLegend({ marks }: { marks: readonly FireMark[] }) {
  const ran = useApp((s) => selectEngineResults(s).length > 0)
  if (!ran) return null
  return (
    <ul
      className="growth-legend fire-legend"
      aria-label="Engine fire points"
      data-testid="fire-legend"
    >
      {marks.length === 0 && <li className="muted">No engine fires on this conversation.</li>}
      {marks.map((m) => (
        <li key={m.id} data-engine={m.id}>
          <span className="fire-swatch" style={{ borderColor: m.color }} aria-hidden="true" />
          {m.label} after #{n(m.x - 1)}
        </li>
      ))}
    </ul>
  )
}
