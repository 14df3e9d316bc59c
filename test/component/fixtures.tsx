import { render } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ReactElement } from 'react'
import type { Message } from '../../src'
import type { OpenedFile } from '../../electron/contract'
import { StoreProvider, createAppStore, type AppStore } from '../../renderer/store'
import { SAMPLE_FILE } from '../../renderer/store/sample'
import { createMainThreadWorkers } from './main-thread-workers'
import { fakeApi, type FakeApi } from './fake-api'

/**
 * A hand-built agent run of ten messages. With the derived keep count, max(1, ⌊10 × 0.25⌋) = 2,
 * the head is indexes 0–7: the two instructions (0, 3) are hoisted, 1, 2, 4, 5, 6, 7 are summarised,
 * and 8, 9 are kept. Of the summarised ones only the user and bot messages (1, 2, 7) reach the
 * prompt; the activity, reasoning and unknown-type ones (4, 5, 6) do not.
 */
export const RUN: Message[] = [
  { id: 'sys', type: 'instructions', text: 'You are Patchwork, a careful coding agent.' },
  { id: 'u1', type: 'user', text: 'The invoice total is wrong for Berlin customers.' },
  { id: 'b1', type: 'bot', text: 'I will read src/billing/total.ts first.' },
  { id: 'rem', type: 'instructions', text: 'Reminder: run the tests before you answer.' },
  {
    id: 'call-1',
    type: 'activity',
    text: 'read_file request',
    payload: '{"path":"src/billing/total.ts"}',
  },
  { id: 'r1', type: 'reasoning', text: 'The rounding happens before the tax is added.' },
  { id: 'x1', type: 'telemetry', text: 'latency_ms=412' },
  { id: 'u2', type: 'user', text: 'Can you fix it?' },
  { id: 'b2', type: 'bot', text: 'Fixed: tax is added before rounding.' },
  { id: 'u3', type: 'user', text: 'Thanks, please open the PR.' },
]

/** The buckets of RUN under the derived keep count, worked out by hand above. */
export const RUN_BUCKETS = [
  'hoisted',
  'summarize',
  'summarize',
  'hoisted',
  'summarize',
  'summarize',
  'summarize',
  'summarize',
  'keep',
  'keep',
]

/** An opened file whose content is already text, as the sample is (Electron gives bytes). */
export type TextFile = OpenedFile & { content: string }

export const RUN_FILE: TextFile = {
  // As main gives it: the token to export beside it, the path to show.
  token: 'run-json-token',
  path: '/work/run.json',
  name: 'run.json',
  content: JSON.stringify({ model: 'gpt-4o', messages: RUN }, null, 2),
}

/** A fixture file from testdata/conversations. */
export function conversationFile(name: string): TextFile {
  const path = resolve(import.meta.dirname, '../../testdata/conversations', name)
  return { path, name, content: readFileSync(path, 'utf8') }
}

// The reference cost of each message: tiktoken's ordinary count of text + payload, plus 4.
export { referenceCounts } from '../unit/helpers/tiktoken'

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** A fresh store on a fake host, showing the sample as the app does at start. */
export function makeStore(api: FakeApi = fakeApi()): { store: AppStore; api: FakeApi } {
  return {
    store: createAppStore({ api, sample: SAMPLE_FILE, workers: createMainThreadWorkers() }),
    api,
  }
}

/** A store showing RUN with MaxTokens 50, so the check compacts (ten messages cost far more than 45). */
export function runStore(api: FakeApi = fakeApi()) {
  const made = makeStore(api)
  made.store.getState().loadFile(RUN_FILE)
  made.store.getState().setOptionInput('maxTokens', '50')
  return made
}

export function renderWithStore(ui: ReactElement, store: AppStore) {
  return render(<StoreProvider store={store}>{ui}</StoreProvider>)
}
