/**
 * The web build's files, and nothing else: a request's path is mapped by the same rule as the
 * desktop app's `app://inspector` scheme (node/page-files.ts: no `.`, `..`, backslash, colon
 * or NUL segment, inside the folder), then checked again after links are resolved.
 */
import { createReadStream } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isAbsolute, relative, sep } from 'node:path'
import { APP_HOST, APP_SCHEME, SECURITY_HEADERS, appFileFor } from '../page-files'

/** Headers on every answer of the server: the app's CSP and nosniff, and no Referer with the key. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  // The page's URL holds the access key: no request the page makes may carry it elsewhere.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

/** The real path of a file of the build a request names, or the status to refuse it with. */
export async function buildFileFor(
  pathname: string,
  webDir: string,
): Promise<
  { ok: true; path: string; mimeType: string; size: number } | { ok: false; status: number }
> {
  const file = appFileFor(`${APP_SCHEME}://${APP_HOST}${pathname}`, webDir)
  if (!file.ok) return { ok: false, status: file.status }
  const [real, root] = await Promise.all([
    realpath(file.path).catch(() => null),
    realpath(webDir).catch(() => null),
  ])
  if (real === null || root === null) return { ok: false, status: 404 }
  const inside = relative(root, real)
  if (inside === '' || inside.startsWith('..' + sep) || inside === '..' || isAbsolute(inside)) {
    return { ok: false, status: 404 }
  }
  const info = await stat(real).catch(() => null)
  if (!info?.isFile()) return { ok: false, status: 404 }
  return { ok: true, path: real, mimeType: file.mimeType, size: info.size }
}

/** Answers a GET or HEAD for a file of the build. */
export async function serveBuildFile(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  webDir: string,
): Promise<void> {
  const file = await buildFileFor(pathname, webDir)
  if (!file.ok) {
    const text = file.status === 400 ? 'The path is not allowed.' : 'Not found.'
    response.writeHead(file.status, {
      ...PAGE_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
    })
    response.end(text)
    return
  }
  response.writeHead(200, {
    ...PAGE_HEADERS,
    'Content-Type': file.mimeType,
    'Content-Length': file.size,
  })
  if (request.method === 'HEAD') response.end()
  else
    createReadStream(file.path)
      .on('error', () => response.destroy())
      .pipe(response)
}
