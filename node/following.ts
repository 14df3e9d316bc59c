/**
 * What Electron's main and `compaction-inspector serve` need from the file follower
 * (node/follow/follow-file.ts): its shape, so each takes it as a dependency and tests hand in a
 * fake, and the one rule both use to say how a file grows.
 */
import type { FollowOptions } from './follow/follow-file'

export type { FollowOptions }

/** Starts following a file; close() stops it. */
export type FollowFile = (path: string, options: FollowOptions) => { close(): void }

/**
 * Whether a log is one JSON document (Cline's and Roo Code's task histories, Gemini CLI's chats, a
 * provider request), rewritten whole as the agent works, rather than lines appended: by its
 * extension, `.json`. Appended bytes of such a file are no document of their own.
 */
export function isWholeDocument(path: string): boolean {
  return /\.json$/i.test(path)
}
