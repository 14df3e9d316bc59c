import { NO_COUNTS } from './counts-slice'
import { enginesConversationDefaults } from './engines-slice'
import { findingsConversationDefaults } from './findings-slice'
import { summaryDefaults } from './summary-slice'
import { uiConversationDefaults } from './ui-slice'

/**
 * What belongs to the messages on screen, and so goes when a followed file is read again with
 * other messages: what is shown in full or selected, the finding picked and the summary it judged.
 */
export const shownReset = { ...uiConversationDefaults, ...findingsConversationDefaults }

/**
 * What every slice resets when another conversation is shown, each slice's own defaults in one
 * list (the options it opens with are openingOptions'): nothing of the one before means anything.
 */
export const conversationReset = {
  ...shownReset,
  counts: NO_COUNTS,
  ...summaryDefaults,
  ...enginesConversationDefaults,
}
