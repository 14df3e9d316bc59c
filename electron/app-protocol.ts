/**
 * The `app://inspector/` scheme the renderer is served from, instead of file:// (Electron's
 * security checklist, item 18). A file:// page has an opaque origin, loads module scripts and
 * workers unreliably, can read any file on the machine and cannot get response headers. This
 * scheme gives the page a real, secure origin, serves only the files of out/renderer, and sends
 * the Content-Security-Policy as a header, where `frame-ancestors` works.
 */
import { readFile } from 'node:fs/promises'
import type { CustomScheme, Protocol } from 'electron'
import { APP_SCHEME, SECURITY_HEADERS, appFileFor } from '../node/page-files'

/**
 * A standard scheme resolves relative URLs and has an origin; a secure one is a secure context
 * (module workers, clipboard). `supportFetchAPI` lets the page fetch its own files and
 * `codeCache` keeps V8's compiled code between launches. Deliberately absent: `bypassCSP`
 * (our CSP must apply), `corsEnabled` (it would let other origins read our files),
 * `allowServiceWorkers` and `stream` (nothing here needs them).
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
}

/** Reads a whole file; fs.promises.readFile by default, a stand-in in tests. */
export type ReadFile = (path: string) => Promise<Uint8Array>

/**
 * The scheme's request handler: GET and HEAD of the files {@link appFileFor} allows, 404 for
 * files that are not there, and the security headers on every answer.
 */
export function appProtocolHandler(
  rendererDir: string,
  read: ReadFile = readFile,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return textResponse(405, 'Only GET and HEAD are served.', { Allow: 'GET, HEAD' })
    }
    const file = appFileFor(request.url, rendererDir)
    if (!file.ok) return textResponse(file.status, file.reason)
    let body: Uint8Array
    try {
      body = await read(file.path)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') {
        return textResponse(404, 'Not found.')
      }
      return textResponse(500, 'The file could not be read.')
    }
    const headers = { ...SECURITY_HEADERS, 'Content-Type': file.mimeType }
    // A fresh copy, so the Response owns a plain ArrayBuffer whatever pool `read` used.
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers })
  }
}

/**
 * Declares the scheme privileged. Electron allows this once, before `ready`, and each call
 * replaces the previous list, so every privileged scheme of the app must be in this one call.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])
}

/** Serves out/renderer on the scheme, in the default session (the window's); after `ready`. */
export function serveRenderer(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, appProtocolHandler(rendererDir))
}

function textResponse(status: number, text: string, extra: Record<string, string> = {}): Response {
  const headers = { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra }
  return new Response(text, { status, headers })
}
