import type { Message } from '../types'
import { ShapeError, isObject, kind, type Json, type JsonPath } from './json-shape'
import { encodePayload, type ToolCall } from './payload'
import { noteAttachment } from './vocabulary'
import type { Ctx } from './gemini-cli-shared'

/* Gemini API parts (text, thought, functionCall, functionResponse, inline data) as core messages, with calls paired to results. */

export const partKind = (part: unknown): string =>
  isObject(part) ? (Object.keys(part).find((k) => k !== 'thoughtSignature') ?? 'part') : kind(part)

/** A PartListUnion as a list: a string, one part, or a list of parts and strings. */
export function partList(content: unknown, at: JsonPath): unknown[] {
  if (content === undefined || content === null) return []
  if (typeof content === 'string') return content === '' ? [] : [content]
  if (Array.isArray(content)) return content
  if (isObject(content)) return [content]
  throw new ShapeError(`"content" is ${kind(content)}, not text or parts`, at)
}

/** Calls made by the last model turn, to give an id-less functionResponse its call's id. */
export class Pairing {
  lastCalls: ToolCall[] = []
  /** The call ids whose results a reply's toolCalls already gave. */
  readonly recorded = new Set<string>()
  private answered = new Set<string>()

  /** The ids made up here for calls recorded without one (`<name>#<turn>.<part>`). */
  readonly madeUp = new Set<string>()

  /**
   * The id of the earliest unanswered call by this name in the last model turn; with
   * `syntheticOnly`, only among calls recorded without an id (made up here) or with the `synth_`
   * id Gemini CLI gives such a call in memory (`ensureStableToolIds`), which a rewritten history
   * (`updateMessagesFromHistory`) carries into the file.
   */
  answer(name: string, syntheticOnly = false): string | undefined {
    const call = this.lastCalls.find(
      (c) =>
        c.name === name &&
        c.id &&
        !this.answered.has(c.id) &&
        (!syntheticOnly || this.madeUp.has(c.id) || c.id.startsWith('synth_')),
    )
    if (call?.id) this.answered.add(call.id)
    return call?.id
  }

  /** Whether the last model turn made a call with this id. */
  called(id: string): boolean {
    return this.lastCalls.some((c) => c.id === id)
  }
}

/**
 * One turn's parts in order: text → the turn's user or bot text; a thought part → reasoning;
 * functionCall → a tool call on the bot message; functionResponse → an activity whose id is the
 * call id; inline data, files and other parts → attachments, counted as their JSON.
 */
export function readParts(
  content: unknown,
  role: 'user' | 'model',
  at: JsonPath,
  ctx: Ctx,
  pairing: Pairing,
  /** The turn's place: a checkpoint's index, or a session record's id; names made-up call ids. */
  turn: number | string = 0,
  responseIds?: ReadonlyMap<string, string>,
): Message[] {
  const parts = partList(content, at)
  const type = role === 'user' ? 'user' : 'bot'
  const out: Message[] = []
  let texts: string[] = []
  let calls: ToolCall[] = []
  let attachments: unknown[] = []
  const flush = () => {
    if (texts.length + calls.length + attachments.length === 0) return
    out.push({
      type,
      text: texts.join(''),
      payload: encodePayload({
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      }),
    })
    texts = []
    calls = []
    attachments = []
  }
  const modelCalls: ToolCall[] = []
  parts.forEach((part, k) => {
    const here = Array.isArray(content) ? [...at, k] : at
    if (typeof part === 'string') {
      texts.push(part)
      return
    }
    if (!isObject(part)) throw new ShapeError(`part is ${kind(part)}, not an object`, here)
    if ('thoughtSignature' in part && part.thought !== true) {
      ctx.notes.info(
        ctx.where([...here, 'thoughtSignature']),
        "Gemini's thought signature; not counted",
      )
    }
    if (typeof part.text === 'string') {
      if (part.thought === true) {
        flush()
        const signature =
          typeof part.thoughtSignature === 'string' ? part.thoughtSignature : undefined
        out.push({
          type: 'reasoning',
          text: part.text,
          payload: signature ? encodePayload({ signature }) : undefined,
        })
      } else {
        texts.push(part.text)
      }
    } else if (isObject(part.functionCall) && role === 'model') {
      const fc = part.functionCall
      if (typeof fc.name !== 'string')
        throw new ShapeError('missing "name"', [...here, 'functionCall', 'name'])
      let id = typeof fc.id === 'string' && fc.id !== '' ? fc.id : undefined
      if (id === undefined) {
        // Gemini CLI gives a call its id only on the functionResponse it sends back (turn.ts:
        // fnCall.id ?? `${name}-${Date.now()}-…`); the model's functionCall keeps none.
        id = responseIds?.get(`${turn}.${k}`)
        ctx.notes.info(
          ctx.where([...here, 'functionCall']),
          id !== undefined
            ? 'a call without an id; given the id of its response in the next turn'
            : 'a call without an id; paired with its response by name',
        )
        if (id === undefined) {
          id = `${fc.name}#${turn}.${k}`
          pairing.madeUp.add(id)
        }
      }
      const call = { id, name: fc.name, arguments: fc.args ?? {} }
      calls.push(call)
      modelCalls.push(call)
    } else if (isObject(part.functionResponse)) {
      flush()
      const fr = part.functionResponse
      let id = typeof fr.id === 'string' && fr.id !== '' ? fr.id : undefined
      if (id === undefined && typeof fr.name === 'string') id = pairing.answer(fr.name)
      else if (id !== undefined && typeof fr.name === 'string' && !pairing.called(id)) {
        // A skill activation (0.36 on, `useGeminiStream`): Gemini CLI records the model turn's
        // call without an id (or, rewritten, with a `synth_` id) and the result with the id of its
        // own request, and sends them paired by name. The result takes the call's id.
        const callId = pairing.answer(fr.name, true)
        if (callId !== undefined) {
          ctx.notes.info(
            ctx.where([...here, 'functionResponse', 'id']),
            `a result whose call was recorded without an id or with one Gemini CLI made up; paired with the "${fr.name}" call before it by name`,
          )
          id = callId
        }
      }
      if (id === undefined) {
        ctx.notes.warn(
          ctx.where([...here, 'functionResponse']),
          'a tool result with no call id, and no call by its name before it',
        )
      }
      const nested = nestedParts(fr, ctx, [...here, 'functionResponse'])
      out.push({
        id,
        type: 'activity',
        text: '',
        payload: encodePayload({
          content: responseText(fr, ctx, [...here, 'functionResponse']),
          ...(nested.length > 0 ? { attachments: nested } : {}),
        }),
      })
    } else {
      attachments.push(part)
      noteAttachment(ctx.notes, ctx.where(here), partKind(part), part)
    }
  })
  flush()
  if (role === 'model') pairing.lastCalls = modelCalls
  return out
}

/**
 * A functionResponse's `response` as the text the model reads: `output` alone, else its JSON. A
 * result Gemini CLI masked is noted where it is (`here`, the part).
 */
export function responseText(fr: Json, ctx: Ctx, here: JsonPath): string {
  let response = fr.response
  if (isObject(response) && BINARY_INJECTION_KEY in response) {
    // Taken out before the result is sent; its parts are sent as a turn of their own (below).
    const { [BINARY_INJECTION_KEY]: injected, ...sent } = response
    void injected
    response = sent
    ctx.notes.info(ctx.where([...here, 'response', BINARY_INJECTION_KEY]), BINARY_INJECTION_NOTE)
  }
  let text: string
  if (
    isObject(response) &&
    Object.keys(response).length === 1 &&
    typeof response.output === 'string'
  ) {
    text = response.output
  } else {
    text = typeof response === 'string' ? response : JSON.stringify(response ?? {})
  }
  if (text.startsWith(MASKED_TAG)) ctx.notes.warn(ctx.where(here), MASKED_NOTE)
  return text
}

/**
 * Audio or video a read_file result read (`convertToFunctionResponse`, packages/core/src/utils/
 * generateContentResponseUtilities.ts, 0.44 on): kept under this key of the response, which
 * `GeminiChat.extractBinaryInjections` deletes before the result is sent, then sent as the turn
 * after it, recorded as an `info` record holding those parts.
 */
const BINARY_INJECTION_KEY = '__binary_injection__'
const BINARY_INJECTION_NOTE =
  'audio or video the tool read: Gemini CLI takes it out of the result and sends it as a turn of its own (the "info" record after the reply); not counted here'

/**
 * The inline data a result holds beside its response (`functionResponse.parts`), as Gemini CLI
 * sends images and PDFs a tool read to a model that takes them in a function response (0.21 on,
 * `supportsMultimodalFunctionResponse`): attachments of the result, priced as media.
 */
export function nestedParts(fr: Json, ctx: Ctx, here: JsonPath): unknown[] {
  if (!Array.isArray(fr.parts)) return []
  fr.parts.forEach((part, k) =>
    noteAttachment(ctx.notes, ctx.where([...here, 'parts', k]), partKind(part), part),
  )
  return fr.parts
}

/**
 * Gemini CLI's tool output masking (`ToolOutputMaskingService`, packages/core/src/context/
 * toolOutputMaskingService.ts): once the history holds more tool output than a protected window,
 * older results are replaced by their head and tail in a `<tool_output_masked>` block that names
 * the file the whole output was saved to, and the session file is rewritten with them. The
 * requests before the masking carried the whole output; the file holds only the masked text.
 */
const MASKED_TAG = '<tool_output_masked>'
export const MASKED_NOTE =
  'a tool result Gemini CLI masked after it was sent (<tool_output_masked>): the file holds its head and tail, and the requests before the masking carried the whole output, which is not in the file; counted as the masked text, so those requests are counted low'
