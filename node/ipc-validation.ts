/**
 * Checks on what crosses IPC. The renderer is our own code, but it shows text from arbitrary
 * conversations, so main treats every request as untrusted: who sent it, and what it holds.
 */
import { isAbsolute } from 'node:path'
import {
  invalid,
  typeOf,
  type ExportRequest,
  type FileToken,
  type LiveBadge,
  type Result,
} from '../electron/contract'
import { FILE_TOKEN_PATTERN } from './file-grants'
import { isAppUrl } from './page-files'

/** Longest path accepted from the recent list, in characters (Linux's PATH_MAX). */
export const MAX_PATH_LENGTH = 4096
/** Longest file name accepted for an export, in characters. */
export const MAX_FILE_NAME_LENGTH = 255
/** Largest export accepted, in characters. */
export const MAX_EXPORT_CHARS = 256 * 1024 * 1024

/** Where our renderer is served from besides `app://inspector`: the dev server in development. */
export interface RendererOrigin {
  /** electron-vite's dev server URL, only when running unpackaged in development. */
  devServerUrl?: string | null
}

/**
 * Whether a frame URL is our renderer: a page of `app://inspector`, or of the dev server when
 * there is one. Everything else (file:// pages, remote pages, about:blank) is foreign.
 */
export function isTrustedRendererUrl(url: string, origin: RendererOrigin): boolean {
  const parsed = parseUrl(url)
  if (!parsed) return false
  if (isAppUrl(parsed)) return true
  const devServer = origin.devServerUrl ? parseUrl(origin.devServerUrl) : null
  return devServer !== null && isHttp(parsed) && parsed.origin === devServer.origin
}

/**
 * Whether a URL is our renderer's page itself (`/` or `/index.html`, any query or hash): the
 * only place the window may navigate to, so that a reload works and nothing else does.
 */
export function isRendererPage(url: string, origin: RendererOrigin): boolean {
  const parsed = parseUrl(url)
  if (!parsed || !isTrustedRendererUrl(url, origin)) return false
  return parsed.pathname === '/' || parsed.pathname === '/index.html'
}

/**
 * What is wrong with a value that should be an absolute path, in words (`path is empty`); null
 * when nothing is. Main reads paths only from its own sources, but the recent list is a file on
 * disk that anything may have written.
 */
export function pathProblem(value: unknown, what = 'path'): string | null {
  if (typeof value !== 'string') return `${what} must be a string, not ${typeOf(value)}`
  if (value.length === 0) return `${what} is empty`
  if (value.length > MAX_PATH_LENGTH) {
    return `${what} is ${value.length} characters long; the limit is ${MAX_PATH_LENGTH}`
  }
  if (value.includes('\0')) return `${what} contains a NUL character`
  if (!isAbsolute(value)) return `${what} must be absolute: ${value}`
  return null
}

/**
 * The ids a database gives its sessions (opencode's `ses_…`): printable ASCII, no spaces, at most
 * 200 characters. Only ever passed to the import, which reads the session of that id or says
 * there is none.
 */
const STORED_SESSION = /^[\x21-\x7e]{1,200}$/

/** What is wrong with a database's session id from outside (the page, a stored list); null if nothing. */
export function storedSessionProblem(value: unknown, what = 'session'): string | null {
  if (typeof value !== 'string') return `${what} must be a string, not ${typeOf(value)}`
  if (!STORED_SESSION.test(value)) return `${what} is not a session id`
  return null
}

/** A file token from the renderer, or the reason it is not one (it may still be unknown to main). */
export function validateFileToken(value: unknown, what = 'token'): Result<FileToken> {
  if (typeof value !== 'string') return invalid(`${what} must be a string, not ${typeOf(value)}`)
  if (!FILE_TOKEN_PATTERN.test(value)) return invalid(`${what} is not a file token`)
  return { ok: true, value }
}

/** An export request from the renderer, or the reason it is not one. */
export function validateExportRequest(value: unknown): Result<ExportRequest> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(`the export request must be an object, not ${typeOf(value)}`)
  }
  const { suggestedName, text, source } = value as Record<string, unknown>
  if (typeof suggestedName !== 'string') {
    return invalid(`suggestedName must be a string, not ${typeOf(suggestedName)}`)
  }
  if (suggestedName.trim() === '' || suggestedName.length > MAX_FILE_NAME_LENGTH) {
    return invalid(`suggestedName must be 1 to ${MAX_FILE_NAME_LENGTH} characters`)
  }
  if (/[/\\\0]/.test(suggestedName) || suggestedName === '.' || suggestedName === '..') {
    return invalid(`suggestedName must be a file name, not a path: ${suggestedName}`)
  }
  if (typeof text !== 'string') return invalid(`text must be a string, not ${typeOf(text)}`)
  if (text.length > MAX_EXPORT_CHARS) {
    return invalid(`the export is ${text.length} characters; the limit is ${MAX_EXPORT_CHARS}`)
  }
  if (source !== null) {
    const checked = validateFileToken(source, 'source')
    if (!checked.ok) return checked
  }
  return { ok: true, value: { suggestedName, text, source: source as FileToken | null } }
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:'
}

/** A live badge from the renderer (null clears it), or the reason it is not one. */
export function validateLiveBadge(value: unknown): Result<LiveBadge | null> {
  if (value === null) return { ok: true, value: null }
  if (typeof value !== 'object' || Array.isArray(value)) {
    return invalid(`the live badge must be an object or null, not ${typeOf(value)}`)
  }
  const { turnsLeft, fraction } = value as Record<string, unknown>
  if (turnsLeft !== null && !(Number.isSafeInteger(turnsLeft) && (turnsLeft as number) >= 0)) {
    return invalid('turnsLeft must be a whole number, 0 or more, or null')
  }
  if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1)) {
    return invalid('fraction must be a number from 0 to 1')
  }
  return { ok: true, value: { turnsLeft: turnsLeft as number | null, fraction } }
}

/** Where to follow a file from: a whole number of bytes. */
export function validateByteOffset(value: unknown, what = 'from'): Result<number> {
  if (typeof value !== 'number') return invalid(`${what} must be a number, not ${typeOf(value)}`)
  if (!Number.isSafeInteger(value) || value < 0) {
    return invalid(`${what} must be a whole number of bytes, 0 or more, not ${value}`)
  }
  return { ok: true, value }
}
