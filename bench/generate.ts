/**
 * Generates a realistic, deterministic agent conversation of a given size, for the benchmark and
 * the end-to-end suite. As a command: `tsx bench/generate.ts --bytes N [--messages N] [--seed N] --out FILE`.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { pricedText, serializeConversation, type Message } from '../src/index'
import {
  codeBlock,
  hex,
  logs,
  nonLatin,
  prose,
  reasoning,
  toolPayload,
  type Content,
} from './content'
import { mulberry32, type Random } from './prng'

/** What to generate: the same options always produce the same conversation, byte for byte. */
export interface GenerateOptions {
  seed: number
  /** The size of the serialized conversation to aim for, in UTF-8 bytes. */
  targetBytes: number
  /** How many messages; defaults to one per 500 bytes, the density of a long agent run. */
  messages?: number
}

const DEFAULT_BYTES_PER_MESSAGE = 500
/** About what a message serializes to at its smallest, and the part of that which is not content. */
const FLOOR_BYTES = 300
const MESSAGE_OVERHEAD_BYTES = 160

interface Kind {
  type: string
  /** Relative frequency. */
  weight: number
  /** Spread of the log-normal length: larger means a longer tail. */
  sigma: number
  /** Median length before scaling, relative to the other kinds. */
  median: number
  fill(r: Random, bytes: number): Pick<Message, 'text' | 'payload'>
}

const mixed =
  (choices: [number, Content][]): Content =>
  (r, bytes) => {
    let roll = r.next()
    for (const [p, content] of choices) {
      if ((roll -= p) < 0) return content(r, bytes)
    }
    return choices[choices.length - 1][1](r, bytes)
  }

const userText = mixed([
  [0.72, prose],
  [0.12, nonLatin],
  [0.1, codeBlock],
  [0.06, logs],
])
const botText = mixed([
  [0.62, prose],
  [0.28, codeBlock],
  [0.1, nonLatin],
])

const KINDS: Kind[] = [
  { type: 'user', weight: 18, sigma: 1.1, median: 1, fill: (r, b) => ({ text: userText(r, b) }) },
  { type: 'bot', weight: 22, sigma: 1.0, median: 2.5, fill: (r, b) => ({ text: botText(r, b) }) },
  {
    type: 'reasoning',
    weight: 15,
    sigma: 0.9,
    median: 1.5,
    fill: (r, b) => ({ text: reasoning(r, b) }),
  },
  {
    type: 'activity',
    weight: 41,
    // Tool outputs are where the bulk is: mostly small results, and a long tail of whole files and logs.
    sigma: 1.8,
    median: 1.2,
    fill: (r, b) => ({
      text: r.chance(0.3)
        ? ''
        : `Calling tool ${hex(r, 6)} (${r.pick(['ok', 'ok', 'ok', 'failed'])})`,
      payload: toolPayload(r, b),
    }),
  },
  { type: 'context', weight: 3, sigma: 0.6, median: 3, fill: (r, b) => ({ text: prose(r, b) }) },
  {
    type: 'instructions',
    weight: 1,
    sigma: 0.5,
    median: 4,
    fill: (r, b) => ({ text: prose(r, b) }),
  },
]
const TOTAL_WEIGHT = KINDS.reduce((s, k) => s + k.weight, 0)

function pickKind(r: Random): Kind {
  let roll = r.next() * TOTAL_WEIGHT
  for (const kind of KINDS) if ((roll -= kind.weight) < 0) return kind
  return KINDS[0]
}

/** A standard normal deviate (Box–Muller). */
function gaussian(r: Random): number {
  return Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next())
}

// The bytes one message adds to serializeConversation's output: its 2-space-indented object, indented
// once more inside the array (two spaces on each of its lines), plus the ",\n" that separates it.
function serializedBytes(m: Message): number {
  const keys = Object.keys(m).length
  return Buffer.byteLength(JSON.stringify(m, null, 2), 'utf8') + 2 * (keys + 2) + 2
}

/**
 * A conversation of about `targetBytes` serialized bytes and exactly `messages` messages: prose in
 * several languages, code, JSON tool payloads, non-Latin scripts and emoji, with varied lengths.
 */
export function generateConversation(options: GenerateOptions): Message[] {
  const { seed, targetBytes } = options
  const count = options.messages ?? Math.max(1, Math.round(targetBytes / DEFAULT_BYTES_PER_MESSAGE))
  const r = mulberry32(seed)

  // Plan every message's kind and relative size first, so sizes can be scaled to the target.
  const plan: { kind: Kind; weight: number }[] = []
  for (let i = 0; i < count; i++) {
    const kind = i === 0 ? KINDS[KINDS.length - 1] : pickKind(r)
    plan.push({ kind, weight: kind.median * Math.exp(kind.sigma * gaussian(r)) })
  }
  const totalWeight = plan.reduce((s, p) => s + p.weight, 0)
  // No single message may take more than 2% of the file, or one draw would decide the mix.
  const cap = Math.max(200, targetBytes * 0.02)

  // Even the shortest message costs its JSON keys and a sentence or a tool call's skeleton, so each
  // gets that floor and only the rest of the target is shared out by weight.
  let weightLeft = totalWeight
  let actual = 4 // "[\n" and "]\n"
  const messages: Message[] = []
  for (let i = 0; i < count; i++) {
    const { kind, weight } = plan[i]
    // Steer towards the target: JSON escaping and the real floor of each kind are only known
    // afterwards, so each message gets its weight's share of what is actually left.
    const available = Math.max(0, targetBytes - actual - (count - i) * FLOOR_BYTES)
    const share = (weight / weightLeft) * available
    weightLeft -= weight
    const contentBytes = Math.min(cap, FLOOR_BYTES - MESSAGE_OVERHEAD_BYTES + share)
    const id = r.chance(0.95) ? `msg_${hex(r, 16)}` : ''
    const { text, payload } = kind.fill(r, contentBytes)
    // Built in wire order (id, type, text, payload) so that it serializes as the app writes it.
    const message: Message = id ? { id, type: kind.type, text } : { type: kind.type, text }
    if (payload) message.payload = payload
    messages.push(message)
    actual += serializedBytes(message)
  }
  return messages
}

/** Generates a conversation and writes it in the wire shape; returns its size and message count. */
export function writeConversation(
  path: string,
  options: GenerateOptions,
): { bytes: number; messages: number } {
  const messages = generateConversation(options)
  const text = serializeConversation(messages)
  writeFileSync(path, text)
  return { bytes: Buffer.byteLength(text, 'utf8'), messages: messages.length }
}

function parseArgs(argv: string[]): { out: string } & GenerateOptions {
  const value = (flag: string) => {
    const i = argv.indexOf(flag)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const number = (flag: string, fallback?: number) => {
    const raw = value(flag)
    if (raw === undefined) return fallback
    const n = Number(raw)
    if (!Number.isSafeInteger(n) || n <= 0)
      throw new Error(`${flag} must be a positive integer, not ${raw}`)
    return n
  }
  const out = value('--out')
  const targetBytes = number('--bytes')
  if (!out || targetBytes === undefined) {
    throw new Error('usage: tsx bench/generate.ts --bytes N [--messages N] [--seed N] --out FILE')
  }
  return { out, targetBytes, messages: number('--messages'), seed: number('--seed', 1)! }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const { out, ...options } = parseArgs(process.argv.slice(2))
    const { bytes, messages } = writeConversation(out, options)
    console.log(`wrote ${out}: ${bytes} bytes, ${messages} messages (seed ${options.seed})`)
  } catch (error) {
    console.error((error as Error).message)
    process.exitCode = 2
  }
}

/**
 * About `bytes` of a generated conversation's text and payloads, one string per message: what the
 * app counts, message by message. `seed` picks the conversation.
 */
export function generatedTexts(seed: number, bytes: number): string[] {
  const utf8 = new TextEncoder()
  const out: string[] = []
  let size = 0
  for (const m of generateConversation({ seed, targetBytes: 1.5 * bytes })) {
    if (size >= bytes) break
    const text = pricedText(m)
    out.push(text)
    size += utf8.encode(text).length
  }
  return out
}
