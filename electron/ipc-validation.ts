/**
 * Checks on what crosses IPC. The renderer is our own code, but it shows text from arbitrary
 * conversations, so main treats every request as untrusted: who sent it, and what it holds.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ExportRequest, Result } from './contract'

/** Longest path accepted, in characters (Linux's PATH_MAX). */
export const MAX_PATH_LENGTH = 4096
/** Longest file name accepted for an export, in characters. */
export const MAX_FILE_NAME_LENGTH = 255
/** Largest export accepted, in characters. */
export const MAX_EXPORT_CHARS = 256 * 1024 * 1024

/** Where our renderer is served from: its folder on disk, and the dev server in development. */
export interface RendererOrigin {
  /** The built renderer's folder (out/renderer). */
  rendererDir: string
  /** electron-vite's dev server URL, only when running unpackaged in development. */
  devServerUrl?: string | null
}

/**
 * Whether a frame URL is our renderer: a file under the renderer folder, or a page of the dev
 * server. Everything else (remote pages, other local files, about:blank) is foreign.
 */
export function isTrustedRendererUrl(url: string, origin: RendererOrigin): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol === 'file:') {
    let path: string
    try {
      path = fileURLToPath(parsed)
    } catch {
      // file://some-host/… (a network share) is not where we install the renderer.
      return false
    }
    const inside = relative(resolve(origin.rendererDir), path)
    return inside !== '' && !inside.startsWith('..' + sep) && inside !== '..' && !isAbsolute(inside)
  }
  if (!origin.devServerUrl) return false
  try {
    return parsed.origin === new URL(origin.devServerUrl).origin
  } catch {
    return false
  }
}

/** An absolute file path from the renderer, or the reason it is not one. */
export function validateAbsolutePath(value: unknown, what = 'path'): Result<string> {
  if (typeof value !== 'string') return invalid(`${what} must be a string, not ${typeOf(value)}`)
  if (value.length === 0) return invalid(`${what} is empty`)
  if (value.length > MAX_PATH_LENGTH) {
    return invalid(`${what} is ${value.length} characters long; the limit is ${MAX_PATH_LENGTH}`)
  }
  if (value.includes('\0')) return invalid(`${what} contains a NUL character`)
  if (!isAbsolute(value)) return invalid(`${what} must be absolute: ${value}`)
  return { ok: true, value }
}

/** An export request from the renderer, or the reason it is not one. */
export function validateExportRequest(value: unknown): Result<ExportRequest> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(`the export request must be an object, not ${typeOf(value)}`)
  }
  const { suggestedName, text, sourcePath } = value as Record<string, unknown>
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
  if (sourcePath !== null) {
    const checked = validateAbsolutePath(sourcePath, 'sourcePath')
    if (!checked.ok) return checked
  }
  return { ok: true, value: { suggestedName, text, sourcePath: sourcePath as string | null } }
}

function typeOf(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function invalid(error: string): { ok: false; error: string } {
  return { ok: false, error: `Invalid request: ${error}.` }
}
