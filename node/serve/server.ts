/**
 * `compaction-inspector serve`'s HTTP server: the web build's files, and the API (api.ts) that
 * the page uses as its `window.api` host, on 127.0.0.1 by default. Every request is checked for
 * its Host header (DNS rebinding); every API request for the access key, in a header (so another
 * site's page can neither send it nor read an answer). docs/security.md says what each check stops.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFileGrants, openChosenFile } from '../file-grants'
import type { FollowFile } from '../following'
import { sessionsForPage } from '../session-rows'
import type { SessionCatalog } from '../sessions/catalog'
import { allowedHosts, createAccessKey, hostAllowed, keyMatches } from './access'
import { answerApi, sendJson, type ApiDeps } from './api'
import { PAGE_HEADERS, serveBuildFile } from './static-files'
import { KEY_HEADER, KEY_PARAMETER } from './wire'

/** What the server serves, and where. */
export interface ServeOptions {
  /** The web build (index.html and its assets). */
  webDir: string
  /** 127.0.0.1 unless the user asks for another address. */
  host?: string
  /** 0 picks a free port. */
  port?: number
  catalog: SessionCatalog
  follow: FollowFile
  /** A fixed key, for tests; a random one otherwise. */
  key?: string
  log?: (message: string) => void
}

/** A running server. */
export interface RunningServe {
  /** The page's address, with its key: the one URL that opens the inspector. */
  url: string
  port: number
  key: string
  /** Stops listening and ends every open request (follows included). */
  close(): Promise<void>
}

/** The loopback address the server listens on unless told otherwise. */
export const DEFAULT_HOST = '127.0.0.1'

/** Starts the server; resolves once it listens. */
export async function startServe(options: ServeOptions): Promise<RunningServe> {
  const host = options.host ?? DEFAULT_HOST
  const key = options.key ?? createAccessKey()
  const log = options.log ?? ((message: string) => console.warn(message))
  const grants = createFileGrants()
  const openPath = (path: string) => openChosenFile(path, grants)
  const deps: ApiDeps = {
    sessions: sessionsForPage(options.catalog, openPath),
    grants,
    openPath,
    follow: options.follow,
    log,
  }
  let hosts: ReadonlySet<string> = new Set()

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      log(`serve: ${request.method} ${pathOf(request)} failed: ${String(error)}`)
      if (!response.headersSent) {
        sendJson(response, { ok: false, error: 'The server could not answer this request.' }, 500)
      } else response.destroy()
    })
  })

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!hostAllowed(request.headers.host, hosts)) {
      log(`serve: refused a request for host ${JSON.stringify(request.headers.host ?? '')}`)
      return refuse(response, 403, 'Refused: this server answers only to its own address.')
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(response, 405, 'Only GET and HEAD are served.', { Allow: 'GET, HEAD' })
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      // A HEAD would start what a GET does (a follow) and show nothing of it.
      if (request.method !== 'GET') {
        return refuse(response, 405, 'The API answers GET only.', { Allow: 'GET' })
      }
      if (!keyMatches(request.headers[KEY_HEADER], key)) {
        log(`serve: refused ${url.pathname}: no access key, or the wrong one`)
        return sendJson(
          response,
          { ok: false, error: 'Refused: the access key is missing or wrong.' },
          403,
        )
      }
      if (await answerApi(url, request, response, deps)) return
      return sendJson(response, { ok: false, error: `No such API: ${url.pathname}` }, 404)
    }
    await serveBuildFile(request, response, url.pathname, options.webDir)
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', fail)
      done()
    })
  })
  const { port } = server.address() as AddressInfo
  hosts = allowedHosts(host, port)
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${port}/?${KEY_PARAMETER}=${key}`,
    port,
    key,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

function refuse(
  response: ServerResponse,
  status: number,
  text: string,
  extra: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...PAGE_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    ...extra,
  })
  response.end(text)
}

// The path alone, for the log: the query may hold a token.
function pathOf(request: IncomingMessage): string {
  return new URL(request.url ?? '/', 'http://localhost').pathname
}
