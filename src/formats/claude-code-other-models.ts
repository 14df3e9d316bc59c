import type { Message } from '../types'
import { versionIn } from './claude-code-version'

/**
 * Thinking another model wrote, which Claude Code takes out of a request. Before each request it
 * removes the signed `thinking` and the `redacted_thinking` blocks of every earlier reply whose
 * `message.model` is not the model the request goes to (`<synthetic>` replies aside); unsigned
 * thinking stays. It does so for every provider from 2.1.152, and only on Bedrock from 2.1.108 to
 * 2.1.150 (the compiled packages, read for 2.1.88 – 2.1.221; docs/tokens.md, "Thinking another
 * model wrote"). The file keeps those blocks, so a session that switches model, by `/model` or a
 * fallback, holds thinking its later requests were sent without.
 */
const EVERY_PROVIDER = [2, 1, 152] as const
const BEDROCK_ONLY = [2, 1, 108] as const

/** Whether the Claude Code that sent a request took other models' thinking out of it. */
export function takesOutOtherModelsThinking(
  version: string | undefined,
  replyId: string | undefined,
): boolean {
  if (versionIn(version, EVERY_PROVIDER)) return true
  return (
    versionIn(version, BEDROCK_ONLY, EVERY_PROVIDER) && replyId?.startsWith('msg_bdrk_') === true
  )
}

/**
 * Whether Claude Code counts a reasoning message as signed: a signed thinking block or redacted
 * thinking, which the readers keep as the message's payload (a signature, or the data).
 */
const isSigned = (m: Message): boolean => m.type === 'reasoning' && m.payload !== undefined

/**
 * The signed thinking of a thread so far, by the model that wrote it: for each request, the
 * messages written by other models (by index, ascending). A session switches model a few times
 * at most, so the list is made again only when the model asked for changes, or when thinking by
 * another model came since it was made; otherwise every request shares one array.
 */
export class OtherModelsThinking {
  private readonly written: { at: number; model: string }[] = []
  private made: { model: string; upTo: number; list: readonly number[] } | undefined

  /** Notes a message at `at`, written by `model`, if it is signed thinking. */
  add(at: number, model: string, m: Message): void {
    if (isSigned(m)) this.written.push({ at, model })
  }

  /** The signed thinking so far that a model other than `model` wrote; undefined when none. */
  otherThan(model: string): readonly number[] | undefined {
    const { written } = this
    const made = this.made?.model === model ? this.made : { model, upTo: 0, list: [] }
    if (made.upTo < written.length) {
      const added: number[] = []
      for (let k = made.upTo; k < written.length; k++) {
        if (written[k].model !== model) added.push(written[k].at)
      }
      made.upTo = written.length
      if (added.length > 0) made.list = [...made.list, ...added]
    }
    this.made = made
    return made.list.length > 0 ? made.list : undefined
  }
}

/** The indexes of two ascending lists, ascending and once each. */
export function unionOf(
  a: readonly number[] | undefined,
  b: readonly number[] | undefined,
): readonly number[] | undefined {
  if (a === undefined || a.length === 0) return b
  if (b === undefined || b.length === 0) return a
  return [...new Set([...a, ...b])].sort((x, y) => x - y)
}
