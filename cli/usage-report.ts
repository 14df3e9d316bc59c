import {
  compareUsage,
  GROWTH_AFTER_MODEL_CHANGE_WORDS,
  hiddenContextWords,
  modelChangeWords,
  UNRECORDED_ATTACHMENTS_WORDS,
  formatNumber,
  otherBackendNote,
  requestOverhead,
  pricingAsks,
  requestPricings,
  type UsageComparison,
  type UsageRow,
} from '../src/index'
import { CliError } from './errors'
import type { LoadedConversation } from './load'
import { renderTable } from './table'

/**
 * The file's reported requests beside the estimate of each, from the per-message counts, each
 * request's own turn's thinking priced as that request held it, each request priced as the
 * model that served it counts, and the tool results it was sent cleared as cleared.
 */
export function compareLoaded(
  loaded: LoadedConversation,
  counts: readonly number[],
): UsageComparison {
  const { usage, spec, messages } = loaded
  if (usage.length === 0) return compareUsage(usage, counts, requestOverhead(spec))
  const { turns, served, cleared } = requestPricings(spec, messages, pricingAsks(usage, spec))
  return compareUsage(usage, counts, requestOverhead(spec), turns, served, cleared)
}

/** The hidden context the check adds, and how the output names where it came from. */
export interface HiddenContext {
  tokens: number
  /** What it is, in words (hiddenContextWords). */
  what: string
  /** `derived from the first reported request at line 2`, or `given with --hidden-tokens`. */
  source: string
}

/**
 * What `--hidden-tokens N|auto` adds to the check: N as given, or (auto) the context the first
 * reported request held beyond the estimate, with what a subagent was sent unrecorded after it
 * (UsageComparison.hiddenTokens). Auto on a file with no reported usage is an error.
 */
export function hiddenContext(
  command: string,
  value: number | 'auto' | undefined,
  loaded: LoadedConversation,
  counts: readonly number[],
): HiddenContext | null {
  if (value === undefined) return null
  const what = hiddenContextWords(loaded.systemPromptUnrecorded)
  if (value !== 'auto') return { tokens: value, what, source: 'given with --hidden-tokens' }
  const comparison = compareLoaded(loaded, counts)
  if (comparison.hiddenAt === null) {
    throw new CliError(
      `${command}: option --hidden-tokens auto: ${loaded.file} holds no provider-reported usage to derive it from; give a number instead`,
    )
  }
  return { tokens: comparison.hiddenTokens, what, source: hiddenSource(comparison) }
}

/**
 * Where the hidden context was derived: the first request, a subagent's later one, and the
 * requests that were first sent deferred tools' definitions.
 */
function hiddenSource(comparison: UsageComparison): string {
  const parts = [`derived from the first reported request at ${comparison.hiddenAt}`]
  const late = comparison.unrecorded
  if (late) {
    parts.push(
      `${formatNumber(late.tokens)} of them sent to this subagent from its first tool result on and not recorded in its file, derived from request ${late.request} at ${late.at}`,
    )
  }
  for (const load of comparison.toolsLoaded) {
    parts.push(
      `${formatNumber(load.tokens)} of them the definition${load.tools.length === 1 ? '' : 's'} of ${load.tools.join(', ')}, which a ToolSearch result loaded, derived from request ${load.request} at ${load.at}`,
    )
  }
  for (const change of comparison.modelChanges) parts.push(modelChangeWords(change))
  return parts.join('; ')
}

/** The words the check prints for the hidden context it included. */
export const describeHidden = (hidden: HiddenContext): string =>
  `includes ${formatNumber(hidden.tokens)} tokens not in the file (${hidden.what}, ${hidden.source})`

const ratio = (r: number | null) => (r === null ? '–' : r.toFixed(3))

interface Column {
  head: string
  align: 'left' | 'right'
  cell: (row: UsageRow) => string
}

/** The counts of what a request was sent otherwise than the file holds, each a column and a line. */
const SENT_OTHERWISE: { key: 'cleared' | 'stripped' | 'apiCleared'; head: string; note: string }[] =
  [
    {
      key: 'cleared',
      head: 'results sent cleared',
      note: 'tool results Claude Code replaced with a placeholder in that request (a microcompaction, or a cut it recorded); estimated as sent, and loaded whole',
    },
    {
      key: 'stripped',
      head: 'thinking left out',
      note: 'earlier thinking blocks Claude Code took out of that request (a thinking_stripped record, or thinking another model wrote); estimated as sent, and loaded whole',
    },
    {
      key: 'apiCleared',
      head: 'API cleared',
      note: "tokens Anthropic's context editing cleared from that request before the model read it, by the reply's context_management; taken off the estimate",
    },
  ]

/**
 * `tokens`' per-request table: request, at, prompt messages, estimated, reported, ratio; the
 * model each request was priced as, after estimated, where some request was priced as another model
 * than `inForce`, the model in force; how many tool results each request was sent cleared, and
 * how many thinking blocks it was sent without, where some request was (Claude Code's doing); and
 * the tokens the API's context editing cleared, where it did.
 */
export function usageTable(
  comparison: UsageComparison,
  inForce: string,
  systemPromptUnrecorded: boolean,
  attachmentsUnrecorded = false,
): string {
  const { rows, calibration: c } = comparison
  if (rows.length === 0) return 'reported usage: none in the file\n'
  // A column for each count of what a request was sent otherwise, and one for the model each
  // request was priced as, only where some request has it.
  const counts = SENT_OTHERWISE.filter((col) => rows.some((r) => r[col.key] !== undefined))
  const pricedAs = rows.some((r) => r.pricedAs !== undefined)
  const pricedAsColumn: Column = {
    head: 'priced as',
    align: 'left',
    cell: (r) => r.pricedAs ?? inForce,
  }
  const columns: Column[] = [
    { head: 'request', align: 'right', cell: (r) => String(r.request) },
    { head: 'at', align: 'left', cell: (r) => r.at },
    { head: 'prompt messages', align: 'right', cell: (r) => formatNumber(r.prompt) },
    ...counts.map((col): Column => ({
      head: col.head,
      align: 'right',
      cell: (r) => formatNumber(r[col.key] ?? 0),
    })),
    { head: 'estimated', align: 'right', cell: (r) => formatNumber(r.estimated) },
    ...(pricedAs ? [pricedAsColumn] : []),
    { head: 'reported', align: 'right', cell: (r) => formatNumber(r.reported) },
    { head: 'ratio', align: 'right', cell: (r) => ratio(r.ratio) },
  ]
  const table = renderTable(
    rows.map((r) => columns.map((col) => col.cell(r))),
    columns.map((col) => col.align),
    columns.map((col) => col.head),
  )
  const clearedNote = counts.map((col) => `${col.head}: ${col.note}\n`).join('')
  const elsewhere = otherBackendNote(rows)
  const increments =
    c.minIncrementRatio === null
      ? ''
      : `; growth since request 1, estimated ÷ reported: ${ratio(c.minIncrementRatio)} to ${ratio(c.maxIncrementRatio)}` +
        (comparison.unrecorded ? ', the subagent’s unrecorded context included' : '') +
        (comparison.toolsLoaded.length > 0 ? ', the loaded tools’ definitions included' : '') +
        (comparison.modelChanges.length > 0 ? `, ${GROWTH_AFTER_MODEL_CHANGE_WORDS}` : '')
  return (
    `reported usage: ${formatNumber(rows.length)} request${rows.length === 1 ? '' : 's'}\n\n` +
    table +
    clearedNote +
    `\nmean ratio ${ratio(c.meanRatio)}${increments}\n` +
    (attachmentsUnrecorded ? `${UNRECORDED_ATTACHMENTS_WORDS}\n` : '') +
    `not in the file: ${formatNumber(comparison.hiddenTokens)} tokens (${hiddenContextWords(systemPromptUnrecorded)}, ${hiddenSource(comparison)})\n` +
    (elsewhere !== '' ? `${elsewhere}\n` : '')
  )
}
