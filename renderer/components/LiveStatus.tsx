import type { CompactionForecast } from '@core'
import { formatNumber } from '@core/numbers'
import { useApp } from '../store'
import { selectForecast } from '../store/live-selectors'

/** The forecast in words: "compaction in about 4 turns", with the tokens left. */
export function forecastText(forecast: CompactionForecast): string {
  const left = `${formatNumber(forecast.tokensLeft)} tokens left`
  if (forecast.turnsLeft === 0) return 'compaction due now: the total is at its threshold'
  if (forecast.turnsLeft === null) return `${left}; turns left not yet known`
  const turns = forecast.turnsLeft === 1 ? '1 turn' : `${formatNumber(forecast.turnsLeft)} turns`
  return `compaction in about ${turns} (${left})`
}

const STATE_TITLE = {
  following: 'Following the file as its agent writes it: click to pause',
  paused: 'Paused: click to follow the file again from where it was left',
  off: 'Not followed: the file is large, and following keeps what was parsed. Click to read it again and follow it',
  ended: 'The file was removed: what was read stays on screen',
  failed: 'The file cannot be followed',
} as const

const LABEL = {
  following: 'Live',
  paused: 'Paused',
  off: 'Follow',
  ended: 'Ended',
  failed: 'Not live',
} as const

/**
 * Following the file on screen: a Live toggle, how far the run is from compaction (tokens, and
 * turns at the recent rate), and what the last re-read or removal said.
 */
export function LiveStatus() {
  const live = useApp((s) => s.live)
  const forecast = useApp(selectForecast)
  const setFollowing = useApp((s) => s.setFollowing)
  if (live === null) return null
  const on = live.state === 'following'
  const canToggle = live.state === 'following' || live.state === 'paused' || live.state === 'off'
  return (
    <span className="live-status" data-testid="live-status" data-state={live.state}>
      <button
        type="button"
        className="live-toggle"
        data-testid="live-toggle"
        aria-pressed={on}
        disabled={!canToggle}
        title={
          live.note && (live.state === 'failed' || live.state === 'off')
            ? live.note
            : STATE_TITLE[live.state]
        }
        onClick={() => setFollowing(!on)}
      >
        {LABEL[live.state]}
      </button>
      {forecast !== null && live.state !== 'off' && (
        <span
          className="live-forecast"
          data-testid="live-forecast"
          data-due={forecast.turnsLeft === 0}
          title={
            forecast.perTurn === null
              ? `${formatNumber(forecast.total)} of ${formatNumber(forecast.threshold)} tokens; ${forecast.turns} turns so far, too few for a rate`
              : `${formatNumber(forecast.total)} of ${formatNumber(forecast.threshold)} tokens; about ${formatNumber(Math.round(forecast.perTurn))} tokens a turn over the recent turns`
          }
        >
          {forecastText(forecast)}
        </span>
      )}
      {live.note !== null && (
        <span className="live-note" data-testid="live-note" role="status" title={live.note}>
          {live.note}
        </span>
      )}
    </span>
  )
}
