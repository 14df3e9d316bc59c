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

/** A scrolling list that only draws the rows in view: 10,000 messages scroll as smoothly as ten. */
export function VirtualList(props: Props) {
  const { count, itemKey, renderItem, estimateSize, label, className, height, onReady } = props
  const { stickToEnd = false } = props
  const scroller = useRef<HTMLDivElement>(null)
  // Whether the end was in view at the last scroll (or the list fit its box).
  const atEnd = useRef(false)
  const drawnCount = useRef(count)
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
    const grew = count > drawnCount.current
    drawnCount.current = count
    const box = scroller.current
    if (!box) return
    if (stickToEnd && grew && atEnd.current) {
      // To the end as laid out now, and again once the new rows are measured (their heights
      // replace the estimates a frame later).
      const toEnd = () => void (box.scrollTop = box.scrollHeight)
      toEnd()
      const frame = requestAnimationFrame(toEnd)
      return () => cancelAnimationFrame(frame)
    }
    if (box.scrollHeight <= box.clientHeight) atEnd.current = true
  }, [count, stickToEnd, virtualizer])
  const onScroll = () => {
    const box = scroller.current
    if (box) atEnd.current = box.scrollTop + box.clientHeight >= box.scrollHeight - 8
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
    >
      <div className="virtual-sizer" style={{ height: virtualizer.getTotalSize() }}>
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
