/** Keys that name the call a tool result answers, in the shapes of the common provider APIs. */
const REFERENCE_KEYS = ['call_id', 'tool_call_id', 'tool_use_id'] as const

/** Types of an object whose own `id` is a call id (a request half). */
const CALL_TYPES = new Set([
  'function',
  'tool_use',
  'server_tool_use',
  'function_call',
  'tool_call',
])

/** Arrays whose elements are tool calls or content blocks that may be. */
const CALL_ARRAYS = ['tool_calls', 'content'] as const

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

// A cheap look before parsing: most payloads name no call at all.
const MENTIONS_CALL = /"(?:id|call_id|tool_call_id|tool_use_id|approval_request_id)"\s*:/

/**
 * The tool-call ids a message payload carries, each once. Reads JSON payloads in the shapes of the
 * OpenAI Chat (`tool_calls[].id`, `tool_call_id`), OpenAI Responses (`call_id`; an MCP approval
 * request's `id` and its response's `approval_request_id`) and Anthropic (`tool_use.id`,
 * `tool_use_id`) APIs; anything else, JSON or not, carries none.
 */
export function callIdsOf(payload: string | undefined): string[] {
  if (!payload || !MENTIONS_CALL.test(payload)) return []
  const first = payload.trimStart()[0]
  if (first !== '{' && first !== '[') return []
  let root: unknown
  try {
    root = JSON.parse(payload)
  } catch {
    return []
  }
  const ids = new Set<string>()
  const objects = Array.isArray(root) ? root : [root]
  for (const o of objects) {
    if (!isObject(o)) continue
    collect(o, ids)
    // A Responses item the reader keeps whole, as `{"item": …}` (a hosted item: an MCP approval
    // request and its response among them), is read as the item itself.
    if (isObject(o.item)) collect(o.item, ids)
    // One level down only: deeper `id`s are tool arguments or results, not calls.
    for (const key of CALL_ARRAYS) {
      const list = o[key]
      if (Array.isArray(list)) for (const item of list) if (isObject(item)) collect(item, ids)
    }
  }
  return [...ids]
}

function collect(o: Json, ids: Set<string>): void {
  let referenced = false
  for (const key of REFERENCE_KEYS) {
    const v = o[key]
    if (typeof v === 'string' && v !== '') {
      ids.add(v)
      referenced = true
    }
  }
  // An MCP approval response answers its request by the request's id (OpenAI Responses,
  // `mcp_approval_response.approval_request_id`). An `mcp_call` quotes the same id, but it is a
  // call complete in its own item, not an answer, so only the response pairs with the request.
  const approved = o.type === 'mcp_approval_response' ? o.approval_request_id : undefined
  if (typeof approved === 'string' && approved !== '') {
    ids.add(approved)
    referenced = true
  }
  // A Responses function_call carries both an item `id` and the `call_id` its output quotes; only
  // the call_id pairs the halves. Otherwise `id` is a call id only on an object shaped like a call.
  if (referenced) return
  const id = o.id
  if (typeof id !== 'string' || id === '') return
  const looksLikeCall =
    (typeof o.type === 'string' && CALL_TYPES.has(o.type)) ||
    isObject(o.function) ||
    (typeof o.name === 'string' && ('arguments' in o || 'input' in o))
  if (looksLikeCall) ids.add(id)
}

/**
 * The tool-call ids each message carries, in one place for every format. A call's id is in its
 * payload (`tool_calls[].id`, or a provider's own shape in a hand-written payload); a result's is
 * in its payload when the payload names it (`tool_call_id`, `call_id`, `tool_use_id`), and
 * otherwise it is the activity's own `id`, which is where every importer puts the call id a result
 * answers (docs/formats.md, "Tool pairing"). An activity's id counts as a call id only when some
 * message in the conversation makes that call, so ordinary message ids never pair by accident.
 */
export function toolCallIds<M extends { type: string; id?: string; payload?: string }>(
  messages: readonly M[],
  fromPayload: (m: M) => string[] = (m) => callIdsOf(m.payload),
): string[][] {
  const carried = messages.map(fromPayload)
  const called = new Set<string>()
  carried.forEach((ids) => ids.forEach((id) => called.add(id)))
  return messages.map((m, i) => {
    const ids = carried[i]
    if (m.type === 'activity' && ids.length === 0 && m.id && called.has(m.id)) return [m.id]
    return ids
  })
}
