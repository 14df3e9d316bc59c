/**
 * The live badge outside the window: the turns left before compaction as the dock's badge
 * (macOS) or the launcher's count (Linux, where the desktop supports Unity's launcher API), and
 * the way to the trigger threshold as the taskbar's or dock's progress bar. Windows has no count
 * badge without drawing an icon, so there it shows the progress only.
 */
import type { LiveBadge } from './contract'

/** The parts of Electron's app and window the badge uses. */
export interface BadgeTarget {
  platform: NodeJS.Platform
  app: {
    setBadgeCount?(count?: number): boolean
    dock?: { setBadge(text: string): void } | undefined
  }
  /** The window that asked; null when it is gone. */
  window: { setProgressBar(progress: number): void } | null
}

/** Shows the badge, or clears it (null): no count, no progress bar. */
export function showLiveBadge(target: BadgeTarget, badge: LiveBadge | null): void {
  const { platform, app, window } = target
  const turns = badge?.turnsLeft ?? null
  if (platform === 'darwin') app.dock?.setBadge(turns === null ? '' : String(turns))
  else if (platform === 'linux') app.setBadgeCount?.(turns ?? 0)
  // Electron: a negative value removes the progress bar.
  window?.setProgressBar(badge === null ? -1 : badge.fraction)
}
