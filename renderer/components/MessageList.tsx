import { formatNumber } from '@core'
import { useCallback, useEffect, useRef } from 'react'
import { selectActiveFinding, selectListItems, selectMessageTokens, useApp } from '../store'
import { ShownEngineBar } from './ShownEngineBar'
import { previewOf } from './MessageRow'
import { MessageRow } from './MessageRow'
import { VirtualList, type VirtualHandle } from './VirtualList'

// Collapsed heights in pixels, as list.css draws them: a row, a ghost, the boundary.
export const ROW_HEIGHT = 29
const BOUNDARY_HEIGHT = 40

/** The conversation, split: the head, the boundary, hoisted instructions where they land, the tail. */
export function MessageList() {
  const items = useApp(selectListItems)
  // Stable while the items are, so that a render for another reason lays nothing out again. The
  // list calls both for every entry whenever the list changes: 100,000 times, on a long
  // conversation, so they read numbers rather than build entries.
  const itemKey = useCallback((i: number) => items.keyAt(i), [items])
  const positionOfKey = useCallback((key: number | string) => items.positionOfKey(key), [items])
  const estimateSize = useCallback(
    (i: number) => (i === items.boundaryAt ? BOUNDARY_HEIGHT : ROW_HEIGHT),
    [items],
  )
  const list = useRef<VirtualHandle | null>(null)
  const onReady = useCallback((handle: VirtualHandle) => {
    list.current = handle
  }, [])
  const showOriginal = (index: number) => list.current?.scrollToIndex(items.positionOf(index))
  // Picking a finding, or stepping through its messages, brings the message into view, drawn or not.
  const picked = useApp((s) => s.activeFinding)
  const target = useApp((s) => {
    const at = selectActiveFinding(s)?.target
    return at === undefined ? -1 : selectListItems(s).positionOf(at)
  })
  useEffect(() => {
    if (picked !== null && target !== -1) {
      list.current?.scrollToIndex(target)
    }
  }, [picked, target])

  const empty = useApp((s) => s.messages.length === 0 && s.reading === null)
  const following = useApp((s) => s.live?.state === 'following')
  const fileName = useApp((s) => s.file.name)

  return (
    <section className="panel list-panel" aria-label="Conversation">
      {empty && (
        <div className="list-empty" data-testid="list-empty" role="status">
          <p>
            <strong>{fileName}</strong> holds no messages: it was read, and its conversation is
            empty, so there is nothing to count or compact.
          </p>
          <p className="muted">
            Open another file (Ctrl/Cmd+O), drop one on the window, or choose the sample from
            Recent. If this file should hold messages, the format picker can read it another way.
          </p>
        </div>
      )}
      <ShownEngineBar />
      <div className="list-header" aria-hidden="true">
        <span className="row-index">#</span>
        <span className="row-id">id</span>
        <span className="row-type">type</span>
        <span className="row-preview">text</span>
        <span className="row-tokens">tokens</span>
      </div>
      <VirtualList
        label="Messages"
        className="message-list"
        count={items.length}
        itemKey={itemKey}
        positionOfKey={positionOfKey}
        estimateSize={estimateSize}
        onReady={onReady}
        stickToEnd={following}
        renderItem={(i) => {
          const item = items.at(i)
          if (item.kind === 'message') return <MessageRow index={item.index} />
          if (item.kind === 'ghost')
            return <HoistedGhost index={item.index} onShow={showOriginal} />
          return <Boundary head={item.head} />
        }}
      />
    </section>
  )
}

/** The line between the head that is condensed and the tail that is kept verbatim. */
function Boundary({ head }: { head: number }) {
  const total = useApp((s) => s.messages.length)
  return (
    <div className="boundary" role="separator" data-testid="split-boundary" data-head={head}>
      <span>▲ head: {formatNumber(head)} summarised or hoisted</span>
      <span>▼ kept: hoisted instructions, then the last {formatNumber(total - head)}</span>
    </div>
  )
}

/** Where a hoisted instructions message goes: the front of the kept part. */
function HoistedGhost({ index, onShow }: { index: number; onShow: (index: number) => void }) {
  const message = useApp((s) => s.messages[index])
  const tokens = useApp((s) => selectMessageTokens(s, index))
  return (
    <button
      type="button"
      className="ghost-row"
      data-testid="hoisted-ghost"
      data-index={index}
      title="Show it where it was"
      onClick={() => onShow(index)}
    >
      <span className="ghost-arrow">→ hoisted to front</span>
      <span className="row-index">{index}</span>
      <span className="row-id">{message.id ?? '—'}</span>
      <span className="row-preview">{previewOf(message)}</span>
      <span className="row-tokens">{tokens === undefined ? '…' : formatNumber(tokens)}</span>
    </button>
  )
}
