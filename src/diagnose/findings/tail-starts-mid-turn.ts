import { defineFinding } from './descriptor'

export interface TailStartsMidTurnDetail {
  /** The user message that opened the turn the tail starts in; absent when none precedes it. */
  userTurnAt?: number
  /** A KeepRecentCount checked to mend the start; absent when none does. */
  suggestedKeepRecentCount?: number
}

/** The kept tail opens on a bot, activity or reasoning message. */
export const tailStartsMidTurn = defineFinding<TailStartsMidTurnDetail>()({
  code: 'tail-starts-mid-turn',
  severities: ['warning'],
  family: 'boundary',
  anchor: 'tail-starts-mid-turn',
  details: [{ kind: 'keep-recent' }],
})
