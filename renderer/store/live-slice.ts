import type { FileChange, FileToken, Result } from '../../electron/contract'
import type { LiveChange, LiveParsed } from '../workers/types'
import { shownReset } from './conversation-reset'
import { importedFields } from './imported-fields'
import { selectReadyCounts } from './selectors'
import { settle } from './settle'
import type { SliceCreator } from './types'

/** Following the file on screen while its agent writes it. */
export interface LiveFollow {
  token: FileToken
  /**
   * following: changes arrive and are shown; paused: the user turned following off; off: a file
   * too large to follow from the start, read again to follow when asked; ended: the file was
   * removed; failed: the host could not follow it (note says why).
   */
  state: 'following' | 'paused' | 'off' | 'ended' | 'failed'
  /** The bytes of the file read so far: where following goes on from after a pause. */
  bytesRead: number
  /** What the last re-read, removal or failure said; null while nothing has. */
  note: string | null
  /** How many changes have been shown since the file opened. */
  changes: number
}

export interface LiveSlice {
  /** The followed file; null when the file on screen is not followed (no token, or a plain page). */
  live: LiveFollow | null
  /**
   * Follows the file just opened, from `bytesRead` (loadFile calls it); `followed` false when it
   * was read without following (too large). A null token stops following the one before.
   */
  followOpened(token: FileToken | null, bytesRead: number, followed: boolean): void
  /** Turns following the file on screen on or off (the header's Live button). */
  setFollowing(on: boolean): void
}

/**
 * Files up to this size are followed from the start. Following keeps what the worker parsed (each
 * line's values, to parse only what comes next), which for a log of tens of megabytes is memory a
 * file that is not growing never repays: larger ones are followed when the user asks.
 */
export const FOLLOW_AT_OPEN_BYTES = 16 * 1024 * 1024

/** Bytes one after the other, as one array. */
function joined(parts: readonly Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0]
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const part of parts) {
    all.set(part, at)
    at += part.byteLength
  }
  return all
}

/**
 * The next change to parse from those waiting: a re-read supersedes everything before it, and
 * appends after it are parsed together (they are the same file, written on).
 */
function nextChange(waiting: FileChange[]): LiveChange | 'gone' | null {
  if (waiting.length === 0) return null
  const gone = waiting.findIndex((c) => c.kind === 'gone')
  if (gone >= 0) {
    waiting.length = 0
    return 'gone'
  }
  let reset = -1
  waiting.forEach((c, i) => c.kind === 'reset' && (reset = i))
  if (reset >= 0) {
    const change = waiting[reset] as Extract<FileChange, { kind: 'reset' }>
    waiting.splice(0, reset + 1)
    return { kind: 'replace', bytes: change.bytes, reason: change.reason }
  }
  const appends = waiting.splice(0) as Extract<FileChange, { kind: 'append' }>[]
  return { kind: 'append', bytes: joined(appends.map((c) => c.bytes)) }
}

/**
 * Following: the host sends what the agent writes; the conversation's worker parses only that
 * (the core's LiveImport) and answers with the messages that changed; only those are counted,
 * and the conversation, its counts and what the file says are shown together, in one update,
 * once counted. Nothing is read or counted twice, and nothing shows a mix of two versions.
 */
export const createLiveSlice: SliceCreator<LiveSlice> = (deps) => (set, get) => {
  // Each follow's changes belong to it: after another file opens, a late answer is dropped.
  let generation = 0
  let waiting: FileChange[] = []
  let draining = false
  let offChange: (() => void) | null = null

  const patchLive = (patch: Partial<LiveFollow>) => {
    const live = get().live
    if (live) set({ live: { ...live, ...patch } })
  }

  const onChange = (change: FileChange) => {
    const live = get().live
    if (!live || change.token !== live.token || live.state !== 'following') return
    waiting.push(change)
    if (!draining) void drain(generation)
  }

  const drain = async (ours: number) => {
    draining = true
    try {
      for (let change = nextChange(waiting); change; change = nextChange(waiting)) {
        if (change === 'gone') {
          stopHost()
          patchLive({ state: 'ended', note: 'the file was removed; showing what was read' })
          get().notify('info', `${get().file.name}: the file was removed; following stopped`)
          return
        }
        await apply(change, ours)
        if (ours !== generation) return
      }
    } finally {
      if (ours === generation) draining = false
    }
  }

  const parse = (change: LiveChange) =>
    new Promise<Result<LiveParsed> | null>((resolve) => {
      const conversation = get().shownConversation()
      if (!conversation) return resolve(null)
      conversation.change(change, (outcome) =>
        resolve(outcome.ok ? { ok: true, value: outcome.value } : outcome),
      )
    })

  const apply = async (change: LiveChange, ours: number) => {
    const parsed = await parse(change)
    if (ours !== generation || parsed === null) return
    if (!parsed.ok) {
      // The host has read past these bytes, so what it sends next would not follow on from what
      // is shown: following stops here, and Follow reads the whole file again.
      const note = `a change could not be read (${parsed.error}); showing what was read before. Follow reads the file again`
      stopHost()
      patchLive({ state: 'off', note })
      get().notify('error', `${get().file.name}: ${note}`)
      return
    }
    const { tail, bytesRead } = parsed.value
    if (tail === null) return patchLive({ bytesRead })
    const previous = get().messages
    const messages = [...previous.slice(0, tail.unchanged), ...tail.messages]
    // Counted before shown while the counts before are complete: the budget never blinks.
    const ready = selectReadyCounts(get())
    const counts = ready ? await get().countChange(messages, ready.slice(0, tail.unchanged)) : null
    if (ours !== generation) return
    const { header } = tail
    const live = get().live!
    // A whole-document log (Cline's) is rewritten on every turn: a re-read that only added
    // messages is the file growing, said to nobody. One that changed what was shown is news.
    const changedShown = tail.reread && tail.unchanged < previous.length
    get().adoptChange(messages)
    set({
      messages,
      ...importedFields(header),
      ...(counts ? { counts, partialCounts: null } : {}),
      // Indexes into a file read again mean nothing in it.
      ...(changedShown ? shownReset : {}),
      live: {
        ...live,
        bytesRead,
        changes: live.changes + 1,
        note: changedShown ? (tail.note ?? 'the file was read again') : live.note,
      },
    })
    if (!counts) {
      if (ready) get().countMessages()
      else get().countAfterChange(previous, tail.unchanged)
    }
    if (changedShown) get().notify('info', `${get().file.name}: ${tail.note ?? 'read again'}`)
  }

  // Stops the host's follower and what waits of it; the state says the rest.
  const stopHost = () => {
    generation++
    waiting = []
    draining = false
    offChange?.()
    offChange = null
    void deps.api.unfollowFile()
  }

  const start = (token: FileToken, from: number) => {
    const ours = ++generation
    waiting = []
    draining = false
    offChange ??= deps.api.onFileChange(onChange)
    void settle(deps.api.followFile(token, from)).then((result) => {
      if (!result.ok && ours === generation) {
        patchLive({ state: 'failed', note: `cannot follow the file: ${result.error}` })
      }
    })
  }

  return {
    live: null,

    followOpened: (token, bytesRead, followed) => {
      const before = get().live
      if (token === null || !followed) {
        if (before?.state === 'following') stopHost()
        const off = token === null ? null : ({ token, state: 'off', bytesRead } as const)
        return set({ live: off && { ...off, note: null, changes: 0 } })
      }
      set({ live: { token, state: 'following', bytesRead, note: null, changes: 0 } })
      start(token, bytesRead)
    },

    setFollowing: (on) => {
      const live = get().live
      if (!live || (live.state === 'following') === on) return
      if (on && live.state === 'off') return void get().readToFollow()
      if (on) {
        set({ live: { ...live, state: 'following', note: null } })
        start(live.token, live.bytesRead)
      } else {
        stopHost()
        set({ live: { ...live, state: 'paused' } })
      }
    },
  }
}
