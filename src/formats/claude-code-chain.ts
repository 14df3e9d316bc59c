import type { EventReading } from './claude-code-events'
import { isObject, type Json } from './json-shape'
import type { NoteList } from './report'

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
   * The event's timestamp as text ('' when it has none): recovered turn parts sort by it, so it is
   * kept only for the events that can be one (an assistant line with a message.id, a tool result).
   */
  timestamp: string
  subtype?: unknown
  logicalParentUuid?: unknown
  /** A compaction boundary's compactMetadata (its preservedSegment relinks the chain). */
  compactMetadata?: Json
  /**
   * Where its parent was among the events of its pool (ChainIndex) when it was parsed: final when
   * the file has no uuid twice, since no later event can take that uuid over.
   */
  parentPos?: number
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
    timestamp: isToolResult || messageId !== undefined ? String(v.timestamp ?? '') : '',
    subtype,
    logicalParentUuid: v.logicalParentUuid,
    compactMetadata:
      type === 'system' && subtype === 'compact_boundary' && isObject(v.compactMetadata)
        ? v.compactMetadata
        : undefined,
    parentPos: undefined,
    // Not read yet: readEventLine fills these in for an event with a uuid.
    firstMessage: 0,
    messageCount: 0,
    model: undefined,
    turn: undefined,
    usage: undefined,
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

/** An event on the uuid/parentUuid graph, with its place among the graph's events in file order. */
interface Node {
  event: SessionEvent
  uuid: string
  pos: number
  /** On the thread: walked back to, or recovered as a part of a turn. */
  inThread: boolean
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
 * across lines with one `message.id`, and the tool results that answer them. A parent that is not
 * in the file (its line is broken) is bridged to the event before the gap, with a warning.
 * `broken` is the sorted line numbers that did not parse; `leafUuid` starts the walk elsewhere than
 * at the latest event. Linear: every lookup is by Map.
 */
export function buildThread(
  events: readonly SessionEvent[],
  index: ChainIndex,
  broken: readonly number[],
  notes: NoteList,
  leafUuid?: string,
): Thread {
  const all = events.filter((e) => uuidOf(e) !== undefined)
  const main = all.filter((e) => !e.isSidechain)
  const pool = main.length > 0 ? main : all
  if (main.length === 0 && all.length > 0) {
    notes.info('', 'every event is on a sidechain (a subagent transcript); following its chain')
  }
  const nodes: Node[] = pool.map((event, pos) => ({
    event,
    uuid: uuidOf(event)!,
    pos,
    inThread: false,
  }))
  // The pool's events by uuid, as positions (index.main holds the events off the sidechains).
  const positions = main.length > 0 ? index.main : index.side
  const byUuid: NodeLookup = {
    get: (uuid) => {
      const pos = positions.get(uuid)
      return pos === undefined ? undefined : nodes[pos]
    },
    has: (uuid) => positions.has(uuid),
  }
  const relink = preservedSegmentLinks(nodes, byUuid)
  // Without a uuid on two events, the parent found as a line was parsed is the one a lookup now
  // would find.
  const parsed = !index.duplicates

  const parent = (n: Node): Node | undefined => {
    if (relink.size > 0) {
      const override = relink.get(n.uuid)
      if (override !== undefined) return override ?? undefined
    }
    const p = parentOf(n.event)
    if (p === undefined) return undefined
    const at = n.event.parentPos
    const found = parsed && at !== undefined ? nodes[at] : byUuid.get(p)
    if (found) return found
    const before = nodes[n.pos - 1]
    const gap = lastBefore(broken, n.event.line)
    const why = gap !== undefined ? ` (line ${gap} is broken)` : ''
    notes.warn(
      `line ${n.event.line}: parentUuid`,
      before
        ? `"${p}" is not in the file${why}; the chain was bridged to line ${before.event.line}, the event before the gap`
        : `"${p}" is not in the file${why}; the chain starts here`,
    )
    return before
  }

  const leaf = leafUuid === undefined ? leafOf(nodes) : byUuid.get(leafUuid)
  const chain = walkBack(leaf, parent, notes)
  const thread = withTurnParts(chain, nodes, byUuid)
  return { events: thread.map((n) => n.event), ...leftOut(nodes, thread, all, pool) }
}

/** The pool's nodes by uuid. */
interface NodeLookup {
  get(uuid: string): Node | undefined
  has(uuid: string): boolean
}

/** The latest event that is not UI progress: the end of the thread Claude Code resumes. */
function leafOf(nodes: readonly Node[]): Node | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    if (nodes[i].event.type !== 'progress') return nodes[i]
  }
  return nodes[nodes.length - 1]
}

function walkBack(
  leaf: Node | undefined,
  parent: (n: Node) => Node | undefined,
  notes: NoteList,
): Node[] {
  const chain: Node[] = []
  for (let n = leaf; n; n = parent(n)) {
    if (n.inThread) {
      notes.warn(`line ${n.event.line}: parentUuid`, 'the chain loops back on itself; stopped here')
      break
    }
    n.inThread = true
    chain.push(n)
  }
  return chain.reverse()
}

/**
 * A partial compaction keeps a segment of the old history (`compactMetadata.preservedSegment`,
 * Claude Code 2.1): its head is re-parented to the anchor, and the anchor's other children to its
 * tail, as `applyPreservedSegmentRelinks` does. Only the last boundary's segment counts.
 */
function preservedSegmentLinks(
  nodes: readonly Node[],
  byUuid: NodeLookup,
): Map<string, Node | null> {
  const links = new Map<string, Node | null>()
  let last: SessionEvent | undefined
  for (const n of nodes) if (isCompactBoundary(n.event)) last = n.event
  const meta = last?.compactMetadata
  const seg = meta && isObject(meta.preservedSegment) ? meta.preservedSegment : undefined
  if (!seg) return links
  const head = byUuid.get(String(seg.headUuid))
  const anchor = byUuid.get(String(seg.anchorUuid))
  const tail = byUuid.get(String(seg.tailUuid))
  if (!head || !anchor || !tail) return links
  links.set(head.uuid, anchor)
  for (const n of nodes) {
    if (n !== head && parentOf(n.event) === anchor.uuid) links.set(n.uuid, tail)
  }
  return links
}

/**
 * The chain with the parts of each assistant turn that the walk left on side branches: the turn's
 * other lines (same message.id), then the tool results answering any of its lines, each followed
 * by the attachments and system events hanging off it; all placed right after the turn's last line
 * on the chain, in timestamp order (file order on ties), as `recoverOrphanedParallelToolResults`.
 */
function withTurnParts(chain: Node[], nodes: readonly Node[], byUuid: NodeLookup): Node[] {
  // Everything recovered is off the chain, so only those events are indexed: in most sessions
  // they are few.
  const orphans = nodes.filter((n) => !n.inThread)
  if (orphans.length === 0) return chain
  const anchorOf = new Map<string, Node>()
  const onChain = new Map<string, Node[]>()
  for (const n of chain) {
    const id = n.event.messageId
    if (id === undefined) continue
    anchorOf.set(id, n)
    push(onChain, id, n)
  }
  if (anchorOf.size === 0) return chain
  const turnLines = new Map<string, Node[]>()
  const children = new Map<string, Node[]>()
  for (const n of orphans) {
    const id = n.event.messageId
    if (id !== undefined && anchorOf.has(id)) push(turnLines, id, n)
    const p = parentOf(n.event)
    if (p !== undefined && byUuid.has(p)) push(children, p, n)
  }
  const inserts = new Map<Node, Node[]>()
  for (const [id, anchor] of anchorOf) {
    // Most turns have nothing off the chain: no other line, no result below any of their lines.
    if (!turnLines.has(id) && !hasChildren(onChain.get(id)!, children)) continue
    const siblings = byTime([...(turnLines.get(id) ?? [])])
    const members = [...onChain.get(id)!, ...siblings]
    const results = byTime(
      members.flatMap((s) => (children.get(s.uuid) ?? []).filter((c) => c.event.isToolResult)),
    )
    if (siblings.length + results.length === 0) continue
    const recovered: Node[] = []
    const take = (n: Node) => {
      if (n.inThread) return
      n.inThread = true
      recovered.push(n)
    }
    siblings.forEach(take)
    for (const r of results) {
      take(r)
      hangers(r, children).forEach(take)
    }
    inserts.set(anchor, recovered)
  }
  if (inserts.size === 0) return chain
  const out: Node[] = []
  for (const n of chain) {
    out.push(n)
    const after = inserts.get(n)
    if (after) out.push(...after)
  }
  return out
}

function hasChildren(list: readonly Node[], children: Map<string, Node[]>): boolean {
  for (const n of list) if (children.has(n.uuid)) return true
  return false
}

/** The events below a recovered tool result that are not turns of their own (hooks, notices). */
function hangers(from: Node, children: Map<string, Node[]>): Node[] {
  const out: Node[] = []
  const stack = [...(children.get(from.uuid) ?? [])].reverse()
  while (stack.length > 0) {
    const n = stack.pop()!
    const type = n.event.type
    if (n.inThread || type === 'user' || type === 'assistant') continue
    out.push(n)
    stack.push(...[...(children.get(n.uuid) ?? [])].reverse())
  }
  return out
}

function leftOut(
  nodes: readonly Node[],
  thread: readonly Node[],
  all: readonly SessionEvent[],
  pool: readonly SessionEvent[],
): Omit<Thread, 'events'> {
  const root = thread[0]
  const boundary = root && isCompactBoundary(root.event) ? root.event.line : 0
  const result: Omit<Thread, 'events'> = {
    sidechain: [],
    beforeCompaction: [],
    abandoned: [],
    progress: [],
  }
  // The pool is every event, or the events off the sidechains.
  if (pool !== all) for (const e of all) if (e.isSidechain) result.sidechain.push(e.line)
  for (const { event, inThread } of nodes) {
    if (inThread) continue
    if (event.type === 'progress') result.progress.push(event.line)
    else if (event.line < boundary) result.beforeCompaction.push(event.line)
    else result.abandoned.push(event.line)
  }
  return result
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Stable sort by the event's timestamp (ISO strings compare as text); file order on ties. */
function byTime(list: Node[]): Node[] {
  const time = (n: Node) => n.event.timestamp
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
