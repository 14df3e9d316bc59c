import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import {
  centredOffset,
  layoutItems,
  rangeOf,
  type MeasuredSizes,
  type VirtualLayout,
} from './virtual-layout'

/** What a list's owner can do to it from outside. */
export interface VirtualHandle {
  /** Scrolls so that the item is in the middle of the box, drawn or not. */
  scrollToIndex(index: number): void
}

interface Props {
  count: number
  /** A stable key per item, so measured heights follow items when the list changes. */
  itemKey: (index: number) => string | number
  /** Where the item of a key (itemKey's) is now, -1 when it is gone: measured heights follow it. */
  positionOfKey: (key: string | number) => number
  renderItem: (index: number) => ReactNode
  /**
   * Each row's height until it is measured. Rows are measured once drawn (expanded ones too), and
   * only a height that differs from the estimate is kept, so the estimate should be the exact
   * height of a collapsed row.
   */
  estimateSize: (index: number) => number
  label: string
  className?: string
  /** The scroll box's height, when it is not set by the layout. */
  height?: number
  /** Receives the list's handle, for scrolling to an item from outside. */
  onReady?: (handle: VirtualHandle) => void
  /**
   * Keeps the last item in view as items are added, when it was in view before: a followed
   * conversation grows at its end, and a user reading its end wants to see what comes.
   */
  stickToEnd?: boolean
}

// Enough to scroll a few rows without a blank; each extra row is laid out on every change.
const OVERSCAN = 6

/** How long after the user's wheel, touch or key a scroll is taken as theirs. */
const USER_SCROLL_MS = 1000

/** A scrolling list that only draws the rows in view: 10,000 messages scroll as smoothly as ten. */
export function VirtualList(props: Props) {
  const { count, itemKey, positionOfKey, renderItem, estimateSize, label, className } = props
  const { height, onReady } = props
  const { stickToEnd = false } = props
  const scroller = useRef<HTMLDivElement>(null)
  const sizer = useRef<HTMLDivElement>(null)
  // Whether the user is reading the end: set when a scroll reaches it (or the list fits its box),
  // cleared only by a scroll of theirs away from it. A box that shrinks, or rows that grow or are
  // measured, move the end away from a reader without their doing anything; they stay at it.
  const atEnd = useRef(false)
  // When the user last wheeled, touched, pressed a key in or held the pointer down on the list.
  const userAt = useRef(-Infinity)
  const held = useRef(false)
  // What is in view: the box's scroll offset and height, read when either changes.
  const [view, setView] = useState({ top: 0, height: 0 })
  const readView = useCallback(() => {
    const box = scroller.current
    if (!box) return
    setView((was) =>
      was.top === box.scrollTop && was.height === box.clientHeight
        ? was
        : { top: box.scrollTop, height: box.clientHeight },
    )
  }, [])
  useLayoutEffect(() => {
    readView()
    const box = scroller.current
    if (!box) return
    const observer = new ResizeObserver(readView)
    observer.observe(box)
    return () => observer.disconnect()
  }, [readView])
  // Heights that differ from the estimate, by item key, as the ResizeObserver measures them after
  // the browser lays rows out anyway: reading a row's size as it mounts would force a layout of
  // the whole page inside React's commit.
  const [measured, setMeasured] = useState<MeasuredSizes>(() => new Map())
  const layout = useMemo(
    () => layoutItems(count, estimateSize, measured, positionOfKey),
    [count, estimateSize, measured, positionOfKey],
  )
  const { first, last } = rangeOf(layout, view.top, view.height, OVERSCAN)
  // What the observer and the scroll handler read: the props and the rows drawn at the last commit.
  const latest = useRef({ layout, estimateSize, itemKey, first, last })
  useLayoutEffect(() => void (latest.current = { layout, estimateSize, itemKey, first, last }))

  // One observer measures every drawn item, known by its index at the last commit.
  const onSizes = useCallback((entries: ResizeObserverEntry[]) => {
    const seen: { key: string | number; size: number; estimate: number }[] = []
    for (const entry of entries) {
      const index = Number((entry.target as HTMLElement).dataset.virtualIndex)
      const size = Math.round(entry.borderBoxSize?.[0]?.blockSize ?? 0)
      // A hidden list measures 0: its rows keep the heights they had.
      if (!(index < latest.current.layout.count) || size === 0) continue
      const estimate = latest.current.estimateSize(index)
      seen.push({ key: latest.current.itemKey(index), size, estimate })
    }
    setMeasured((was) => {
      let next: Map<string | number, number> | undefined
      for (const { key, size, estimate } of seen) {
        const known = was.get(key)
        if (size === estimate ? known === undefined : known === size) continue
        next ??= new Map(was)
        if (size === estimate) next.delete(key)
        else next.set(key, size)
      }
      return next ?? was
    })
  }, [])
  const sizes = useRef<ResizeObserver | null>(null)
  useEffect(
    () => () => {
      sizes.current?.disconnect()
      sizes.current = null
    },
    [],
  )
  const measure = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return
      const observer = (sizes.current ??= new ResizeObserver(onSizes))
      observer.observe(element)
      return () => observer.unobserve(element)
    },
    [onSizes],
  )
  const handle = useMemo<VirtualHandle>(
    () => ({
      scrollToIndex(index) {
        const box = scroller.current
        if (!box) return
        box.scrollTop = centredOffset(latest.current.layout, index, box.clientHeight)
        readView()
      },
    }),
    [readView],
  )
  useEffect(() => onReady?.(handle), [onReady, handle])
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
    const next = rangeOf(latest.current.layout, box.scrollTop, box.clientHeight, OVERSCAN)
    // A scroll that keeps the same rows in view draws nothing again.
    if (next.first !== latest.current.first || next.last !== latest.current.last) readView()
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
      <div ref={sizer} className="virtual-sizer" style={{ height: layout.starts[layout.count] }}>
        {items(layout, first, last).map((index) => (
          <div
            key={itemKey(index)}
            data-virtual-index={index}
            ref={measure}
            className="virtual-item"
            style={{ transform: `translateY(${layout.starts[index]}px)` }}
          >
            {renderItem(index)}
          </div>
        ))}
      </div>
    </div>
  )
}

/** The indexes from `first` to `last`, while they are items of the layout. */
function items(layout: VirtualLayout, first: number, last: number): number[] {
  const indexes: number[] = []
  for (let i = first; i <= Math.min(last, layout.count - 1); i++) indexes.push(i)
  return indexes
}
