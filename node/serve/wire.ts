/**
 * What `compaction-inspector serve` and its page say to each other: the API's paths, the header
 * that carries the access key, and the frames a followed file's changes travel in. No Node or DOM
 * imports: the server and the page (renderer/bridge/served-api.ts) both import this file.
 *
 * A follow is one long GET whose body is a sequence of frames, each a 1-byte kind, a 4-byte
 * big-endian length and that many bytes: the file's new bytes as they are, never base64, so a
 * 10 MB append costs 10 MB on the wire and one copy in the page.
 */
import type { FileChange, IpcInvokes } from '../../electron/contract'

/** The request header that carries the access key; a header, never a cookie, so no CSRF. */
export const KEY_HEADER = 'x-inspector-key'
/** The query parameter of the page's URL that hands the page its key. */
export const KEY_PARAMETER = 'key'

/**
 * The API's paths, by the contract's request each answers (and `hello`, which says that this host
 * has sessions); every one is a GET and needs the key.
 */
export const API = {
  hello: '/api/hello',
  listSessions: '/api/sessions',
  sessionCounts: '/api/sessions/counts',
  searchSessions: '/api/sessions/search',
  openSession: '/api/sessions/open',
  reopenFile: '/api/files/open',
  followFile: '/api/follow',
} as const satisfies { hello: string } & { [K in keyof IpcInvokes]?: string }

/** The requests of the contract that the server answers. */
export type ServedRequest = Exclude<keyof typeof API, 'hello'>

/** The headers an opened file's bytes come with: its token, and its name and path to show. */
export const FILE_HEADERS = {
  token: 'x-file-token',
  name: 'x-file-name',
  path: 'x-file-path',
  /**
   * The file the log needs beside it (OpenedFile.companion), when there is one: its name, and how
   * many of the body's bytes are its, after the file's own.
   */
  companionName: 'x-companion-name',
  companionBytes: 'x-companion-bytes',
  /** Which session of a database the page is to read (OpenedFile.session), when it is said. */
  session: 'x-file-session',
} as const

/** A change without its token, as a frame carries it (the page adds the token it followed). */
export type FrameChange =
  | { kind: 'append'; bytes: Uint8Array<ArrayBuffer> }
  | {
      kind: 'reset'
      reason: 'truncated' | 'replaced' | 'rewritten'
      bytes: Uint8Array<ArrayBuffer>
    }
  | { kind: 'gone' }

const KINDS = ['append', 'truncated', 'replaced', 'rewritten', 'gone'] as const
type FrameKind = (typeof KINDS)[number]

/** Bytes before a frame's payload: its kind and its length. */
export const FRAME_HEADER_BYTES = 5

/** The 5 bytes that start a change's frame; its payload (the change's bytes) follows as it is. */
export function frameHeader(change: FrameChange): Uint8Array<ArrayBuffer> {
  const kind: FrameKind = change.kind === 'reset' ? change.reason : change.kind
  const length = change.kind === 'gone' ? 0 : change.bytes.byteLength
  const header = new Uint8Array(FRAME_HEADER_BYTES)
  header[0] = KINDS.indexOf(kind)
  new DataView(header.buffer).setUint32(1, length)
  return header
}

/**
 * Splits a stream of chunks into changes. Chunks arrive cut anywhere; a frame's payload is copied
 * once, when it is complete, into memory of its own (it is transferred to a worker next).
 */
export function createFrameReader(token: string, onChange: (change: FileChange) => void) {
  let pending: Uint8Array[] = []
  let pendingBytes = 0

  const take = (count: number): Uint8Array<ArrayBuffer> => {
    const out = new Uint8Array(count)
    let filled = 0
    while (filled < count) {
      const chunk = pending[0]
      const used = Math.min(chunk.byteLength, count - filled)
      out.set(chunk.subarray(0, used), filled)
      filled += used
      if (used === chunk.byteLength) pending.shift()
      else pending[0] = chunk.subarray(used)
    }
    pendingBytes -= count
    return out
  }

  // The first FRAME_HEADER_BYTES pending bytes, without taking them: a header may be cut too.
  const peekHeader = (): { kind: FrameKind; length: number } | null => {
    if (pendingBytes < FRAME_HEADER_BYTES) return null
    let header = pending[0]
    if (header.byteLength < FRAME_HEADER_BYTES) {
      header = new Uint8Array(FRAME_HEADER_BYTES)
      let filled = 0
      for (const chunk of pending) {
        const used = Math.min(chunk.byteLength, FRAME_HEADER_BYTES - filled)
        header.set(chunk.subarray(0, used), filled)
        filled += used
        if (filled === FRAME_HEADER_BYTES) break
      }
    }
    const view = new DataView(header.buffer, header.byteOffset, FRAME_HEADER_BYTES)
    const kind = KINDS[view.getUint8(0)]
    if (kind === undefined) throw new Error(`a change of unknown kind ${view.getUint8(0)}`)
    return { kind, length: view.getUint32(1) }
  }

  return {
    /** Takes the next chunk of the stream; calls onChange for every frame it completes. */
    push(chunk: Uint8Array): void {
      pending.push(chunk)
      pendingBytes += chunk.byteLength
      for (;;) {
        const header = peekHeader()
        if (header === null || pendingBytes < FRAME_HEADER_BYTES + header.length) return
        take(FRAME_HEADER_BYTES)
        const bytes = take(header.length)
        if (header.kind === 'gone') onChange({ token, kind: 'gone' })
        else if (header.kind === 'append') onChange({ token, kind: 'append', bytes })
        else onChange({ token, kind: 'reset', reason: header.kind, bytes })
      }
    },
    /** Bytes received that do not make a whole frame yet. */
    get pendingBytes() {
      return pendingBytes
    },
    reset() {
      pending = []
      pendingBytes = 0
    },
  }
}
