import { isObject, parseArguments, type Json } from './json-shape'

/**
 * A streamed response (server-sent events, as claude-trace logs them in `body_raw`) rebuilt into
 * the body the same request would have got unstreamed, so one reader reads both. Anthropic's
 * message events (content_block_start / delta / stop, message_delta), OpenAI Responses'
 * `response.completed`, and Chat Completions' chunks are understood.
 */
export interface RebuiltStream {
  /** The response body; undefined when no event says what the reply was. */
  body?: Json
  /** Events that were not JSON, or of types with no place here, by type. */
  skipped: Map<string, number>
  /** Events whose content the final event repeats (Responses' deltas before response.completed). */
  superseded: number
}

/** The `data:` payloads of an SSE text, in order (`[DONE]` ends the stream). */
export function sseData(raw: string): { values: unknown[]; broken: number } {
  const values: unknown[] = []
  let broken = 0
  for (const line of raw.split('\n')) {
    if (!line.startsWith('data:')) continue
    const data = line.slice(5).trim()
    if (data === '[DONE]') break
    if (data === '') continue
    try {
      values.push(JSON.parse(data))
    } catch {
      broken++
    }
  }
  return { values, broken }
}

/** Rebuilds a streamed response's body from its SSE text. */
export function rebuildStream(raw: string): RebuiltStream {
  const { values, broken } = sseData(raw)
  return rebuildEvents(values, broken)
}

/** Rebuilds a streamed response's body from its events' data, in order. */
export function rebuildEvents(values: readonly unknown[], broken = 0): RebuiltStream {
  const skipped = new Map<string, number>()
  const skip = (kind: string) => skipped.set(kind, (skipped.get(kind) ?? 0) + 1)
  if (broken > 0) skipped.set('not JSON', broken)
  const events = values.filter(isObject)
  if (events.some((e) => e.type === 'message_start')) {
    return { body: anthropicMessage(events, skip), skipped, superseded: 0 }
  }
  const completed = events.find(
    (e) =>
      typeof e.type === 'string' &&
      /^response\.(completed|incomplete|failed)$/.test(e.type) &&
      isObject(e.response),
  )
  if (completed) {
    const response = completed.response as Json
    // ChatGPT's Codex backend (chatgpt.com/backend-api/codex/responses) ends with an empty
    // `output`: the items came one by one in response.output_item.done, as Codex reads them.
    const done = events.filter((e) => e.type === 'response.output_item.done' && isObject(e.item))
    const empty = !Array.isArray(response.output) || response.output.length === 0
    const body =
      empty && done.length > 0
        ? {
            ...response,
            output: [...done]
              .sort((a, b) => Number(a.output_index ?? 0) - Number(b.output_index ?? 0))
              .map((e) => e.item),
          }
        : response
    return { body, skipped, superseded: events.indexOf(completed) }
  }
  if (events.some((e) => e.object === 'chat.completion.chunk')) {
    return { body: chatCompletion(events), skipped, superseded: 0 }
  }
  if (events.length > 0) skipped.set('unrecognised stream', events.length)
  return { skipped, superseded: 0 }
}

const ANTHROPIC_IGNORED = new Set(['ping', 'message_stop', 'content_block_stop'])

/** Anthropic's message events, folded as the SDK's MessageStream folds them. */
function anthropicMessage(events: Json[], skip: (kind: string) => void): Json {
  let message: Json = { role: 'assistant', content: [] }
  const blocks: Json[] = []
  const partialInput = new Map<number, string>()
  for (const e of events) {
    const index = typeof e.index === 'number' ? e.index : -1
    if (e.type === 'message_start' && isObject(e.message)) {
      message = { ...e.message }
    } else if (e.type === 'content_block_start' && isObject(e.content_block)) {
      blocks[index] = { ...e.content_block }
    } else if (e.type === 'content_block_delta' && isObject(e.delta) && blocks[index]) {
      const block = blocks[index]
      const d = e.delta
      if (d.type === 'text_delta') block.text = `${str(block.text)}${str(d.text)}`
      else if (d.type === 'thinking_delta')
        block.thinking = `${str(block.thinking)}${str(d.thinking)}`
      else if (d.type === 'signature_delta')
        block.signature = `${str(block.signature)}${str(d.signature)}`
      else if (d.type === 'input_json_delta') {
        partialInput.set(index, `${partialInput.get(index) ?? ''}${str(d.partial_json)}`)
      } else skip(`content_block_delta ${String(d.type)}`)
    } else if (e.type === 'message_delta') {
      if (isObject(e.delta)) message = { ...message, ...e.delta }
      if (isObject(e.usage)) {
        message.usage = { ...(isObject(message.usage) ? message.usage : {}), ...e.usage }
      }
      // Context editing's report comes with the final delta (Anthropic's RawMessageDeltaEvent).
      if (isObject(e.context_management)) message.context_management = e.context_management
    } else if (!ANTHROPIC_IGNORED.has(String(e.type))) {
      skip(String(e.type))
    }
  }
  for (const [index, json] of partialInput) {
    if (blocks[index]) blocks[index].input = json === '' ? {} : parseArguments(json)
  }
  return { ...message, content: blocks.filter(isObject) }
}

/** Chat Completions chunks: the first choice's deltas joined into one assistant message. */
function chatCompletion(events: Json[]): Json {
  let text = ''
  const calls: Json[] = []
  let usage: unknown
  let model: unknown
  for (const e of events) {
    model ??= e.model
    if (isObject(e.usage)) usage = e.usage
    const choice = Array.isArray(e.choices)
      ? e.choices.find((c) => isObject(c) && (c.index ?? 0) === 0)
      : undefined
    const delta = isObject(choice) && isObject(choice.delta) ? choice.delta : undefined
    if (!delta) continue
    if (typeof delta.content === 'string') text += delta.content
    if (Array.isArray(delta.tool_calls)) {
      for (const part of delta.tool_calls.filter(isObject)) {
        const at = typeof part.index === 'number' ? part.index : calls.length
        const call = (calls[at] ??= {
          id: '',
          type: 'function',
          function: { name: '', arguments: '' },
        })
        const fn = call.function as Json
        if (typeof part.id === 'string') call.id = part.id
        if (isObject(part.function)) {
          if (typeof part.function.name === 'string')
            fn.name = `${str(fn.name)}${part.function.name}`
          if (typeof part.function.arguments === 'string')
            fn.arguments = `${str(fn.arguments)}${part.function.arguments}`
        }
      }
    }
  }
  const message: Json = { role: 'assistant', content: text }
  if (calls.length > 0) message.tool_calls = calls.filter(isObject)
  return {
    object: 'chat.completion',
    ...(model !== undefined ? { model } : {}),
    choices: [{ index: 0, message }],
    ...(usage !== undefined ? { usage } : {}),
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')
