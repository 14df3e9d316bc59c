import type { FollowFile } from '../../node/following'

/**
 * The follower serve uses. Until node/follow/follow-file.ts (the core's follower) is merged, a
 * follow answers at once with an error, so the page says it cannot follow rather than waiting.
 */
export const followForServe: FollowFile = (_path, options) => {
  queueMicrotask(() => options.onError(new Error('this build cannot follow files yet')))
  return { close() {} }
}
