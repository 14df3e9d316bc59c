import type { SliceCreator } from './types'

/** The tabs of the side panel. */
export const SIDE_TABS = ['findings', 'prompt', 'summary', 'engines'] as const
export type SideTab = (typeof SIDE_TABS)[number]

/** How the user arranged the window: kept across files and restarts with the other settings. */
export interface Layout {
  /** Width of the side panel, in CSS pixels. */
  sideWidth: number
  /** The side panel's open tab. */
  sideTab: SideTab
  /** Panels the user folded away, by id. */
  collapsed: readonly string[]
}

export const SIDE_WIDTH_MIN = 280
export const SIDE_WIDTH_MAX = 800

export const DEFAULT_LAYOUT: Layout = { sideWidth: 420, sideTab: 'findings', collapsed: [] }

/**
 * A layout read from storage, made safe: anything missing, mistyped or out of range takes its
 * default, so a stale or hand-edited settings file never breaks the window.
 */
export function sanitizeLayout(value: unknown): Layout {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const width = v.sideWidth
  const sideWidth =
    typeof width === 'number' && Number.isFinite(width)
      ? Math.min(SIDE_WIDTH_MAX, Math.max(SIDE_WIDTH_MIN, Math.round(width)))
      : DEFAULT_LAYOUT.sideWidth
  const sideTab = SIDE_TABS.includes(v.sideTab as SideTab)
    ? (v.sideTab as SideTab)
    : DEFAULT_LAYOUT.sideTab
  const collapsed = Array.isArray(v.collapsed)
    ? [
        ...new Set(
          v.collapsed.filter((id): id is string => typeof id === 'string' && id.length <= 40),
        ),
      ]
    : DEFAULT_LAYOUT.collapsed
  return { sideWidth, sideTab, collapsed }
}

export interface LayoutSlice {
  layout: Layout
  /** Changes part of the layout; the result is sanitized like a stored one. */
  setLayout(patch: Partial<Layout>): void
}

export const createLayoutSlice: SliceCreator<LayoutSlice> = () => (set, get) => ({
  layout: DEFAULT_LAYOUT,
  setLayout: (patch) => set({ layout: sanitizeLayout({ ...get().layout, ...patch }) }),
})
