import type { FollowFile } from './following'
import { followFile } from './follow/follow-file'

/** The follower both hosts use (Electron's main and `serve`), in one place. */
export const follower: FollowFile = followFile
