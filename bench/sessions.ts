/**
 * Issue 18: listing a thousand sessions. Times findSessions (walk the engines' folders, read each
 * file's first and last 32 KB, 64 for a Claude Code log) on a generated home, and apart from it
 * the counts (a byte scan of every file), which the list defers to the rows it shows. The files were just written, so they
 * are in the page cache: the figures are for a warm cache, as a second listing would be.
 */
import { countSession, findSessions, mapLimit, OPEN_FILES } from '../node/sessions/index'
import { median, timeAsync } from './measure'
import type { SessionHome } from './sessions-home'

/** The medians over the rounds, in milliseconds. */
export interface SessionFigures {
  home: SessionHome
  rounds: number
  listed: number
  listWall: number
  listCpu: number
  countWall: number
  countCpu: number
  messages: number
}

/** Lists and counts the sessions of HOME, ROUNDS times each. */
export async function benchSessions(home: SessionHome, rounds: number): Promise<SessionFigures> {
  const options = { ctx: { platform: 'linux' as const, env: { HOME: home.home }, home: home.home } }
  const list: { wall: number; cpu: number }[] = []
  const count: { wall: number; cpu: number }[] = []
  let listed = 0
  let messages = 0
  for (let r = 0; r < rounds; r++) {
    const found = await timeAsync(() => findSessions(options))
    list.push(found)
    listed = found.value.sessions.length
    const counted = await timeAsync(() =>
      mapLimit(found.value.sessions, OPEN_FILES, (s) => countSession(s.engine, s.path)),
    )
    count.push(counted)
    messages = counted.value.reduce((sum, c) => sum + c.messages, 0)
  }
  return {
    home,
    rounds,
    listed,
    listWall: median(list.map((t) => t.wall)),
    listCpu: median(list.map((t) => t.cpu)),
    countWall: median(count.map((t) => t.wall)),
    countCpu: median(count.map((t) => t.cpu)),
    messages,
  }
}
