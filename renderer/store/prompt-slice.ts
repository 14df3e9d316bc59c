import { summaryPromptBoundary, summaryPromptPieces, type Message } from '@core'
import type { PromptSize } from '../workers/types'
import { memoSelector } from './memo'
import { selectBoundary, selectCheck, selectOptions, selectReadyCounts } from './selectors'
import { selectCountingKey } from './spec'
import type { AppState, SliceCreator } from './types'

/**
 * The summary prompt for the head. On a long conversation it runs to megabytes: its start is built
 * from the first of the core's pieces alone, and the whole text only when asked for (Copy).
 */
export interface SummaryPrompt {
  /**
   * The first `chars` characters (all of them, for a shorter prompt); '' while `pending`.
   */
  start(chars: number): string
  /** The whole prompt, built once and kept. */
  text(): string
  /** True while a long head's boundary is still being worked out by the conversation's worker. */
  pending: boolean
}

/**
 * Up to this many characters of head, the page works out the prompt's boundary itself (a search
 * of every message); past it, it waits for the worker's, since a search of megabytes on the page's
 * thread freezes the window while the user tunes.
 */
const PAGE_SCAN_CHARS = 1_000_000

function headChars(head: readonly Message[]): number {
  let chars = 0
  for (const m of head) {
    chars += m.text.length + (m.payload?.length ?? 0)
    if (chars > PAGE_SCAN_CHARS) break
  }
  return chars
}

function promptOf(head: readonly Message[], measured: string | undefined): SummaryPrompt {
  const boundary =
    measured ?? (headChars(head) <= PAGE_SCAN_CHARS ? summaryPromptBoundary(head) : undefined)
  let whole: string | null = null
  const text = () => (whole ??= [...summaryPromptPieces(head, boundary)].join(''))
  const start = (chars: number) => {
    if (whole !== null) return whole.slice(0, chars)
    if (boundary === undefined) return ''
    let begun = ''
    for (const piece of summaryPromptPieces(head, boundary)) {
      begun += piece
      if (begun.length >= chars) break
    }
    return begun.slice(0, chars)
  }
  return { start, text, pending: boundary === undefined }
}

/** The boundary the worker measured the current head's prompt with; undefined until it has. */
const selectMeasuredBoundary = (s: AppState): string | undefined => {
  const key = selectPromptKey(s)
  return key !== null && s.promptTokens?.key === key ? s.promptTokens.size.boundary : undefined
}

/** The exact prompt the core builds for the head; null until the counts decide what the head is. */
export const selectPrompt: (s: AppState) => SummaryPrompt | null = memoSelector(
  (s: AppState) => [selectCheck(s)?.messagesToSummarize, selectMeasuredBoundary(s)],
  (head, boundary) => (head === undefined ? null : promptOf(head, boundary)),
)

/** What the prompt's count depends on: the conversation, the counting key and where the head ends. */
interface PromptKey {
  messages: readonly Message[]
  counting: string
  /** The head's length: 0 when the check declines, and the prompt condenses nothing. */
  head: number
}

export interface PromptTokensSlice {
  /** The prompt's size, measured by the conversation's worker, with what it was measured for. */
  promptTokens: { key: PromptKey; size: PromptSize } | null
}

// The same key object as long as none of its parts changes, so re-tuning MaxTokens without moving
// the boundary asks for nothing.
const selectPromptKey: (s: AppState) => PromptKey | null = memoSelector(
  (s: AppState) => [
    s.messages,
    selectCountingKey(s),
    selectCheck(s) === null ? null : (selectBoundary(s) ?? 0),
  ],
  (messages, counting, head): PromptKey | null =>
    head === null ? null : { messages, counting, head },
)

/**
 * The prompt's cost, as bare text and as one message (messageCost's rule, worked out by the worker),
 * and its length; null while the worker measures it.
 */
export const selectPromptTokens: (
  s: AppState,
) => { text: number; asMessage: number; chars: number } | null = memoSelector(
  (s: AppState) => [selectPromptKey(s), s.promptTokens],
  (key, measured) =>
    key === null || measured?.key !== key
      ? null
      : {
          text: measured.size.tokens,
          asMessage: measured.size.asMessage,
          chars: measured.size.chars,
        },
)

/**
 * Counting the prompt means building it whole and tokenizing megabytes: seconds on a long
 * conversation. The worker that read the file does it on the messages it holds, so the main thread
 * neither builds the text nor sends it anywhere. A newer head supersedes an older one.
 */
export const createPromptTokensSlice: SliceCreator<PromptTokensSlice> = () => (set, get, store) => {
  let asked: PromptKey | null = null
  store.subscribe((state) => {
    const key = selectPromptKey(state)
    if (key === null || selectReadyCounts(state) === null || key === asked) return
    asked = key
    const input = { options: selectOptions(state), counting: key.counting }
    state.conversationOf(key.messages)?.countPrompt(input, (outcome) => {
      if (outcome.ok) set({ promptTokens: { key, size: outcome.value } })
      else get().notify('error', `Counting the prompt failed: ${outcome.error}`)
    })
  })
  return { promptTokens: null }
}
