import { memo, useMemo, type KeyboardEvent } from 'react'
import {
  isEarlierThinking,
  payloadContext,
  previewLine,
  replyIndexOf,
  type Message,
  formatNumber,
} from '@core'
import {
  describeOpaqueParts,
  previewSource,
  type PayloadPricingContext,
} from '@core/pricing/opaque'
import {
  selectActiveFinding,
  selectDroppedIdentifiers,
  selectHighlighted,
  selectListBucket,
  selectMessageTokens,
  selectSpec,
  useApp,
} from '../store'
import { MarkedText } from './MarkedText'
import { PayloadView } from './PayloadView'
import { TypeBadge } from './TypeBadge'
import { UsageBadge } from './UsageBadge'

/**
 * About what a text column 800 px wide shows at the list's 13 px: 160 Latin letters, or 80 CJK
 * characters or emoji, which take two columns each. Every character in the row is shaped whether
 * it shows or not, and shaping CJK, Arabic and emoji (with their fallback fonts) costs the main
 * thread 2 to 4 ms per thousand characters whenever rows change; see docs/performance.md.
 */
export const PREVIEW_COLUMNS = 160

/**
 * One line of a message: whitespace collapsed, cut short by grapheme (previewLine); when there is
 * no text, what its payload's opaque parts are ("redacted thinking, 3.4 kB encrypted, …"), else the
 * payload itself.
 */
export function previewOf(message: Message, ctx?: PayloadPricingContext): string {
  return previewLine(previewSource(message, ctx), PREVIEW_COLUMNS)
}

/** A message of the conversation: its index, id, type, preview and tokens; expands to show it all. */
export const MessageRow = memo(function MessageRow({ index }: { index: number }) {
  const message = useApp((s) => s.messages[index])
  const tokens = useApp((s) => selectMessageTokens(s, index))
  // 'pending' until every count is in: which bucket a message lands in depends on the decision.
  const bucket = useApp((s) => selectListBucket(s, index) ?? 'pending')
  const expanded = useApp((s) => s.expanded[index] === true)
  const selected = useApp((s) => s.selected === index)
  const highlighted = useApp((s) => selectHighlighted(s).has(index))
  const current = useApp((s) => selectActiveFinding(s)?.target === index)
  const toggleExpanded = useApp((s) => s.toggleExpanded)
  // A payload is parsed for its opaque parts once per message, not on every render of the row.
  const ctx = usePayloadContext(index)
  const preview = useMemo(() => previewOf(message, ctx), [message, ctx])
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
          <span className="row-preview">{preview}</span>
          <UsageBadge index={index} />
        </span>
        <span
          className={tokens === undefined ? 'row-tokens pending' : 'row-tokens'}
          title={tokens === undefined ? 'not counted yet' : 'tokens, overhead included'}
        >
          {tokens === undefined ? '…' : formatNumber(tokens)}
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
  const ctx = usePayloadContext(index)
  const opaque = useMemo(
    () =>
      message.payload === undefined ? [] : describeOpaqueParts(message.payload, ctx, message.type),
    [message.payload, message.type, ctx],
  )
  return (
    <div className="row-detail">
      <h3>text</h3>
      <pre className="message-text">
        {message.text === '' ? '(empty)' : <MarkedText text={message.text} marked={marked} />}
      </pre>
      {message.payload !== undefined && (
        <PayloadView payload={message.payload} parts={opaque} marked={marked} />
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

/** What message `index`'s payload is priced in, as its cost is: the spec, and its turn. */
function usePayloadContext(index: number): PayloadPricingContext {
  const spec = useApp(selectSpec)
  const earlier = useApp((s) => isEarlierThinking(selectSpec(s), s.messages, index))
  // A thinking block's reply's visible part, as counted: the core's rule for a reported output
  // that is not the reply's final count reads it.
  const replyVisible = useApp((s) => {
    const reply =
      s.messages[index]?.type === 'reasoning' ? replyIndexOf(s.messages, index) : undefined
    return reply === undefined ? undefined : selectMessageTokens(s, reply)
  })
  return useMemo(() => payloadContext(spec, earlier, replyVisible), [spec, earlier, replyVisible])
}
