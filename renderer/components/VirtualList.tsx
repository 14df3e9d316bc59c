import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type ReactNode } from 'react'

interface Props {
  count: number
  /** A stable key per item, so measured heights follow items when the list changes. */
  itemKey: (index: number) => string | number
  renderItem: (index: number) => ReactNode
  /**
   * Each row's height before it is measured. Rows are measured once drawn (expanded ones too), but
   * every measurement that differs from the estimate re-lays out the whole list: at 10,000 rows
   * that costs a frame, so the estimate should be the exact height of a collapsed row.
   */
  estimateSize: (index: number) => number
  label: string
  className?: string
  /** The scroll box's height, when it is not set by the layout. */
  height?: number
  /** Receives the virtualizer, for scrolling to an item from outside. */
  onReady?: (virtualizer: Virtualizer<HTMLDivElement, Element>) => void
  /**
   * Keeps the last item in view as items are added, when it was in view before: a followed
   * conversation grows at its end, and a user reading its end wants to see what comes.
   */
  stickToEnd?: boolean
}

/** How long after the user's wheel, touch or key a scroll is taken as theirs. */
const USER_SCROLL_MS = 1000

/** A scrolling list that only draws the rows in view: 10,000 messages scroll as smoothly as ten. */
export function VirtualList(props: Props) {
  const { count, itemKey, renderItem, estimateSize, label, className, height, onReady } = props
  const { stickToEnd = false } = props
  const scroller = useRef<HTMLDivElement>(null)
  const sizer = useRef<HTMLDivElement>(null)
  // Whether the user is reading the end: set when a scroll reaches it (or the list fits its box),
  // cleared only by a scroll of theirs away from it. A box that shrinks, rows that grow, or the
  // virtualizer correcting its offset for rows measured above move the end away from a reader
  // without their doing anything; they stay at it.
  const atEnd = useRef(false)
  // When the user last wheeled, touched, pressed a key in or held the pointer down on the list.
  const userAt = useRef(-Infinity)
  const held = useRef(false)
  // The app does not use the React Compiler, which is what this rule protects; the virtualizer
  // re-renders this component itself when the range changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey: itemKey,
    // Enough to scroll a few rows without a blank; each extra row is laid out on every change.
    overscan: 6,
    // Rows carry their own data-index (the message's), so the virtualizer uses another attribute.
    indexAttribute: 'data-virtual-index',
    // Sizes come from the ResizeObserver, after the browser lays rows out anyway. Reading a new
    // row's size as it mounts would force a layout of the whole page inside React's commit: 50 ms
    // and more when a long conversation opens. Until then a row has its estimated size.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize?.[0]
      return box ? Math.round(box.blockSize) : estimateSize(instance.indexFromElement(element))
    },
  })
  useEffect(() => onReady?.(virtualizer), [onReady, virtualizer])
  useEffect(() => {
    const box = scroller.current
    const inner = sizer.current
    if (!stickToEnd || !box || !inner) return
    // Whenever the box or what it holds changes size (new rows, rows measured, the panels above
    // taking or giving room), a reader at the end is kept there.
    const keep = () => {
      if (box.scrollHeight <= box.clientHeight) atEnd.current = true
      if (!atEnd.current) return
      box.scrollTop = box.scrollHeight
    }
    keep()
    const observer = new ResizeObserver(keep)
    observer.observe(box)
    observer.observe(inner)
    return () => observer.disconnect()
  }, [stickToEnd])
  const byUser = () => void (userAt.current = performance.now())
  const onPointerDown = () => {
    held.current = true
    const release = () => void (held.current = false)
    window.addEventListener('pointerup', release, { once: true })
    window.addEventListener('pointercancel', release, { once: true })
  }
  const onScroll = () => {
    const box = scroller.current
    if (!box) return
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 8) atEnd.current = true
    else if (held.current || performance.now() - userAt.current < USER_SCROLL_MS) {
      atEnd.current = false
    }
  }

  return (
    <div
      ref={scroller}
      className={`virtual-scroll ${className ?? ''}`}
      data-virtual-scroll
      aria-label={label}
      role="region"
      style={height === undefined ? undefined : { height }}
      tabIndex={-1}
      onScroll={onScroll}
      onWheel={byUser}
      onTouchMove={byUser}
      onKeyDown={byUser}
      onPointerDown={onPointerDown}
    >
      <div ref={sizer} className="virtual-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-virtual-index={item.index}
            ref={virtualizer.measureElement}
            className="virtual-item"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {renderItem(item.index)}
          </div>
        ))}
      </div>
    </div>
  )
}
