/**
 * The API the served page uses as its `window.api` host: the sessions, a session's or a granted
 * file's bytes, and a followed file's changes. The page names sessions by the catalog's ids and
 * files by the tokens this server issued; it never sends a path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { invalid, type OpenedFile, type Result } from '../../electron/contract'
import type { FileGrants } from '../file-grants'
import { validateFileToken } from '../ipc-validation'
import { isWholeDocument, type FollowFile } from '../following'
import type { SessionsForPage } from '../session-rows'
import { PAGE_HEADERS } from './static-files'
import { API, FILE_HEADERS, frameHeader } from './wire'

/** What the API reads through. */
export interface ApiDeps {
  sessions: SessionsForPage
  grants: FileGrants
  /** Reads a granted path as the desktop app does (with its regular-file checks and size limit). */
  openPath(path: string): Promise<Result<OpenedFile>>
  follow: FollowFile
  log(message: string): void
}

/** The message for a well-formed token this server never issued. */
export const UNKNOWN_TOKEN =
  'Refused: this server did not open this file. Open it again from the list of sessions.'

/** Answers one API request (the key and the Host already checked); false for an unknown path. */
export async function answerApi(
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
  deps: ApiDeps,
): Promise<boolean> {
  const query = url.searchParams
  switch (url.pathname) {
    case API.hello:
      sendJson(response, { ok: true, value: { sessions: true } })
      return true
    case API.listSessions:
      sendJson(response, await deps.sessions.list())
      return true
    case API.sessionCounts:
      sendJson(response, await deps.sessions.counts(query.get('id')))
      return true
    case API.searchSessions:
      sendJson(response, await deps.sessions.search(query.get('text')))
      return true
    case API.openSession:
      sendFile(response, await deps.sessions.open(query.get('id')))
      return true
    case API.reopenFile: {
      const path = pathOfToken(query.get('token'), deps.grants)
      sendFile(response, path.ok ? await deps.openPath(path.value) : path)
      return true
    }
    case API.followFile:
      follow(query, request, response, deps)
      return true
    default:
      return false
  }
}

function pathOfToken(token: unknown, grants: FileGrants): Result<string> {
  const checked = validateFileToken(token ?? undefined)
  if (!checked.ok) return checked
  const path = grants.pathOf(checked.value)
  return path === null ? { ok: false, error: UNKNOWN_TOKEN } : { ok: true, value: path }
}

/**
 * A follow is the response itself: frames (wire.ts) as the file changes, for as long as the page
 * keeps the request open. Closing it (the page's unfollow, a new follow, the tab closing) stops
 * the follower, so a page can leave nothing running behind it.
 */
function follow(
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  deps: ApiDeps,
): void {
  const path = pathOfToken(query.get('token'), deps.grants)
  if (!path.ok) return sendJson(response, path)
  const from = Number(query.get('from'))
  if (!/^\d+$/.test(query.get('from') ?? '') || !Number.isSafeInteger(from)) {
    return sendJson(response, invalid('from must be a whole number of bytes'))
  }
  response.writeHead(200, {
    ...PAGE_HEADERS,
    'Content-Type': 'application/octet-stream',
    'X-Accel-Buffering': 'no',
  })
  response.flushHeaders()
  const follower = deps.follow(path.value, {
    from,
    wholeFile: isWholeDocument(path.value),
    onChange(change) {
      if (response.writableEnded) return
      response.write(frameHeader(change))
      if (change.kind !== 'gone') response.write(change.bytes)
    },
    // The follower goes on after an error (the next change is looked at again).
    onError(error) {
      deps.log(`serve: following a file: ${error instanceof Error ? error.message : String(error)}`)
    },
  })
  request.socket.setTimeout(0)
  response.on('close', () => follower.close())
}

const STATUS_OF_ERROR: [RegExp, number][] = [
  [/^Invalid request/, 400],
  [/^Refused/, 404],
]

/** A Result as JSON: 200 when ok, else the status its wording says (400, 404, else 422). */
export function sendJson(response: ServerResponse, result: Result<unknown>, status?: number): void {
  const code =
    status ??
    (result.ok ? 200 : (STATUS_OF_ERROR.find(([re]) => re.test(result.error))?.[1] ?? 422))
  const body = JSON.stringify(result)
  response.writeHead(code, {
    ...PAGE_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  })
  response.end(body)
}

/** An opened file as its bytes, with its token, name and path in headers; an error as JSON. */
function sendFile(response: ServerResponse, file: Result<OpenedFile>): void {
  if (!file.ok) return sendJson(response, file)
  const { token, name, path, content, companion, session } = file.value
  const bytes = typeof content === 'string' ? Buffer.from(content) : (content as Uint8Array)
  // Main reads the parent as bytes; only the page's own choice is a File.
  const parent = companion && ArrayBuffer.isView(companion.content) ? companion.content : undefined
  response.writeHead(200, {
    ...PAGE_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Length': bytes.byteLength + (parent?.byteLength ?? 0),
    [FILE_HEADERS.token]: token ?? '',
    [FILE_HEADERS.name]: encodeURIComponent(name),
    [FILE_HEADERS.path]: encodeURIComponent(path ?? ''),
    ...(session !== undefined ? { [FILE_HEADERS.session]: encodeURIComponent(session) } : {}),
    ...(companion && parent
      ? {
          [FILE_HEADERS.companionName]: encodeURIComponent(companion.name),
          [FILE_HEADERS.companionBytes]: String(parent.byteLength),
        }
      : {}),
  })
  // The parent's bytes follow the file's in the one body.
  if (parent) response.write(bytes)
  response.end(parent ?? bytes)
}
