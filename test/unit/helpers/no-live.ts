import type { SenderEvent } from '../../../electron/ipc-handlers'

const refused = { ok: false as const, error: 'no sessions in these tests' }

/** The sessions and live-following deps of main's handlers, for tests of the other channels. */
export const noLive = {
  sessions: {
    list: async () => refused,
    counts: async () => refused,
    search: async () => refused,
    open: async () => refused,
  },
  follows: { start: (_event: SenderEvent) => {}, stop: (_event: SenderEvent) => {} },
}
