/** Wall-clock and CPU time of one run, in milliseconds. */
export interface Timing {
  wall: number
  /** User plus system CPU time of the whole process: on a busy machine, closer to what an idle one would take. */
  cpu: number
}

/** Times one synchronous run. */
export function timeOnce<T>(fn: () => T): Timing & { value: T } {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const value = fn()
  const wall = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { wall, cpu: (cpu.user + cpu.system) / 1000, value }
}

/**
 * Times one asynchronous run. Its CPU time covers every thread of the process, worker threads
 * included: the total work done, not how long it took.
 */
export async function timeAsync<T>(fn: () => Promise<T>): Promise<Timing & { value: T }> {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const value = await fn()
  const wall = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return { wall, cpu: (cpu.user + cpu.system) / 1000, value }
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The value at quantile q (0..1) of a non-empty list, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

/** Runs the garbage collector if node was started with --expose-gc, so one phase's garbage is not billed to the next. */
export function collectGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}
