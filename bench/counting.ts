import type { Message } from '../src/index'
import type { Contender } from './contenders'
import { collectGarbage, median, timeAsync, timeOnce } from './measure'
import type { CountingPool } from './worker-pool'

/** The median timings of one contender over the rounds, and the total it counted. */
export interface ContenderFigures {
  name: string
  wall: number
  cpu: number
  tokens: number
}

/** One size's counting figures: each single-thread contender, and the worker pool if one ran. */
export interface CountingFigures {
  contenders: ContenderFigures[]
  /** `cpu` is every thread's, so it shows the work the split adds, not the time it took. */
  pool?: { workers: number; wall: number; cpu: number; tokens: number }
}

/**
 * Times each contender on the same messages over several rounds, rotating the order each round so
 * that a burst of load from elsewhere on the machine does not always land on the same contender.
 */
export async function benchCounting(
  messages: readonly Message[],
  contenders: readonly Contender[],
  rounds: number,
  pool?: CountingPool,
): Promise<CountingFigures> {
  const runs = new Map<string, { wall: number[]; cpu: number[]; tokens: number }>()
  const poolWalls: number[] = []
  const poolCpus: number[] = []
  let poolTokens = 0
  const steps: (() => Promise<void>)[] = contenders.map((c) => async () => {
    c.reset()
    collectGarbage()
    const t = timeOnce(() => c.run(messages))
    const entry = runs.get(c.name) ?? { wall: [], cpu: [], tokens: t.value }
    entry.wall.push(t.wall)
    entry.cpu.push(t.cpu)
    runs.set(c.name, entry)
  })
  if (pool) {
    steps.push(async () => {
      await pool.reset()
      collectGarbage()
      const t = await timeAsync(() => pool.count(messages))
      poolWalls.push(t.wall)
      poolCpus.push(t.cpu)
      poolTokens = t.value.reduce((s, n) => s + n, 0)
    })
  }
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < steps.length; i++) await steps[(i + round) % steps.length]()
  }
  return {
    contenders: contenders.map((c) => {
      const r = runs.get(c.name)!
      return { name: c.name, wall: median(r.wall), cpu: median(r.cpu), tokens: r.tokens }
    }),
    pool: pool
      ? { workers: pool.size, wall: median(poolWalls), cpu: median(poolCpus), tokens: poolTokens }
      : undefined,
  }
}

/** Runs each contender (and the pool) once on other text, so the timed runs meet compiled code. */
export async function warmUp(
  messages: readonly Message[],
  contenders: readonly Contender[],
  pool?: CountingPool,
): Promise<void> {
  for (const c of contenders) c.run(messages)
  if (pool) await pool.count(messages)
}
