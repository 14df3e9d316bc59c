/**
 * The renderer's origin, `app://inspector`, and which file of the built page a URL names: the rule
 * the desktop app's scheme (electron/app-protocol.ts) and `compaction-inspector serve`
 * (node/serve/static-files.ts) both serve by, with the same security headers. No Electron here.
 */
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

/** The scheme and host of every renderer URL; together they are the page's origin. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'inspector'
/** The page the window loads in the built app. */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * The policy of renderer/index.html's CSP meta tag, plus `frame-ancestors 'none'`, which
 * browsers ignore in a meta tag. A unit test keeps the two in step.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Headers on every response of the scheme, errors included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
}

/** Content types by extension; anything else is served as bytes, which nosniff won't run. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** The content type a file is served with, from its extension. */
export function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

/** Whether a parsed URL is on our origin: `app://inspector`, with no port or credentials. */
export function isAppUrl(url: URL): boolean {
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.hostname === APP_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  )
}

/** The file a request URL names, or why it is refused (as the HTTP status to answer with). */
export type AppFile =
  { ok: true; path: string; mimeType: string } | { ok: false; status: 400 | 404; reason: string }

/**
 * Maps an `app://inspector/…` URL to a file under `rendererDir`, or refuses it. The query and
 * fragment are ignored; `/` is index.html. After percent-decoding, a path with an empty, `.` or
 * `..` segment, a backslash, a colon (a Windows drive) or a NUL is refused, and the result must
 * still lie inside `rendererDir`. Whether the file exists is for the caller to find out.
 */
export function appFileFor(url: string, rendererDir: string): AppFile {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { ok: false, status: 400, reason: 'Not a URL.' }
  }
  if (!isAppUrl(parsed)) return { ok: false, status: 404, reason: 'Not served here.' }
  const pathname =
    parsed.pathname === '/' || parsed.pathname === '' ? '/index.html' : parsed.pathname
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return { ok: false, status: 400, reason: 'The path is not valid percent-encoding.' }
  }
  const segments = decoded.replace(/^\//, '').split('/')
  const unsafe = segments.find((s) => s === '' || s === '.' || s === '..' || /[\\:\0]/.test(s))
  if (unsafe !== undefined) return { ok: false, status: 400, reason: 'The path is not allowed.' }
  const root = resolve(rendererDir)
  const path = resolve(root, ...segments)
  const inside = relative(root, path)
  if (inside === '' || inside === '..' || inside.startsWith('..' + sep) || isAbsolute(inside)) {
    return { ok: false, status: 400, reason: 'The path is not allowed.' }
  }
  return { ok: true, path, mimeType: mimeTypeFor(path) }
}
