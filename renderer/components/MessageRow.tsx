import { memo, type KeyboardEvent } from 'react'
import type { Message } from '@core'
import {
  selectActiveFinding,
  selectBuckets,
  selectDroppedIdentifiers,
  selectHighlighted,
  selectMessageTokens,
  useApp,
} from '../store'
import { MarkedText } from './MarkedText'
import { TypeBadge } from './TypeBadge'
import { UsageBadge } from './UsageBadge'

// About what the widest text column shows: every character drawn is laid out, and shaping mixed
// scripts costs the main thread 2 to 4 ms per thousand characters whenever rows change.
const PREVIEW_CHARS = 160

/** One line of a message: whitespace collapsed, cut short; the payload when there is no text. */
export function previewOf(message: Message): string {
  const source = message.text.trim() !== '' ? message.text : (message.payload ?? '')
  const flat = source.replace(/\s+/g, ' ').trim()
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}…` : flat
}

/** A message of the conversation: its index, id, type, preview and tokens; expands to show it all. */
export const MessageRow = memo(function MessageRow({ index }: { index: number }) {
  const message = useApp((s) => s.messages[index])
  const tokens = useApp((s) => selectMessageTokens(s, index))
  // 'pending' until every count is in: which bucket a message lands in depends on the decision.
  const bucket = useApp((s) => selectBuckets(s)?.[index] ?? 'pending')
  const expanded = useApp((s) => s.expanded[index] === true)
  const selected = useApp((s) => s.selected === index)
  const highlighted = useApp((s) => selectHighlighted(s).has(index))
  const current = useApp((s) => selectActiveFinding(s)?.target === index)
  const toggleExpanded = useApp((s) => s.toggleExpanded)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      toggleExpanded(index)
    }
  }

  return (
    <div
      className={`message-row bucket-${bucket}${expanded ? ' expanded' : ''}${selected ? ' selected' : ''}${highlighted ? ' highlighted' : ''}${current ? ' highlight-current' : ''}`}
      data-testid="message-row"
      data-index={index}
      data-highlighted={highlighted ? 'true' : undefined}
      data-bucket={bucket}
      data-tokens={tokens ?? ''}
      data-type={message.type}
    >
      <div
        className={bucket === 'hoisted' ? 'row-line with-hoist' : 'row-line'}
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        onClick={() => toggleExpanded(index)}
        onKeyDown={onKeyDown}
      >
        <span className="row-index">{index}</span>
        <span className="row-id" title={message.id}>
          {message.id ?? '—'}
        </span>
        <TypeBadge type={message.type} />
        {bucket === 'hoisted' && <span className="hoist-tag">hoisted ↑</span>}
        <span className="row-text">
          <span className="row-preview">{previewOf(message)}</span>
          <UsageBadge index={index} />
        </span>
        <span
          className={tokens === undefined ? 'row-tokens pending' : 'row-tokens'}
          title={tokens === undefined ? 'not counted yet' : 'tokens, overhead included'}
        >
          {tokens ?? '…'}
        </span>
      </div>
      {expanded && <MessageDetail index={index} message={message} />}
    </div>
  )
})

/**
 * The whole message, as text: conversation content is never interpreted as HTML. Identifiers a
 * pasted summary drops are marked in the messages that held them.
 */
function MessageDetail({ index, message }: { index: number; message: Message }) {
  const marked = useApp((s) => {
    const dropped = selectDroppedIdentifiers(s)
    return dropped.holders.has(index) ? dropped.identifiers : null
  })
  return (
    <div className="row-detail">
      <h3>text</h3>
      <pre className="message-text">
        {message.text === '' ? '(empty)' : <MarkedText text={message.text} marked={marked} />}
      </pre>
      {message.payload !== undefined && (
        <>
          <h3>payload</h3>
          <pre className="message-payload">
            <MarkedText text={message.payload} marked={marked} />
          </pre>
        </>
      )}
      {message.meta !== undefined && (
        <>
          <h3>meta</h3>
          <pre className="message-meta">{JSON.stringify(message.meta, null, 2)}</pre>
        </>
      )}
    </div>
  )
}
