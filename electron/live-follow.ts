/**
 * The files main follows for its windows: one per window, so a new follow in a window stops the
 * one before it, and a window that closes (or reloads) stops its own. Each change goes to the
 * window that asked, with the token it asked by.
 */
import type { FileChange, FileToken } from './contract'
import type { FollowFile } from '../node/following'
import { isWholeDocument } from '../node/following'

/** The window a follow belongs to: what main.ts makes of an event's webContents. */
export interface FollowOwner {
  /** The webContents' id: one follow per id. */
  id: number
  send(change: FileChange): void
  /** Calls `stop` once when the window's page goes away (closed, crashed, reloaded). */
  onGone(stop: () => void): void
}

/** Every window's follow. */
export interface WindowFollows {
  /** Follows `path` for `owner` from `from` bytes, stopping the owner's earlier follow. */
  start(owner: FollowOwner, token: FileToken, path: string, from: number): void
  /** Stops the owner's follow, if any. */
  stop(ownerId: number): void
  /** How many follows are running (for tests and the log). */
  readonly size: number
}

/** Follows with `follow` (node/follow/follow-file.ts in the app, a fake in tests). */
export function createWindowFollows(
  follow: FollowFile,
  log: (message: string) => void = (message) => console.warn(message),
): WindowFollows {
  const running = new Map<number, { close(): void }>()
  const watched = new Set<number>()

  const stop = (ownerId: number) => {
    running.get(ownerId)?.close()
    running.delete(ownerId)
  }

  return {
    start(owner, token, path, from) {
      stop(owner.id)
      if (!watched.has(owner.id)) {
        watched.add(owner.id)
        owner.onGone(() => {
          watched.delete(owner.id)
          stop(owner.id)
        })
      }
      const follower = follow(path, {
        from,
        wholeFile: isWholeDocument(path),
        onChange: (change) => {
          if (running.get(owner.id) === follower) owner.send({ ...change, token })
        },
        // The follower goes on after an error (the next change is looked at again): say it once
        // per error, and keep the follow.
        onError: (error) => {
          log(`Following ${path}: ${error instanceof Error ? error.message : String(error)}`)
        },
      })
      running.set(owner.id, follower)
    },
    stop,
    get size() {
      return running.size
    },
  }
}
