import type { Message } from '../types'
import { isObject, type Json } from './json-shape'
import { toolsMessage } from './payload'
import type { Entry } from './pi-shared'

/*
 * pi 1.x records its system prompt in the session as system messages (pi-ai 1.6.0 SystemMessage:
 * content, named sections, tools added and removed). For a model that takes no system message
 * mid-conversation pi folds them into one leading prompt (dist/utils/transcript.js
 * collapseSystemMessages, getCurrentSystemMessage; dist/utils/text.js getSystemMessageText),
 * which is what is read here for every model.
 */

/**
 * The system messages pi sends on the branch (buildContextEntries): after a compaction, its own
 * `systemMessage` (the prompt and tools at that point) and those after it, the ones kept from
 * before it left out; without one, all of them.
 */
export function systemMessagesOf(compaction: Entry | undefined, after: readonly Entry[]): Json[] {
  const own = compaction?.value.systemMessage
  const later = after.filter(isSystemEntry).map((e) => e.value.message as Json)
  return isObject(own) ? [own, ...later] : later
}

export const isSystemEntry = (e: Entry): boolean =>
  e.value.type === 'message' && isObject(e.value.message) && e.value.message.role === 'system'

/**
 * One leading prompt from the system messages in order: every non-empty content, then each
 * section still set (a later one replaces it by name, null removes it) in the order first set,
 * joined by a blank line; and the tools added and not removed since, by name.
 */
export function leadingInstructions(systems: readonly Json[]): Message[] {
  if (systems.length === 0) return []
  const contents: string[] = []
  const sections = new Map<string, string>()
  const tools = new Map<string, unknown>()
  for (const s of systems) {
    const text = contentText(s.content)
    if (text.length > 0) contents.push(text)
    if (isObject(s.sections)) {
      for (const [name, value] of Object.entries(s.sections)) {
        if (value === null) sections.delete(name)
        else if (typeof value === 'string') sections.set(name, value)
      }
    }
    for (const t of Array.isArray(s.toolsRemoved) ? s.toolsRemoved : [])
      if (isObject(t)) tools.delete(String(t.name))
    for (const t of Array.isArray(s.toolsAdded) ? s.toolsAdded : [])
      if (isObject(t)) tools.set(String(t.name), t)
  }
  const text = [contents.join('\n\n'), ...sections.values()].filter((p) => p.length > 0)
  return [
    ...(text.length > 0 ? [{ type: 'instructions' as const, text: text.join('\n\n') }] : []),
    ...(tools.size > 0 ? [toolsMessage([...tools.values()])] : []),
  ]
}

/** A system message's content as pi renders it: a string, or its text blocks joined by newlines. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .filter((b) => isObject(b) && b.type === 'text' && typeof b.text === 'string')
    .map((b) => (b as Json).text as string)
    .join('\n')
}
