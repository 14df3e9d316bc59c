/** A request waiting its turn: how to send it under its id, and what to do with its reply. */
export interface Request<Reply> {
  send(id: number): void
  settle(reply: Reply): void
}

/**
 * Requests to one worker, one at a time and in turn. Of those asked while one runs, only the
 * newest of each kind waits: the older ones are stale, and are dropped unanswered.
 */
export interface Latest<Kind, Reply> {
  /** Asks, replacing the request of the same kind still waiting. */
  ask(kind: Kind, request: Request<Reply>): void
  /** The worker answered `id`: settles it if it is the one running, and sends the next. */
  answer(id: number, reply: Reply): void
  /** The id of the request running; null when none is. */
  runningId(): number | null
  /**
   * Drops `request` unanswered: if it waits, from its turn; if it runs, `stopRunning` stops the
   * worker at it, and the next is sent.
   */
  cancel(request: Request<Reply>, stopRunning: () => void): void
  /** Drops the requests waiting; the one running is still answered. */
  clearWaiting(): void
  /** Drops every request waiting, and the one running. */
  clear(): void
}

/** `nextId` hands out the ids, so that they can be shared with other messages to the worker. */
export function latestOfEach<Kind, Reply>(nextId: () => number): Latest<Kind, Reply> {
  const waiting = new Map<Kind, Request<Reply>>()
  let running: { id: number; request: Request<Reply> } | null = null

  const startNext = () => {
    running = null
    const [next] = waiting
    if (!next) return
    const [kind, request] = next
    waiting.delete(kind)
    running = { id: nextId(), request }
    request.send(running.id)
  }

  return {
    ask(kind, request) {
      // Deleted first, so that the newest goes to the end of the turn.
      waiting.delete(kind)
      waiting.set(kind, request)
      if (!running) startNext()
    },
    answer(id, reply) {
      if (running?.id !== id) return
      const { request } = running
      startNext()
      request.settle(reply)
    },
    runningId: () => running?.id ?? null,
    cancel(request, stopRunning) {
      for (const [kind, waits] of waiting) if (waits === request) waiting.delete(kind)
      if (running?.request !== request) return
      stopRunning()
      startNext()
    },
    clearWaiting: () => waiting.clear(),
    clear() {
      waiting.clear()
      running = null
    },
  }
}
