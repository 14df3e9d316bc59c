import type { FollowFile } from './following'

/**
 * The follower both hosts use (Electron's main and `serve`), in one place. Until
 * node/follow/follow-file.ts (the core's follower) is merged, a follow answers at once with an
 * error, so the page says it cannot follow rather than waiting.
 */
export const follower: FollowFile = (_path, options) => {
  queueMicrotask(() => options.onError(new Error('this build cannot follow files yet')))
  return { close() {} }
}
