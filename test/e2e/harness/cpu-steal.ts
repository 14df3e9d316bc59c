/**
 * How much of this machine's CPU its host took (steal time, /proc/stat): on a virtual machine
 * whose host is busy, every wall-clock figure stretches, the app's long tasks with it. Linux only;
 * elsewhere it reads nothing and the caller says so.
 */
import { readFileSync } from 'node:fs'

/** The CPU time counters of the whole machine, in clock ticks. */
export interface CpuTimes {
  steal: number
  total: number
}

/** The machine's counters now; null where /proc/stat cannot be read. */
export function cpuTimes(): CpuTimes | null {
  try {
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice" (guest time is also
    // counted in user, so the total stops at steal).
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1)
    const ticks = fields.slice(0, 8).map(Number)
    if (ticks.length < 8 || ticks.some((t) => !Number.isFinite(t))) return null
    return { steal: ticks[7], total: ticks.reduce((a, b) => a + b, 0) }
  } catch {
    return null
  }
}

/** The host's share of the CPU between two readings, 0 to 1; null without both. */
export function stealShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null
  return (after.steal - before.steal) / (after.total - before.total)
}
