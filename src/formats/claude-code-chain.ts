import type { EventReading } from './claude-code-events'
import { isObject, type Json } from './json-shape'
import type { NoteList } from './report'

/**
 * The opening of a compaction's summary as Claude Code writes it, the words it begins the
 * summary's user message with (seen in every public session with a compaction, 1.0.11 to 2.1).
 */
const SUMMARY_OPENING = 'This session is being continued from a previous conversation'

/**
 * Whether a user event is the summary a compaction wrote: flagged `isCompactSummary` (1.0.27 on),
 * or, before the flag, a parentless user message that opens as Claude Code's summaries open (1.0.11
 * and 1.0.17 wrote it so, and a resumed session's first line in 1.0.29 – 1.0.33).
 */
export function isCompactSummary(v: Json): boolean {
  if (v.isCompactSummary === true) return true
  if (v.type !== 'user' || v.parentUuid !== null || !isObject(v.message)) return false
  const { content } = v.message
  const first = Array.isArray(content) ? content[0] : content
  const text = isObject(first) && first.type === 'text' ? first.text : first
  return typeof text === 'string' && text.startsWith(SUMMARY_OPENING)
}

/**
 * One line of a session file as the chain sees it: the few fields it links by, taken from the
 * parsed line so the line's value itself need not be kept (see sessionEventOf), and what the line
 * reads as, when it has a uuid (EventReading, claude-code-events.ts).
 */
export interface SessionEvent extends EventReading {
  /** Its 1-based line number. */
  line: number
  type: string
  uuid?: string
  parentUuid?: string
  isSidechain: boolean
  /** An assistant event's message.id: the lines of one API message share it. */
  messageId?: string
  /** A user event with a tool_result block. */
  isToolResult: boolean
  /**
   * The event's timestamp as text ('' when it has none): recovered turn parts sort by it, and a
   * late run of progress lines is told by it (lateProgressLinks), so it is kept only for the events
   * that can be one of those (an assistant line with a message.id, a tool result, progress).
   */
  timestamp: string
  subtype?: unknown
  logicalParentUuid?: unknown
  /** A compaction boundary's compactMetadata (its preservedSegment relinks the chain). */
  compactMetadata?: Json
  /**
   * A compaction summary with no parent: Claude Code 1.0 wrote no compact_boundary, and its summary
   * (`parentUuid: null`, flagged `isCompactSummary` or, before 1.0.27, told by its opening words:
   * isCompactSummary) is the root the thread restarts from.
   */
  summaryRoot: boolean
  /**
   * Where its parent was among the events of its pool (ChainIndex) when it was parsed: final when
   * the file has no uuid twice, since no later event can take that uuid over.
   */
  parentPos?: number
  /**
   * Its position among the events with a uuid of its pool (ChainIndex), -1 without a uuid: where it
   * is in the graph buildThread walks, so the walk keeps no object of its own per event.
   */
  pos: number
}

/**
 * The events' uuids, indexed as the lines are parsed, while each uuid's text is fresh in the
 * cache: the position of each among the events with a uuid of its pool (off the sidechains, or on
 * them), the later of two events with one uuid winning, as buildThread's lookups need.
 */
export class ChainIndex {
  readonly main = new Map<string, number>()
  readonly side = new Map<string, number>()
  /** Whether some uuid is on two events: then a parent is looked up when the chain is walked. */
  duplicates = false
  private mainCount = 0
  private sideCount = 0
  private lastMain?: string
  private lastSide?: string

  /** Indexes an event, in file order. */
  add(event: SessionEvent): void {
    const { uuid, parentUuid } = event
    if (uuid === undefined) return
    const side = event.isSidechain
    const map = side ? this.side : this.main
    const pos = side ? this.sideCount++ : this.mainCount++
    event.pos = pos
    if (parentUuid !== undefined) {
      // Most events follow the one before them in their pool: a compare rather than a lookup.
      const last = side ? this.lastSide : this.lastMain
      if (parentUuid === last) {
        event.parentPos = pos - 1
        // The same text: the parent's own string is kept, and the line's copy dies young.
        event.parentUuid = last
      } else {
        const parent = map.get(parentUuid)
        if (parent !== undefined) event.parentPos = parent
      }
    }
    const size = map.size
    map.set(uuid, pos)
    if (map.size === size) this.duplicates = true
    if (side) this.lastSide = uuid
    else this.lastMain = uuid
  }
}

/** The chain's fields of one parsed line, an object with a string `type`. */
export function sessionEventOf(line: number, v: Json): SessionEvent {
  const type = v.type as string
  const message = v.message
  const isToolResult = type === 'user' && isObject(message) && hasToolResult(message.content)
  const messageId =
    type === 'assistant' && isObject(message) && typeof message.id === 'string'
      ? message.id
      : undefined
  const subtype = v.subtype
  // Every field set here, absent ones as undefined: one shape for every event, with no property
  // added later (by the index and the reading) that would give each event a second object.
  const event: SessionEvent = {
    line,
    type,
    uuid: typeof v.uuid === 'string' ? v.uuid : undefined,
    parentUuid: typeof v.parentUuid === 'string' ? v.parentUuid : undefined,
    isSidechain: v.isSidechain === true,
    messageId,
    isToolResult,
    timestamp:
      isToolResult || messageId !== undefined || type === 'progress'
        ? String(v.timestamp ?? '')
        : '',
    subtype,
    logicalParentUuid: v.logicalParentUuid,
    compactMetadata:
      type === 'system' && subtype === 'compact_boundary' && isObject(v.compactMetadata)
        ? v.compactMetadata
        : undefined,
    summaryRoot: type === 'user' && v.parentUuid === null && isCompactSummary(v),
    parentPos: undefined,
    pos: -1,
    // Not read yet: readEventLine fills these in for an event with a uuid.
    firstMessage: 0,
    messageCount: 0,
    model: undefined,
    turn: undefined,
    usage: undefined,
    version: undefined,
    clearedToolIds: undefined,
    strippedThinking: undefined,
    ops: NO_OPS,
    error: undefined,
  }
  return event
}

const NO_OPS: readonly unknown[] = []

/** Whether a user message's content holds a tool_result block (a loop: it runs on every line). */
function hasToolResult(content: unknown): boolean {
  if (!Array.isArray(content)) return false
  for (const b of content) if (isObject(b) && b.type === 'tool_result') return true
  return false
}

/** The conversation's events in order, and the events of the graph it leaves out, by reason. */
export interface Thread {
  events: SessionEvent[]
  /** Lines of sidechain (subagent) events, hidden from the main thread. */
  sidechain: number[]
  /** Lines of events written before the compaction the thread starts from. */
  beforeCompaction: number[]
  /** Lines of events on branches the thread abandoned (a rewind, an edited prompt). */
  abandoned: number[]
  /** Lines of UI progress events off the thread (old files hang them off tool calls). */
  progress: number[]
  /**
   * Lines of events whose uuid a later line carries again (a subagent's transcript written twice,
   * a resumed session's history copied): Claude Code keys the events it loads by uuid, so the later
   * copy replaces the earlier.
   */
  superseded: number[]
  /**
   * Lines of turn parts and tool results that repeat what the thread already holds: a resumed
   * session's history written again under new uuids (the same message.id, tool_use ids and
   * thinking), hanging off an earlier event. Loaded once.
   */
  copies: number[]
  /**
   * The events a partial compaction kept from before it (its preserved segment, walked from its
   * tail back to its head), and that compaction's line; absent when the thread keeps none.
   */
  preserved?: PreservedSegment
}

/** The events of a preserved segment, and the line of the compaction that kept them. */
export interface PreservedSegment {
  events: ReadonlySet<SessionEvent>
  boundary: number
}

const uuidOf = (e: SessionEvent) => e.uuid
const parentOf = (e: SessionEvent) => e.parentUuid
const isCompactBoundary = (e: SessionEvent) =>
  e.type === 'system' && e.subtype === 'compact_boundary'

/**
 * The main thread of a Claude Code session, as Claude Code itself rebuilds it on resume
 * (utils/sessionStorage.ts, `buildConversationChain`): from the latest event back to the root by
 * parentUuid, through every event that has a uuid (attachments, system events, progress), then the
 * parts of each assistant turn the single-parent walk misses: the other lines of a turn split
 * across lines with one `message.id`, and the tool results that answer them; then the notices
 * beside it (withNotices), which the live session's requests carried though a resume passes them
 * by. A parent that is not in the file (its line is broken) is bridged to the event before the
 * gap, with a warning.
 * `broken` is the sorted line numbers that did not parse; `leafUuid` starts the walk elsewhere than
 * at the latest event; `outside` is a uuid the file says is in another (a forked subagent's fork
 * point): the chain starts at an event whose parent it is, with no warning of a gap. Linear: every
 * lookup is by Map.
 */
export function buildThread(
  events: readonly SessionEvent[],
  index: ChainIndex,
  broken: readonly number[],
  notes: NoteList,
  contentOf: ContentOf,
  leafUuid?: string,
  outside?: string,
): Thread {
  const all = events.filter((e) => uuidOf(e) !== undefined)
  const main = all.filter((e) => !e.isSidechain)
  const pool = main.length > 0 ? main : all
  if (main.length === 0 && all.length > 0) {
    notes.info('', 'every event is on a sidechain (a subagent transcript); following its chain')
  }
  // The pool's events by uuid, as positions (index.main holds the events off the sidechains); an
  // event's own position is its `pos`.
  const graph = new Graph(pool, main.length > 0 ? index.main : index.side)
  const { links: relink, preserved } = preservedSegmentLinks(graph)
  // Without a uuid on two events, the parent found as a line was parsed is the one a lookup now
  // would find.
  const parsed = !index.duplicates
  lateProgressLinks(graph, relink, (n) => {
    const at = n.parentPos
    if (parsed && at !== undefined) return pool[at]
    return n.parentUuid === undefined ? undefined : graph.get(n.parentUuid)
  })

  const parent = (n: SessionEvent): SessionEvent | undefined => {
    if (relink.size > 0) {
      const override = relink.get(n.uuid!)
      if (override !== undefined) return override ?? undefined
    }
    const p = parentOf(n)
    if (p === undefined || p === outside) return undefined
    const at = n.parentPos
    const found = parsed && at !== undefined ? pool[at] : graph.get(p)
    if (found) return found
    const before = pool[n.pos - 1]
    const gap = lastBefore(broken, n.line)
    const why = gap !== undefined ? ` (line ${gap} is broken)` : ''
    notes.warn(
      `line ${n.line}: parentUuid`,
      before
        ? `"${p}" is not in the file${why}; the chain was bridged to line ${before.line}, the event before the gap`
        : main.length === 0 && gap === undefined
          ? `"${p}" is not in the file: this subagent's conversation goes on from an event of its parent session (a forked helper, such as the compaction's or a prompt suggestion's, is sent the parent's history first), so its requests held that history, which is in the parent session's file; the chain starts here`
          : `"${p}" is not in the file${why}; the chain starts here`,
    )
    return before
  }

  const leaf = leafUuid === undefined ? leafOf(pool) : graph.get(leafUuid)
  const chain = walkBack(leaf, parent, graph, notes)
  const thread = withNotices(withTurnParts(chain, graph, contentOf), graph)
  return { events: thread, ...leftOut(graph, thread, all), ...(preserved ? { preserved } : {}) }
}

/**
 * The pool's events (those with a uuid, off the sidechains unless every one is on one), by uuid,
 * and which of them are on the thread: walked back to, or recovered as a part of a turn. By
 * position, a byte each, rather than an object per event.
 */
class Graph {
  readonly inThread: Uint8Array

  constructor(
    readonly pool: readonly SessionEvent[],
    private readonly positions: Map<string, number>,
  ) {
    this.inThread = new Uint8Array(pool.length)
  }

  get(uuid: string): SessionEvent | undefined {
    const pos = this.positions.get(uuid)
    return pos === undefined ? undefined : this.pool[pos]
  }

  has(uuid: string): boolean {
    return this.positions.has(uuid)
  }

  isIn(e: SessionEvent): boolean {
    return this.inThread[e.pos] === 1
  }

  /** Whether no later event carries `e`'s uuid again, which would replace it. */
  isLatest(e: SessionEvent): boolean {
    return this.positions.get(e.uuid!) === e.pos
  }

  /** Puts `e` on the thread; false when it already was. */
  take(e: SessionEvent): boolean {
    if (this.inThread[e.pos] === 1) return false
    this.inThread[e.pos] = 1
    return true
  }

  /** Leaves `e` off the thread as a copy of what the thread holds (Thread.copies). */
  setAside(e: SessionEvent): void {
    if (this.inThread[e.pos] === 0) this.inThread[e.pos] = COPY
  }
}

/** Graph.inThread's mark of an event left out as a copy (1 is on the thread). */
const COPY = 2

/**
 * What an event's messages say, one string each (type, text, payload; not ids, which a copy
 * written under new uuids does not share): two lines of one turn that say the same are a copy.
 */
export type ContentOf = (e: SessionEvent) => readonly string[]

/** The latest event that is not UI progress: the end of the thread Claude Code resumes. */
function leafOf(pool: readonly SessionEvent[]): SessionEvent | undefined {
  for (let i = pool.length - 1; i >= 0; i--) {
    if (pool[i].type !== 'progress') return pool[i]
  }
  return pool[pool.length - 1]
}

function walkBack(
  leaf: SessionEvent | undefined,
  parent: (n: SessionEvent) => SessionEvent | undefined,
  graph: Graph,
  notes: NoteList,
): SessionEvent[] {
  const chain: SessionEvent[] = []
  for (let n = leaf; n; n = parent(n)) {
    if (!graph.take(n)) {
      notes.warn(`line ${n.line}: parentUuid`, 'the chain loops back on itself; stopped here')
      break
    }
    chain.push(n)
  }
  return chain.reverse()
}

/**
 * A partial compaction keeps a segment of the old history (`compactMetadata.preservedSegment`,
 * Claude Code 2.1): its head is re-parented to the anchor, and the anchor's other children to its
 * tail, as `applyPreservedSegmentRelinks` does. Only the last boundary's segment counts, and only
 * when the walk from its tail back by parentUuid reaches its head; the events of that walk are the
 * segment.
 */
function preservedSegmentLinks(graph: Graph): {
  links: Map<string, SessionEvent | null>
  preserved?: PreservedSegment
} {
  const links = new Map<string, SessionEvent | null>()
  let last: SessionEvent | undefined
  for (const e of graph.pool) if (isCompactBoundary(e)) last = e
  const meta = last?.compactMetadata
  const seg = meta && isObject(meta.preservedSegment) ? meta.preservedSegment : undefined
  if (!last || !seg) return { links }
  const head = graph.get(String(seg.headUuid))
  const anchor = graph.get(String(seg.anchorUuid))
  const tail = graph.get(String(seg.tailUuid))
  if (!head || !anchor || !tail) return { links }
  const events = new Set<SessionEvent>()
  for (let e: SessionEvent | undefined = tail; e && !events.has(e);) {
    events.add(e)
    if (e === head) break
    const p = parentOf(e)
    e = p === undefined ? undefined : graph.get(p)
  }
  if (!events.has(head)) return { links }
  links.set(head.uuid!, anchor)
  for (const e of graph.pool) {
    if (e !== head && parentOf(e) === anchor.uuid) links.set(e.uuid!, tail)
  }
  return { links, preserved: { events, boundary: last.line } }
}

/**
 * Claude Code 2.1.78 and 2.1.81 (in the public sessions read) held a turn's hook progress lines
 * back and wrote them after the turn, chained one off the other from the turn's first tool call,
 * and the next event it wrote (the Stop hook's summary, the next prompt) hung off the last of them.
 * The walk back from the leaf then goes round the turn: from that event through the progress lines
 * to the first tool call, leaving every later call, result and reply of the turn on a side branch,
 * where Claude Code's own resume leaves them too (its progress bridge links the event to the first
 * tool call). But the session went on from the end of the turn, and its next request held the whole
 * turn, as the usage it reported shows.
 *
 * So an event (not progress) hanging off a run of progress lines is linked instead to the end of
 * that turn, when the turn's other events are on file before it and the run began before the
 * latest of them (by timestamp): the run was written late. A prompt edited after a rewind can hang
 * off progress too (a hook run when it was sent), but that progress began after the branch it
 * leaves had ended, and keeps its link. The end of the turn is the last event in file order, not
 * progress, that descends from the event the run hangs off and is written before the event.
 */
function lateProgressLinks(
  graph: Graph,
  links: Map<string, SessionEvent | null>,
  parentOf: (e: SessionEvent) => SessionEvent | undefined,
): void {
  const { pool } = graph
  // Claude Code has written no progress line since 2.1.8x: most files have none to look at.
  if (!pool.some((e) => e.type === 'progress')) return
  let children: Map<SessionEvent, SessionEvent[]> | undefined
  for (const e of pool) {
    if (e.type === 'progress') continue
    let p = parentOf(e)
    if (p === undefined || p.type !== 'progress' || links.has(e.uuid!)) continue
    // The run's start: its earliest timestamp.
    let began = ''
    for (let steps = 0; p && p.type === 'progress' && steps < LONGEST_RUN; steps++) {
      if (p.timestamp !== '' && (began === '' || p.timestamp < began)) began = p.timestamp
      p = parentOf(p)
    }
    if (p === undefined || p.type === 'progress' || began === '') continue
    children ??= childrenOf(pool, parentOf)
    let end: SessionEvent | undefined
    let latest = ''
    const stack = [...(children.get(p) ?? [])]
    while (stack.length > 0) {
      const c = stack.pop()!
      // Written after the event: so are its descendants (the file is append-only).
      if (c.line >= e.line) continue
      if (c.type !== 'progress') {
        if (end === undefined || c.line > end.line) end = c
        if (c.timestamp > latest) latest = c.timestamp
      }
      for (const k of children.get(c) ?? []) stack.push(k)
    }
    if (end !== undefined && latest > began) links.set(e.uuid!, end)
  }
}

/** How many progress lines a run is followed back through (a turn's hooks: tens). */
const LONGEST_RUN = 10_000

function childrenOf(
  pool: readonly SessionEvent[],
  parentOf: (e: SessionEvent) => SessionEvent | undefined,
): Map<SessionEvent, SessionEvent[]> {
  const children = new Map<SessionEvent, SessionEvent[]>()
  for (const e of pool) {
    const p = parentOf(e)
    if (p !== undefined) push(children, p, e)
  }
  return children
}

/**
 * The chain with the parts of each assistant turn that the walk left on side branches: the turn's
 * other lines (same message.id), then the tool results answering any of its lines, each followed
 * by the attachments and system events hanging off it; all placed right after the turn's last line
 * on the chain, in timestamp order (file order on ties), as `recoverOrphanedParallelToolResults`.
 */
function withTurnParts(chain: SessionEvent[], graph: Graph, contentOf: ContentOf): SessionEvent[] {
  // Everything recovered is off the chain, so only those events are indexed: in most sessions
  // they are few.
  // An event a later line replaced (the same uuid) is not there to recover, as in Claude Code's
  // map of the file's events by uuid.
  const orphans = graph.pool.filter((e) => !graph.isIn(e) && graph.isLatest(e))
  if (orphans.length === 0) return chain
  const anchorOf = new Map<string, SessionEvent>()
  const onChain = new Map<string, SessionEvent[]>()
  for (const n of chain) {
    const id = n.messageId
    if (id === undefined) continue
    anchorOf.set(id, n)
    push(onChain, id, n)
  }
  if (anchorOf.size === 0) return chain
  const turnLines = new Map<string, SessionEvent[]>()
  const children = new Map<string, SessionEvent[]>()
  for (const n of orphans) {
    const id = n.messageId
    if (id !== undefined && anchorOf.has(id)) push(turnLines, id, n)
    const p = parentOf(n)
    if (p !== undefined && graph.has(p)) push(children, p, n)
  }
  const inserts = new Map<SessionEvent, SessionEvent[]>()
  for (const [id, anchor] of anchorOf) {
    // Most turns have nothing off the chain: no other line, no result below any of their lines.
    if (!turnLines.has(id) && !hasChildren(onChain.get(id)!, children)) continue
    const siblings = partsOf(
      onChain.get(id)!,
      byTime([...(turnLines.get(id) ?? [])]),
      graph,
      children,
      contentOf,
    )
    const members = [...onChain.get(id)!, ...siblings]
    const results = byTime(
      members.flatMap((s) => (children.get(s.uuid!) ?? []).filter((c) => c.isToolResult)),
    )
    if (siblings.length + results.length === 0) continue
    const recovered: SessionEvent[] = []
    const take = (n: SessionEvent) => {
      if (graph.take(n)) recovered.push(n)
    }
    siblings.forEach(take)
    for (const r of results) {
      take(r)
      hangers(r, children, graph).forEach(take)
    }
    inserts.set(anchor, recovered)
  }
  if (inserts.size === 0) return chain
  const out: SessionEvent[] = []
  for (const n of chain) {
    out.push(n)
    const after = inserts.get(n)
    if (after) out.push(...after)
  }
  return out
}

/**
 * A turn's lines off the chain that are parts of it, in time order: each but those that say only
 * what the turn's lines already say (contentOf), which are set aside as copies with the tool
 * results below them (their calls are answered on the thread). Claude Code writes a resumed
 * session's history again under new uuids, one line a block or one line a message, so a copy of a
 * turn on the chain shares its message.id; its requests sent each block once.
 */
function partsOf(
  onChain: readonly SessionEvent[],
  siblings: readonly SessionEvent[],
  graph: Graph,
  children: Map<string, SessionEvent[]>,
  contentOf: ContentOf,
): SessionEvent[] {
  let said: Set<string> | undefined
  const parts: SessionEvent[] = []
  for (const s of siblings) {
    const content = contentOf(s)
    said ??= new Set(onChain.flatMap((n) => contentOf(n)))
    if (content.length > 0 && content.every((c) => said!.has(c))) {
      graph.setAside(s)
      for (const c of children.get(s.uuid!) ?? []) if (c.isToolResult) graph.setAside(c)
      continue
    }
    for (const c of content) said.add(c)
    parts.push(s)
  }
  return parts
}

function hasChildren(
  list: readonly SessionEvent[],
  children: Map<string, SessionEvent[]>,
): boolean {
  for (const n of list) if (children.has(n.uuid!)) return true
  return false
}

/** The events below a recovered tool result that are not turns of their own (hooks, notices). */
function hangers(
  from: SessionEvent,
  children: Map<string, SessionEvent[]>,
  graph: Graph,
): SessionEvent[] {
  const out: SessionEvent[] = []
  const stack: SessionEvent[] = []
  // In reverse, so that the first child is popped first; a loop, as an event may have more
  // children than a spread takes arguments.
  const pushChildren = (n: SessionEvent) => {
    const kids = children.get(n.uuid!) ?? []
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i])
  }
  pushChildren(from)
  while (stack.length > 0) {
    const n = stack.pop()!
    const type = n.type
    if (graph.isIn(n) || type === 'user' || type === 'assistant') continue
    out.push(n)
    pushChildren(n)
  }
  return out
}

function leftOut(
  graph: Graph,
  thread: readonly SessionEvent[],
  all: readonly SessionEvent[],
): Omit<Thread, 'events' | 'preserved'> {
  const root = thread[0]
  const boundary = root && (isCompactBoundary(root) || root.summaryRoot) ? root.line : 0
  const result: Omit<Thread, 'events' | 'preserved'> = {
    sidechain: [],
    beforeCompaction: [],
    abandoned: [],
    progress: [],
    superseded: [],
    copies: [],
  }
  // The pool is every event, or the events off the sidechains.
  const { pool, inThread } = graph
  if (pool !== all) for (const e of all) if (e.isSidechain) result.sidechain.push(e.line)
  for (let i = 0; i < pool.length; i++) {
    if (inThread[i] === 1) continue
    const event = pool[i]
    if (inThread[i] === COPY) result.copies.push(event.line)
    else if (!graph.isLatest(event)) result.superseded.push(event.line)
    else if (event.type === 'progress') result.progress.push(event.line)
    else if (event.line < boundary) result.beforeCompaction.push(event.line)
    else result.abandoned.push(event.line)
  }
  return result
}

const isTurn = (e: SessionEvent) => e.type === 'user' || e.type === 'assistant'

/**
 * The thread with the notices beside it: attachments and system events off the thread that hang
 * off an event on it with no prompt or reply between (a PreToolUse hook's output hanging off the
 * tool call, as its result does, while the next turn continues from the result). Claude Code's
 * resume walk passes them by, but the live session had them in its messages, and its requests
 * carry those that normalizeAttachmentForAPI sends (a hook's blocking error). Each goes after the
 * event it hangs off and the tool results and lines of its turn that follow it, in file order;
 * the events reader says which are sent.
 */
function withNotices(thread: SessionEvent[], graph: Graph): SessionEvent[] {
  const candidates = graph.pool.filter(
    (e) => !graph.isIn(e) && graph.isLatest(e) && e.type !== 'progress' && !isTurn(e),
  )
  // Many sessions have none: the branches are looked for only when some are.
  if (candidates.length === 0) return thread
  const branches = branchEvents(graph)
  const after = new Map<SessionEvent, SessionEvent[]>()
  for (const e of candidates) {
    if (branches.has(e)) continue
    const at = threadAncestor(e, graph)
    if (at) push(after, at, e)
  }
  if (after.size === 0) return thread
  const out: SessionEvent[] = []
  let pending: SessionEvent[] = []
  let turn: string | undefined
  for (const n of thread) {
    // A notice waits until the tool results and other lines of the turn it hangs off are placed.
    const sameTurn = n.isToolResult || (turn !== undefined && n.messageId === turn)
    if (pending.length > 0 && !sameTurn) {
      for (const e of pending) if (graph.take(e)) out.push(e)
      pending = []
    }
    out.push(n)
    const notices = after.get(n)
    if (notices) {
      for (const e of notices) pending.push(e)
      turn = n.messageId
    } else if (!sameTurn) turn = undefined
  }
  for (const e of pending) if (graph.take(e)) out.push(e)
  return out
}

/**
 * The events off the thread that lead to a prompt or a reply off it: the start of another branch
 * (a rewind, an edited prompt), not a notice beside the thread, even where no turn is between them
 * and the thread.
 */
function branchEvents(graph: Graph): Set<SessionEvent> {
  const marked = new Set<SessionEvent>()
  for (const e of graph.pool) {
    if (graph.isIn(e) || !isTurn(e)) continue
    let n: SessionEvent | undefined = e
    for (let steps = 0; n && !graph.isIn(n) && steps < 64; steps++) {
      const p = parentOf(n)
      n = p === undefined ? undefined : graph.get(p)
      if (!n || graph.isIn(n) || isTurn(n) || marked.has(n)) break
      marked.add(n)
    }
  }
  return marked
}

/**
 * The event on the thread that a notice off it hangs off, when no turn (a prompt, a reply) is
 * between them; undefined for a notice on another branch.
 */
function threadAncestor(event: SessionEvent, graph: Graph): SessionEvent | undefined {
  let n: SessionEvent | undefined = event
  for (let steps = 0; n && steps < 64; steps++) {
    if (isTurn(n)) return undefined
    const p = parentOf(n)
    n = p === undefined ? undefined : graph.get(p)
    if (n && graph.isIn(n)) return n
  }
  return undefined
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Stable sort by the event's timestamp (ISO strings compare as text); file order on ties. */
function byTime(list: SessionEvent[]): SessionEvent[] {
  const time = (n: SessionEvent) => n.timestamp
  return list.sort((a, b) => (time(a) < time(b) ? -1 : time(a) > time(b) ? 1 : a.pos - b.pos))
}

/** The largest number in a sorted list that is below `line`. */
function lastBefore(sorted: readonly number[], line: number): number | undefined {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid] < line) lo = mid + 1
    else hi = mid
  }
  return lo > 0 ? sorted[lo - 1] : undefined
}
