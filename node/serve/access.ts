/**
 * Who may use the server: a page that holds the access key made at start, and that reached us by
 * a name of this machine (not a DNS name rebound to 127.0.0.1 by a site the user visits).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'

/** A fresh access key: 24 random bytes, base64url (32 characters). */
export function createAccessKey(): string {
  return randomBytes(24).toString('base64url')
}

/** Whether a request's key header is the key, compared in constant time. */
export function keyMatches(given: string | string[] | undefined, key: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(key)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The Host headers accepted: the loopback names with the port, and the host the server was told
 * to listen on. A page on another site that rebinds its own name to 127.0.0.1 sends its own name
 * as the Host, and is refused before anything is read.
 */
export function allowedHosts(host: string, port: number): ReadonlySet<string> {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  const names = ['127.0.0.1', 'localhost', '[::1]', bracketed]
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`))
}

/** Whether a request's Host header is one of {@link allowedHosts}. */
export function hostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  return header !== undefined && allowed.has(header.toLowerCase())
}
