import { formatNumber } from '@core/numbers'
import type { Applied } from '../store'
import { previewOf } from './MessageRow'
import { TypeBadge } from './TypeBadge'
import { VirtualList } from './VirtualList'

// The height of a row in pixels, as panels.css draws it; the list grows to this many rows.
const APPLIED_ROW_HEIGHT = 25
const VISIBLE_ROWS = 12

/** The applied conversation, one row per message, the new summary marked. */
export function AppliedList({ applied }: { applied: Applied }) {
  return (
    <VirtualList
      label="Applied conversation"
      className="applied-list"
      count={applied.messages.length}
      itemKey={(i) => i}
      positionOfKey={(key) => (typeof key === 'number' ? key : -1)}
      estimateSize={() => APPLIED_ROW_HEIGHT}
      // Sized to its rows up to a dozen, then it scrolls; +2 for the border.
      height={Math.min(applied.messages.length, VISIBLE_ROWS) * APPLIED_ROW_HEIGHT + 2}
      renderItem={(i) => {
        const message = applied.messages[i]
        const isSummary = i === applied.summaryIndex
        return (
          <div
            className={`applied-row${isSummary ? ' applied-summary' : ''}`}
            data-testid="applied-row"
            data-index={i}
            data-type={message.type}
            data-tokens={applied.tokens[i]}
            data-summary={isSummary ? 'true' : undefined}
          >
            <span className="row-index">{i}</span>
            <span className="row-id">{isSummary ? 'summary' : (message.id ?? '—')}</span>
            <TypeBadge type={message.type} />
            <span className="row-preview">
              {isSummary && message.meta
                ? `replaces ${formatNumber(message.meta.droppedCount)}: `
                : ''}
              {previewOf(message)}
            </span>
            <span className="row-tokens">{formatNumber(applied.tokens[i])}</span>
          </div>
        )
      }}
    />
  )
}
