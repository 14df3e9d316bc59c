import type { Message } from '../types'
import type { SessionEvent } from './claude-code-chain'
import { isObject } from './json-shape'
import { decodePayload } from './payload'
import type { NoteList } from './report'
import type { ReportedUsage } from './types'

/**
 * Marks each report after the first whose prompt is the first to hold a ToolSearch result naming
 * a deferred tool (`ReportedUsage.toolsLoaded`). A `tool_reference` block in a tool result names a
 * tool Claude Code holds back (`defer_loading`); from then on every request's `tools` carries that
 * tool's definition, which the file does not hold (2.1.88: `extractDiscoveredToolNames` in
 * utils/toolSearch.ts, read by `queryModel` in services/api/claude.ts to choose the tools it
 * sends). A compaction keeps the tools found before it (`compactMetadata.preCompactDiscoveredTools`),
 * so those are in the first request's hidden context. The usage view derives their size from the
 * report (docs/tokens.md, "Deferred tools a ToolSearch result loaded").
 */
export function markToolsLoaded(
  thread: readonly SessionEvent[],
  messages: readonly Message[],
  usage: ReportedUsage[],
  notes: NoteList,
): void {
  if (usage.length < 2) return
  const loaded = new Set<string>()
  for (const e of thread) {
    const carried = isObject(e.compactMetadata) ? e.compactMetadata.preCompactDiscoveredTools : null
    if (Array.isArray(carried))
      for (const name of carried) if (typeof name === 'string') loaded.add(name)
  }
  let from = 0
  usage.forEach((u, k) => {
    const fresh: string[] = []
    for (let i = from; i < Math.min(u.prompt, messages.length); i++) {
      for (const name of referencedTools(messages[i])) {
        if (!loaded.has(name)) {
          loaded.add(name)
          fresh.push(name)
        }
      }
    }
    from = Math.max(from, u.prompt)
    if (k === 0 || fresh.length === 0) return
    u.toolsLoaded = fresh
    const one = fresh.length === 1
    notes.info(
      u.at,
      `this request is the first sent the definition${one ? '' : 's'} of ${fresh.join(', ')}, ${one ? 'a deferred tool' : 'deferred tools'} a ToolSearch result loaded; the file does not hold ${one ? 'it' : 'them'}, so the usage view derives ${one ? 'its' : 'their'} size from this request, as it derives the system prompt’s from the first`,
    )
  })
}

/** The tools a tool result's `tool_reference` blocks name, kept in its payload as `{content}`. */
function referencedTools(message: Message): string[] {
  const payload = message.payload
  if (message.type !== 'activity' || !payload?.includes('"tool_reference"')) return []
  const content = decodePayload(payload)?.content
  if (!Array.isArray(content)) return []
  return content.flatMap((part: unknown) =>
    isObject(part) && part.type === 'tool_reference' && typeof part.tool_name === 'string'
      ? [part.tool_name]
      : [],
  )
}
