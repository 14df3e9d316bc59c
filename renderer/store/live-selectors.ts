import { forecastCompaction, type CompactionForecast } from '@core'
import type { LiveBadge } from '../../electron/contract'
import { memoSelector } from './memo'
import { selectCheck, selectReadyCounts } from './selectors'
import type { AppState } from './types'

const forecastOf: (s: AppState) => CompactionForecast | null = memoSelector(
  (s: AppState) => [s.messages, selectReadyCounts(s), selectCheck(s)],
  (messages, counts, check): CompactionForecast | null =>
    counts === null || check === null ? null : forecastCompaction(messages, counts, check),
)

/**
 * How far the conversation on screen is from compaction, in tokens and in turns at the recent
 * rate: the core's forecast, on the budget's own total and threshold. Null until counted, and for
 * a file that is not followed: the forecast reads every message.
 */
export const selectForecast = (s: AppState): CompactionForecast | null =>
  s.live === null ? null : forecastOf(s)

/** What the desktop app shows outside its window: only while a file is followed and counted. */
export function selectLiveBadge(s: AppState): LiveBadge | null {
  const forecast = s.live?.state === 'following' ? selectForecast(s) : null
  if (forecast === null) return null
  const fraction = forecast.threshold > 0 ? Math.min(1, forecast.total / forecast.threshold) : 1
  return { turnsLeft: forecast.turnsLeft, fraction }
}
