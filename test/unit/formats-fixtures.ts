import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { diagnose } from '../../src/diagnose/index'
import type { importConversation, Message } from '../../src/index'
import { referenceCounts } from './helpers/tiktoken'

const DIR = resolve(import.meta.dirname, '../../testdata/formats')

/** A transcript under testdata/formats, as text. */
export function fixture(name: string): string {
  return readFileSync(resolve(DIR, name), 'utf8')
}

/** A JSON transcript under testdata/formats, parsed, to quote its values in expectations. */
export function fixtureJson(name: string): Record<string, unknown> {
  return JSON.parse(fixture(name)) as Record<string, unknown>
}

/**
 * A message's cost by OpenAI's own tokenizer, independent of the code under test: the ordinary
 * encoding of text + payload, plus 4 for the wire framing.
 */
export function tiktokenCost(text: string, payload = ''): number {
  return referenceCounts([{ text, payload }])[0]
}

/** Each message's type and id: the shape of an import, in one comparable value. */
export const shape = (messages: Message[]) => messages.map((m) => [m.type, m.id])

/** An import report's warnings, as [place, problem]. */
export const warnings = (imported: ReturnType<typeof importConversation>) =>
  imported.report.filter((n) => n.severity === 'warning').map((n) => [n.path, n.problem])

/** The problems of the report's notes at one place. */
export const infoAt = (imported: ReturnType<typeof importConversation>, path: string) =>
  imported.report.filter((n) => n.severity === 'info' && n.path === path).map((n) => n.problem)

/** The findings when a compaction keeps the messages from `index` on: a cut tool exchange among them. */
export const cutAt = (messages: Message[], index: number) =>
  diagnose({ messages, options: { maxTokens: 1, keepRecentCount: messages.length - index } })
