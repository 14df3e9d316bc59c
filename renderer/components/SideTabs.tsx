import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useApp } from '../store'
import { SIDE_TABS, type SideTab } from '../store/layout-slice'

/** Each tab's words; the shortcut Alt+N opens the Nth. */
export const SIDE_TAB_LABELS: Record<SideTab, string> = {
  findings: 'Findings',
  prompt: 'Prompt',
  summary: 'Summary and result',
  engines: 'Engines',
}

export const tabId = (tab: SideTab) => `side-tab-${tab}`
const panelId = (tab: SideTab) => `side-tabpanel-${tab}`

/**
 * The side panel's tabs. Every panel stays mounted (hidden when not open), so what the user
 * folded, scrolled or typed in one is still there when they come back.
 */
export function SideTabs({ panels }: { panels: Record<SideTab, ReactNode> }) {
  const open = useApp((s) => s.layout.sideTab)
  const setLayout = useApp((s) => s.setLayout)
  const list = useRef<HTMLDivElement>(null)
  const choose = (tab: SideTab, focus: boolean) => {
    setLayout({ sideTab: tab })
    if (focus) list.current?.querySelector<HTMLElement>(`#${tabId(tab)}`)?.focus()
  }
  // Arrows move between tabs and open the one reached, as a tablist does.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = SIDE_TABS.indexOf(open)
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % SIDE_TABS.length,
      ArrowLeft: (at - 1 + SIDE_TABS.length) % SIDE_TABS.length,
      Home: 0,
      End: SIDE_TABS.length - 1,
    }
    if (!(event.key in to)) return
    event.preventDefault()
    choose(SIDE_TABS[to[event.key]], true)
  }
  return (
    <div className="side-tabs">
      <div
        className="tab-list"
        role="tablist"
        aria-label="Side panel"
        ref={list}
        onKeyDown={onKeyDown}
      >
        {SIDE_TABS.map((tab, i) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            data-testid={`tab-${tab}`}
            aria-selected={tab === open}
            aria-controls={panelId(tab)}
            tabIndex={tab === open ? 0 : -1}
            title={`${SIDE_TAB_LABELS[tab]} (Alt+${i + 1})`}
            onClick={() => choose(tab, false)}
          >
            {SIDE_TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      {SIDE_TABS.map((tab) => (
        <div
          key={tab}
          className="tab-panel"
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          data-testid={`tabpanel-${tab}`}
          hidden={tab !== open}
        >
          {panels[tab]}
        </div>
      ))}
    </div>
  )
}
