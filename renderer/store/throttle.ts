/** A call made at most once per interval, however often it is requested; cancel drops a pending one. */
export interface Throttled {
  request(): void
  cancel(): void
}

/** Runs `run` `ms` after the first request since it last ran: many requests, one run. */
export function throttled(run: () => void, ms: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null
  return {
    request() {
      timer ??= setTimeout(() => {
        timer = null
        run()
      }, ms)
    },
    cancel() {
      if (timer !== null) clearTimeout(timer)
      timer = null
    },
  }
}
