// Measures issue 13's accuracy targets with the product's own estimate (importConversation, then
// countEachMessage, requestOverhead and compareUsage, as `tokens --json` computes them), on public
// logs read from the paths given. Nothing read is copied into the repository.
//
//   npx tsx scripts/measure-targets.ts chat [--verbose] <traffic.jsonl | folder>…
//   npx tsx scripts/measure-targets.ts growth [--verbose] <rollout.jsonl | folder>…
//   npx tsx scripts/measure-targets.ts whole [--verbose] <transcript | folder>…
//   npx tsx scripts/measure-targets.ts steps <transcript | folder>…
//
// chat: every request of API traffic logs ({request, response} pairs, one a line, as the
//   api-traffic importer reads them; a recorded VCR cassette's interactions converted to such pairs
//   keep their `source` field, which --verbose prints). Each request is loaded as `--request N` loads
//   it; its estimate is compared with the `usage.prompt_tokens` its response reports (a Responses
//   API request's `usage.input_tokens`; a report of 0 is no measure), and the requests are grouped
//   by model generation and by what the request carries (tools, structured output, media).
//   Target: within 5%.
// growth: transcripts with reported usage per request (Codex rollouts with token_count events,
//   Claude Code, pi, Gemini CLI): from the first reported request to each later one, the estimate's
//   growth ÷ the reported growth (calibration.minIncrementRatio / maxIncrementRatio). Target:
//   within [0.85, 1.15] at every request.
// whole: what the app's words "approximate: within ±N% of provider counts on 90% of M requests"
//   rest on. Every reported request of a transcript but its first (and each model's first after
//   another's), estimated as the app does when the user includes the context not in the file (the
//   estimate plus hiddenTokensOf, derived from those requests), against the reported prompt; per calibrated generation, apart for the
//   transcripts whose import warns of something (content sent that the file does not hold, most
//   often). A Claude name that is not of Anthropic's form (`claude-opus-4.6-1m`), or replies
//   another backend answered, leave the transcript out: their reports are not Anthropic's counts.
// steps: whether a generation's factors hold, apart from what files leave out. Each step from one
//   reported request to the next that adds 1,000 reported tokens or more and nothing but the
//   messages between them (no result cleared, no thinking stripped, nothing unrecorded, the same
//   model); the estimate's growth over the reported growth, in steps that are 80% or more tool
//   results (resultFactor) and in steps with none (factor). The transcripts `whole` reads.
/* eslint-disable @typescript-eslint/no-explicit-any -- the JSON of arbitrary public logs, read
   by shape to group requests; the product's own readers are typed. */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import {
  compareUsage,
  countingSpecOf,
  hiddenTokensOf,
  countEachMessage,
  importConversation,
  requestOverhead,
  pricingAsks,
  requestPricings,
  servedModels,
  specsToLoad,
  type ImportedConversation,
} from '../src/index'
import { calibrationFor } from '../src/pricing/calibration'
import { loadCountingVocabulary } from '../src/pricing/load'

const args = process.argv.slice(2)
const mode = args.shift()
const verbose = args.includes('--verbose')
const paths = args.filter((a) => a !== '--verbose')
if (!['chat', 'growth', 'whole', 'steps'].includes(mode ?? '') || paths.length === 0) {
  console.error('usage: measure-targets.ts chat|growth|whole|steps [--verbose] <file or folder>…')
  process.exit(2)
}

/** Every .jsonl / .json file named, or inside a folder named. */
function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .filter((f) => f.endsWith('.jsonl') || f.endsWith('.json'))
    .sort()
    .map((f) => join(path, f))
}

/** The counting spec of a log, as the CLI takes it: the file's own model, gpt-4o when it names none. */
const specOf = (imported: ImportedConversation) =>
  countingSpecOf({ ...imported, model: imported.model ?? 'gpt-4o' })

function estimateOf(
  imported: ImportedConversation,
  spec = specOf(imported),
  costs = countEachMessage(spec, imported.messages),
) {
  const usage = imported.usage ?? []
  const { turns, served, cleared } = requestPricings(
    spec,
    imported.messages,
    pricingAsks(usage, spec),
  )
  return compareUsage(usage, costs, requestOverhead(spec), turns, served, cleared)
}

// o-series and GPT-5 models are rendered in OpenAI's harmony format; the rest are GPT-4 class.
const isReasoningModel = (model: string) => /^(o\d|gpt-5)/.test(model)

/** Every file part of a message list: Chat's `file`, Responses' `input_file`, Anthropic's `document`. */
function fileParts(value: any, found: any[] = []): any[] {
  if (Array.isArray(value)) for (const v of value) fileParts(v, found)
  else if (value && typeof value === 'object') {
    if (['file', 'input_file', 'document'].includes(value.type)) found.push(value)
    for (const v of Object.values(value)) fileParts(v, found)
  }
  return found
}

/** Whether a file part is a PDF: by its media type, its data's, or its file name (not a mention). */
function isPdfPart(part: any): boolean {
  const file = part.file && typeof part.file === 'object' ? part.file : part
  const data = String(file.file_data ?? part.source?.data ?? '')
  const names = [file.filename, file.file_url, part.source?.url].filter(
    (n) => typeof n === 'string',
  )
  return (
    part.source?.media_type === 'application/pdf' ||
    data.startsWith('data:application/pdf') ||
    names.some((n: string) => /\.pdf$/i.test(n))
  )
}

function hasMedia(body: any): { pdf: boolean; media: boolean; remote: boolean } {
  const list = body.messages ?? body.input ?? []
  const text = JSON.stringify(list)
  const pdf = fileParts(list).some(isPdfPart)
  const media = /"type":"(image_url|input_audio|file|input_file)"/.test(text)
  // A file sent by URL or by an uploaded file's id: the request holds no bytes to price.
  const remote = /"file_id":|"url":"https?:/.test(text)
  return { pdf, media: pdf || media, remote }
}

interface Row {
  source: string
  model: string
  reported: number
  estimated: number
  groups: string[]
}

function groupsOf(body: any, reported: number): string[] {
  const model = String(body.model ?? '')
  const tools = Array.isArray(body.tools) && body.tools.length > 0
  // Chat's response_format, or a Responses request's JSON schema format.
  const format = body.response_format !== undefined || body.text?.format?.type === 'json_schema'
  const { pdf, media, remote } = hasMedia(body)
  const generation = isReasoningModel(model) ? 'GPT-5 and o-series' : 'GPT-4 class'
  const groups: string[] = []
  if (!tools && !format && !media) groups.push(`${generation}, text only, no tools`)
  if (tools || format) groups.push(`${generation} with tool schemas or response_format`)
  if ((tools || format) && !pdf && !remote) {
    groups.push(`${generation} with tool schemas or response_format, every file inline, no PDF`)
  }
  if (format) groups.push('with response_format (any model)')
  if (media) groups.push(pdf ? 'with a PDF' : 'with images, audio or files (no PDF)')
  if (reported >= 1000 && !pdf) groups.push('1,000 tokens or more, no PDF')
  return groups
}

/**
 * A read file counted and estimated as `tokens --json` counts it. An open model's vocabulary
 * (DeepSeek, Qwen, Llama) is loaded before it counts, as the CLI does: the file's own, and those
 * of the models that served reported requests (they price those requests).
 */
async function counted(imported: ImportedConversation) {
  const spec = specOf(imported)
  const served = servedModels(imported.usage ?? [], spec)
  await Promise.all(specsToLoad(spec, served).map(loadCountingVocabulary))
  const costs = countEachMessage(spec, imported.messages)
  return { costs, comparison: estimateOf(imported, spec, costs) }
}

async function measureChat(files: string[]): Promise<void> {
  const rows: Row[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    const lines = text.split('\n').filter((l) => l.trim() !== '')
    for (const [i, line] of lines.entries()) {
      const pair = JSON.parse(line)
      const body = pair.request?.body ?? {}
      const usage = pair.response?.body?.usage
      const reported = usage?.prompt_tokens ?? usage?.input_tokens
      if (typeof reported !== 'number' || reported <= 0) continue
      const imported = importConversation(text, 'api-traffic', { request: i + 1 })
      const { comparison } = await counted(imported)
      const own = comparison.rows.at(-1)
      if (!own || own.reported !== reported) continue
      rows.push({
        source: String(pair.source ?? `${basename(file)} request ${i + 1}`),
        model: String(body.model ?? ''),
        reported,
        estimated: own.estimated,
        groups: groupsOf(body, reported),
      })
    }
  }
  const within = (r: Row) => Math.abs(r.estimated / r.reported - 1) <= 0.05
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`
  const names = [...new Set(rows.flatMap((r) => r.groups))].sort()
  console.log(`| requests | within 5% | error range |`)
  console.log(`| --- | ---: | --- |`)
  for (const name of [...names, 'all']) {
    const group = name === 'all' ? rows : rows.filter((r) => r.groups.includes(name))
    const errors = group.map((r) => r.estimated / r.reported - 1)
    const ok = group.filter(within).length
    console.log(
      `| ${name} | ${ok} of ${group.length} | ${pct(Math.min(...errors))} to ${pct(Math.max(...errors))} |`,
    )
  }
  if (verbose) {
    for (const r of rows) {
      const mark = within(r) ? ' ' : '✗'
      console.log(
        `${mark} ${r.model.padEnd(22)} ${String(r.reported).padStart(5)} ${String(r.estimated).padStart(5)} ${pct(r.estimated / r.reported - 1).padStart(8)}  ${r.source}`,
      )
    }
  }
}

/** A transcript read and estimated as `tokens --json` estimates it. */
interface Transcript {
  file: string
  imported: ImportedConversation
  costs: number[]
  comparison: ReturnType<typeof estimateOf>
}

/** Each file read and estimated in turn; one that does not import is told to `unread`. */
async function* transcripts(
  files: string[],
  unread: (file: string, error: Error) => void = () => {},
): AsyncGenerator<Transcript> {
  for (const file of files) {
    let imported: ImportedConversation
    try {
      imported = importConversation(readFileSync(file, 'utf8'))
    } catch (error) {
      unread(file, error as Error)
      continue
    }
    yield { file, imported, ...(await counted(imported)) }
  }
}

async function measureGrowth(files: string[]): Promise<void> {
  console.log(
    '| log | model | answered by | requests | estimate growth ÷ reported growth (min – max) |',
  )
  console.log('| --- | --- | --- | ---: | --- |')
  // The tally under the table: per kind of log, how many meet [0.85, 1.15] at every request.
  const tally = new Map<string, { met: number; of: number }>()
  const unread = (file: string, error: Error) =>
    console.log(`| ${basename(file)} | not read: ${error.message.slice(0, 60)} | | | |`)
  for await (const { file, imported, comparison } of transcripts(files, unread)) {
    const c = comparison.calibration
    const f = (x: number | null) => (x === null ? '–' : x.toFixed(2))
    const other = comparison.rows.filter((r) => r.otherBackend === true).length
    const by =
      other === 0 ? 'its provider' : `another backend (${other} of ${comparison.rows.length})`
    console.log(
      `| ${basename(file)} | ${imported.model ?? '?'} | ${by} | ${c.requests} | ${f(c.minIncrementRatio)} – ${f(c.maxIncrementRatio)} |`,
    )
    if (c.minIncrementRatio !== null && c.maxIncrementRatio !== null) {
      const kind = !/claude/i.test(imported.model ?? '')
        ? 'a model not named Claude'
        : other === 0
          ? 'a Claude model, Anthropic answered'
          : 'a Claude model, another backend answered'
      const t = tally.get(kind) ?? { met: 0, of: 0 }
      t.of++
      if (c.minIncrementRatio >= 0.85 && c.maxIncrementRatio <= 1.15) t.met++
      tally.set(kind, t)
    }
    if (verbose) {
      for (const r of comparison.rows) {
        console.log(
          `  ${String(r.request).padStart(4)} ${r.at.padEnd(10)} est ${String(r.estimated).padStart(7)} rep ${String(r.reported).padStart(7)} growth ${f(r.incrementRatio)}`,
        )
      }
    }
  }
  console.log('\nLogs with two reported requests or more, meeting [0.85, 1.15] at every request:')
  for (const [kind, t] of [...tally].sort()) console.log(`  ${kind}: ${t.met} of ${t.of}`)
}

// Anthropic's model ids: claude-<family>-<version>[-<date>], or the older claude-<version>-<family>.
const ANTHROPIC_ID = /^claude-([a-z]+-\d+(-\d+)?|\d+(-\d+)?-[a-z]+)(-\d{8})?$/

/**
 * The transcripts of a calibrated generation with two reported requests or more, with their
 * generation; `leftOut` is told of each left out as not Anthropic's counts (see `whole`).
 */
async function* calibrationTranscripts(
  files: string[],
  leftOut: () => void = () => {},
): AsyncGenerator<Transcript & { generation: string }> {
  for await (const transcript of transcripts(files)) {
    const model = transcript.imported.model ?? ''
    const generation = calibrationFor(model)?.generation
    const { rows } = transcript.comparison
    if (!generation || rows.length < 2) continue
    if ((/claude/i.test(model) && !ANTHROPIC_ID.test(model)) || rows.some((r) => r.otherBackend)) {
      leftOut()
      continue
    }
    if (verbose) console.log(`${generation}\t${rows.length}\t${basename(transcript.file)}`)
    yield { ...transcript, generation }
  }
}

const at = (sorted: number[], p: number) => sorted[Math.floor((sorted.length - 1) * p)]
const ascending = (xs: number[]) => [...xs].sort((a, b) => a - b)

async function measureWhole(files: string[]): Promise<void> {
  let left = 0
  const errors = new Map<string, { sessions: number; errors: number[] }>()
  for await (const { imported, generation, comparison } of calibrationTranscripts(
    files,
    () => left++,
  )) {
    const warned = imported.report.some((note) => note.severity === 'warning')
    const key = `${generation}, ${warned ? 'an import warning' : 'no import warning'}`
    const group = errors.get(key) ?? { sessions: 0, errors: [] }
    group.sessions++
    // The requests the context not in the file is derived at (the first, and each model's first
    // after another's) are exact by construction: left out, as the first always was.
    const derived = new Set([1, ...comparison.modelChanges.map((change) => change.request)])
    for (const row of comparison.rows) {
      if (derived.has(row.request)) continue
      group.errors.push((row.estimated + hiddenTokensOf(comparison, row)) / row.reported - 1)
    }
    errors.set(key, group)
  }
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}%`
  const share = (xs: number[], within: number) =>
    `${((100 * xs.filter((x) => x <= within).length) / xs.length).toFixed(1)}%`
  console.log(
    '| generation, transcripts | transcripts | requests | median error | 90% of requests within | within 6% | within 10% |',
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const [key, { sessions, errors: e }] of [...errors].sort()) {
    const size = ascending(e.map(Math.abs))
    console.log(
      `| ${key} | ${sessions} | ${e.length} | ${pct(at(ascending(e), 0.5))} | ±${(100 * at(size, 0.9)).toFixed(2)}% | ${share(size, 0.06)} | ${share(size, 0.1)} |`,
    )
  }
  console.log(
    `\nLeft out: ${left} transcripts answered by another backend or under a name Anthropic never gave.`,
  )
}

async function measureSteps(files: string[]): Promise<void> {
  const steps = new Map<string, number[]>()
  const put = (key: string, ratio: number) => steps.set(key, [...(steps.get(key) ?? []), ratio])
  for await (const { imported, generation, costs, comparison } of calibrationTranscripts(files)) {
    const { rows } = comparison
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]]
      const plain = (r: (typeof rows)[number]) => !r.cleared && !r.stripped && !r.unrecorded
      if (!plain(a) || !plain(b) || a.pricedAs !== b.pricedAs) continue
      const reported = b.reported - a.reported
      const estimated = b.estimated - a.estimated
      if (reported < 1000 || estimated <= 0) continue
      let all = 0
      let results = 0
      for (let k = a.prompt; k < b.prompt; k++) {
        all += costs[k]
        if (imported.messages[k].type === 'activity') results += costs[k]
      }
      // A step whose estimate moved by anything but its new messages (a turn's reasoning, say).
      if (Math.abs(all - estimated) > 2) continue
      if (results >= 0.8 * all) put(`${generation}, tool results`, estimated / reported)
      else if (results === 0) put(`${generation}, no tool result`, estimated / reported)
    }
  }
  console.log('| generation, steps | steps | growth ratio, median | quartiles |')
  console.log('| --- | ---: | ---: | --- |')
  for (const [key, ratios] of [...steps].sort()) {
    const sorted = ascending(ratios)
    console.log(
      `| ${key} | ${ratios.length} | ${at(sorted, 0.5).toFixed(3)} | ${at(sorted, 0.25).toFixed(3)} – ${at(sorted, 0.75).toFixed(3)} |`,
    )
  }
}

const files = paths.flatMap(filesOf)
if (mode === 'chat') await measureChat(files)
else if (mode === 'whole') await measureWhole(files)
else if (mode === 'steps') await measureSteps(files)
else await measureGrowth(files)
