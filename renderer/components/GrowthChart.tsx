import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { ContextGrowth } from '@core'

/** The chart's height in CSS pixels; its width follows its container. */
export const CHART_HEIGHT = 190

/** The series the chart draws, in uPlot's order after x: each one's label, as the legend says it. */
export const GROWTH_SERIES = [
  'Estimate',
  'Estimate + not in the file',
  'Reported',
  'Threshold',
] as const

/** The data uPlot draws: x, then one array per GROWTH_SERIES entry, all of one length. */
export function growthData(growth: ContextGrowth): uPlot.AlignedData {
  return [growth.x, growth.estimate, growth.withHidden, growth.reported, growth.threshold]
}

const cssVar = (el: Element, name: string, fallback: string) =>
  getComputedStyle(el).getPropertyValue(name).trim() || fallback

/**
 * The x axis counts messages, so it steps by whole ones: 1, 2, 5, 10, 20, 50 … up to 50 million.
 * uPlot's own steps include 0.5 and 2.5, which labelled a short session's axis 2.5, 7.5, 12.5.
 */
const WHOLE_STEPS: number[] = Array.from({ length: 8 }, (_, k) => 10 ** k).flatMap((p) => [
  p,
  2 * p,
  5 * p,
])

const thousands = (v: number) =>
  Math.abs(v) >= 1000 ? `${Math.round(v / 100) / 10}k` : String(Math.round(v))

/** A preset's fire point on the chart: a dashed vertical line at x, labelled. */
export interface FireMark {
  id: string
  label: string
  /** The prompt's length when it fires: the message it fires after, plus one. */
  x: number
  color: string
}

const NO_MARKS: readonly FireMark[] = []

/** Each preset's fire point, labelled from the top down so that marks at one x stay readable. */
function drawFireMarks(u: uPlot, marks: readonly FireMark[], backdrop: string) {
  const { ctx, bbox } = u
  const px = uPlot.pxRatio
  const line = 12 * px
  const rows = Math.max(1, Math.floor((bbox.height - 4 * px) / line))
  ctx.save()
  ctx.font = `${11 * px}px system-ui, sans-serif`
  ctx.textBaseline = 'top'
  ctx.setLineDash([3 * px, 3 * px])
  ctx.lineWidth = 1.5 * px
  marks.forEach((mark, k) => {
    const x = Math.round(u.valToPos(mark.x, 'x', true))
    ctx.strokeStyle = mark.color
    ctx.beginPath()
    ctx.moveTo(x, bbox.top)
    ctx.lineTo(x, bbox.top + bbox.height)
    ctx.stroke()
    const width = ctx.measureText(mark.label).width
    const y = bbox.top + 2 * px + (k % rows) * line
    const right = x + 3 * px + width <= bbox.left + bbox.width
    const tx = right ? x + 3 * px : x - 3 * px - width
    ctx.globalAlpha = 0.85
    ctx.fillStyle = backdrop
    ctx.fillRect(tx - px, y - px, width + 2 * px, line)
    ctx.globalAlpha = 1
    ctx.fillStyle = mark.color
    ctx.fillText(mark.label, tx, y)
  })
  ctx.restore()
}

function chartOptions(
  el: HTMLElement,
  growth: ContextGrowth,
  width: number,
  marks: () => readonly FireMark[],
): uPlot.Options {
  const accent = cssVar(el, '--accent', '#2563eb')
  const reported = cssVar(el, '--ok', '#16a34a')
  const bad = cssVar(el, '--bad', '#dc2626')
  const compaction = cssVar(el, '--hoisted', '#8b5cf6')
  const muted = cssVar(el, '--muted', '#667085')
  const grid = cssVar(el, '--border', '#d9dde3')
  const panel = cssVar(el, '--panel', '#ffffff')
  const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } }
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [
      { ...axis, label: 'messages in the prompt', labelSize: 18, incrs: WHOLE_STEPS },
      { ...axis, size: 48, values: (_u, values) => values.map(thousands) },
    ],
    series: [
      {},
      { label: GROWTH_SERIES[0], stroke: accent, width: 2, points: { show: false } },
      {
        label: GROWTH_SERIES[1],
        stroke: accent,
        width: 1,
        dash: [4, 4],
        points: { show: false },
      },
      {
        label: GROWTH_SERIES[2],
        stroke: reported,
        paths: () => null,
        points: { show: true, size: 7, fill: reported, stroke: reported },
      },
      {
        label: GROWTH_SERIES[3],
        stroke: bad,
        width: 1.5,
        dash: [6, 4],
        points: { show: false },
      },
    ],
    // The context the file lacks, between the estimate and the estimate with it.
    bands: [{ series: [2, 1], fill: 'rgba(37, 99, 235, 0.14)' }],
    hooks: {
      draw: [
        (u) => {
          const { ctx, bbox } = u
          ctx.save()
          ctx.strokeStyle = compaction
          ctx.lineWidth = 2 * uPlot.pxRatio
          for (const i of growth.compactions) {
            const x = Math.round(u.valToPos(i, 'x', true))
            ctx.beginPath()
            ctx.moveTo(x, bbox.top)
            ctx.lineTo(x, bbox.top + bbox.height)
            ctx.stroke()
          }
          ctx.restore()
          drawFireMarks(u, marks(), panel)
        },
      ],
    },
  }
}

/**
 * The context-growth chart, drawn by uPlot from the core's series; it follows its container's
 * width. `description` is what a screen reader hears for it; `marks` are where presets fire.
 */
export function GrowthChart({
  growth,
  description,
  marks = NO_MARKS,
}: {
  growth: ContextGrowth
  description: string
  /** The engine presets' fire points; the caller keeps the array stable while they hold. */
  marks?: readonly FireMark[]
}) {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  // The marks come later than the series (the presets run in the worker): they are drawn again on
  // the chart as it is, not by making a new one, so the canvas stays the same element.
  const shownMarks = useRef(marks)
  useEffect(() => {
    shownMarks.current = marks
    chart.current?.redraw(false)
  }, [marks])
  useEffect(() => {
    const el = box.current
    if (!el) return
    const width = () => Math.max(200, el.clientWidth)
    const options = chartOptions(el, growth, width(), () => shownMarks.current)
    const drawn = new uPlot(options, growthData(growth), el)
    chart.current = drawn
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => drawn.setSize({ width: width(), height: CHART_HEIGHT }))
    observer?.observe(el)
    return () => {
      observer?.disconnect()
      drawn.destroy()
      chart.current = null
    }
  }, [growth])
  return (
    <div
      ref={box}
      className="growth-chart"
      data-testid="growth-chart"
      role="img"
      tabIndex={0}
      aria-label={description}
    />
  )
}
