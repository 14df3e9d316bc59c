/**
 * The page's side of `compaction-inspector serve` (node/serve/): sessions, reopening and following
 * through the server that served the page, with the access key its URL gave it. Plain fetch, no
 * Node: the page must never import Node's modules.
 */
import type { Api, FileChange, OpenedFile, Result } from '../../electron/contract'
import {
  API,
  FILE_HEADERS,
  KEY_HEADER,
  KEY_PARAMETER,
  createFrameReader,
  type ServedRequest,
} from '../../node/serve/wire'

/** The part of `window.api` the server answers (its requests, wire.ts API), and what the page does itself. */
export type ServedApi = Pick<Api, ServedRequest | 'sessions' | 'unfollowFile' | 'onFileChange'>

/** The access key in the page's address, when `serve` served it; null for any other page. */
export function servedKey(location: Pick<Location, 'search'>): string | null {
  const key = new URLSearchParams(location.search).get(KEY_PARAMETER)
  return key !== null && /^[A-Za-z0-9_-]{32}$/.test(key) ? key : null
}

const UNREACHABLE =
  'The inspector server does not answer: is `compaction-inspector serve` still running?'

/** The API over the server at `origin` (the page's own), asking with `key`. */
export function createServedApi(
  key: string,
  log: (message: string) => void = (message) => console.warn(message),
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): ServedApi {
  const headers = { [KEY_HEADER]: key }
  const listeners = new Set<(change: FileChange) => void>()
  let following: AbortController | null = null

  const ask = async (
    path: string,
    params: Record<string, string | number> = {},
    signal?: AbortSignal,
  ) => {
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))
    const url = Object.keys(params).length > 0 ? `${path}?${query}` : path
    return fetchImpl(url, { headers, signal, cache: 'no-store' })
  }

  const json = async <T>(
    path: string,
    params?: Record<string, string | number>,
  ): Promise<Result<T>> => {
    let response: Response
    try {
      response = await ask(path, params)
    } catch {
      return { ok: false, error: UNREACHABLE }
    }
    if (!response.ok) return failureOf(response)
    return (await response.json()) as Result<T>
  }

  const file = async (
    path: string,
    params: Record<string, string>,
  ): Promise<Result<OpenedFile>> => {
    let response: Response
    try {
      response = await ask(path, params)
    } catch {
      return { ok: false, error: UNREACHABLE }
    }
    if (!response.ok || !isBytes(response)) return (await failureOf(response)) as Result<OpenedFile>
    const body = new Uint8Array(await response.arrayBuffer())
    const token = response.headers.get(FILE_HEADERS.token) || null
    const name = decodeURIComponent(response.headers.get(FILE_HEADERS.name) ?? '')
    const path_ = decodeURIComponent(response.headers.get(FILE_HEADERS.path) ?? '') || null
    const split = companionOf(response, body)
    const content = split ? split.content : body
    const companion = split ? { companion: split.parent } : {}
    const sessionHeader = response.headers.get(FILE_HEADERS.session)
    const session = sessionHeader ? { session: decodeURIComponent(sessionHeader) } : {}
    return { ok: true, value: { token, name, path: path_, content, ...companion, ...session } }
  }

  /** Reads a follow's frames until the page stops it or the server ends it. */
  const pump = async (
    token: string,
    body: ReadableStream<Uint8Array>,
    controller: AbortController,
  ) => {
    const frames = createFrameReader(token, (change) => {
      for (const listener of listeners) listener(change)
    })
    const reader = body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        frames.push(value)
      }
      if (!controller.signal.aborted) log('Live: the server stopped following the file.')
    } catch (error) {
      if (!controller.signal.aborted) log(`Live: following the file stopped: ${String(error)}`)
    } finally {
      if (following === controller) following = null
    }
  }

  return {
    sessions: true,
    listSessions: () => json(API.listSessions),
    sessionCounts: (id) => json(API.sessionCounts, { id }),
    searchSessions: (text) => json(API.searchSessions, { text }),
    openSession: (id) => file(API.openSession, { id }),
    reopenFile: (token) => file(API.reopenFile, { token }),

    followFile: async (token, from) => {
      following?.abort()
      const controller = new AbortController()
      following = controller
      let response: Response
      try {
        response = await ask(API.followFile, { token, from }, controller.signal)
      } catch {
        if (following === controller) following = null
        return { ok: false, error: controller.signal.aborted ? 'Stopped following.' : UNREACHABLE }
      }
      if (!response.ok || response.body === null || !isBytes(response)) {
        if (following === controller) following = null
        return (await failureOf(response)) as Result<null>
      }
      void pump(token, response.body, controller)
      return { ok: true, value: null }
    },

    unfollowFile: async () => {
      following?.abort()
      following = null
    },

    onFileChange: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

function isBytes(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('application/octet-stream')
}

// A refusal or failure the server wrote as a Result; anything else in a sentence of our own.
async function failureOf(response: Response): Promise<Result<never>> {
  try {
    const body = (await response.json()) as Result<unknown>
    if (body && body.ok === false && typeof body.error === 'string') return body
  } catch {
    // Not our server's JSON: said below.
  }
  return {
    ok: false,
    error: `The inspector server answered ${response.status} ${response.statusText}.`.trim(),
  }
}

/**
 * A body that carries a forked subagent's parent transcript after the file (FILE_HEADERS), as two
 * arrays of their own; null when it carries the file alone, or says a size it does not have.
 */
function companionOf(
  response: Response,
  body: Uint8Array<ArrayBuffer>,
): {
  content: Uint8Array<ArrayBuffer>
  parent: { name: string; content: Uint8Array<ArrayBuffer> }
} | null {
  const name = response.headers.get(FILE_HEADERS.companionName)
  const size = Number(response.headers.get(FILE_HEADERS.companionBytes))
  if (!name || !Number.isSafeInteger(size) || size <= 0 || size > body.byteLength) return null
  const at = body.byteLength - size
  return {
    content: body.slice(0, at),
    parent: { name: decodeURIComponent(name), content: body.slice(at) },
  }
}
