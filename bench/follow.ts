/**
 * Issue 18: following a log. Idle cost: the CPU this process spends, over a stretch of wall time
 * in which nothing is written, while it follows 1 or 20 files (watching, and polling alone, as on
 * a file system where watching never fires), as a percentage of one core, beside the same stretch
 * following nothing. Append cost: a Claude Code session of 10,000 messages grown a line at a time,
 * each line taken by the live import (parsed once, the reader run over the kept lines) against
 * importing the whole file again for each line; and, of the live import's time, what working out
 * the unchanged messages takes.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { followFile } from '../node/follow/follow-file'
import { importConversation, startLiveImport } from '../src/index'
import { unchangedCount } from '../src/live/unchanged'
import { writeClaudeCodeSession } from './jsonl-session'
import { median } from './measure'

export interface IdleRow {
  label: string
  files: number
  /** % of one core: CPU time ÷ wall time. */
  percent: number
  seconds: number
}

export interface AppendFigures {
  messages: number
  appends: number
  /** Median ms per appended line, live. */
  liveMs: number
  /** Median ms per appended line, importing the whole file again. */
  wholeMs: number
  /** Median ms of unchangedCount per update. */
  unchangedMs: number
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU % of one core over `seconds` of wall time, while `files` files are followed (or none). */
async function idleRow(
  dir: string,
  label: string,
  files: number,
  watch: boolean,
  seconds: number,
): Promise<IdleRow> {
  const followers = []
  for (let i = 0; i < files; i++) {
    const path = join(dir, `idle-${watch ? 'w' : 'p'}-${i}.jsonl`)
    writeFileSync(path, '{"type":"user"}\n')
    const f = followFile(path, {
      from: 16,
      watch,
      onChange: () => {
        throw new Error('nothing was written')
      },
      onError: (e) => {
        throw e
      },
    })
    followers.push(f)
  }
  await Promise.all(followers.map((f) => f.ready))
  // Past the first look each follower makes when it starts.
  await sleep(500)
  const cpu = process.cpuUsage()
  const start = process.hrtime.bigint()
  await sleep(seconds * 1000)
  const used = process.cpuUsage(cpu)
  const wallUs = Number(process.hrtime.bigint() - start) / 1000
  for (const f of followers) f.close()
  return { label, files, percent: ((used.user + used.system) / wallUs) * 100, seconds }
}

/** The idle rows: following nothing, then 1 and 20 files, watching and polling alone. */
export async function benchFollowIdle(dir: string, seconds: number): Promise<IdleRow[]> {
  const rows: IdleRow[] = []
  // Warm-up, not shown: the first follower compiles the code every later one runs.
  await idleRow(dir, 'warm-up', 1, true, 1)
  rows.push(await idleRow(dir, 'following nothing (baseline)', 0, true, seconds))
  for (const files of [1, 20]) {
    rows.push(await idleRow(dir, 'watching, 1 s poll as well', files, true, seconds))
  }
  rows.push(await idleRow(dir, 'polling alone (no watch events)', 20, false, seconds))
  return rows
}

/** A session of `messages` messages, then `appends` more lines taken one at a time. */
export function benchFollowAppend(dir: string, messages: number, appends: number): AppendFigures {
  const path = join(dir, 'append.jsonl')
  writeClaudeCodeSession(path, {
    seed: 1,
    targetBytes: messages * 500,
    messages: messages + appends,
  })
  const bytes = new Uint8Array(readFileSync(path))
  // Where each of the last `appends` lines starts.
  const ends: number[] = []
  for (let i = bytes.length - 1, n = 0; i > 0 && n <= appends; i--) {
    if (bytes[i - 1] === 0x0a) {
      ends.unshift(i)
      n++
    }
  }
  const { live, update } = startLiveImport(bytes.subarray(0, ends[0]))
  let previous = update.conversation
  const liveMs: number[] = []
  const wholeMs: number[] = []
  const unchangedMs: number[] = []
  for (let k = 1; k < ends.length; k++) {
    const piece = bytes.slice(ends[k - 1], ends[k])
    let t = performance.now()
    const got = live.append(piece)
    liveMs.push(performance.now() - t)
    if (got) {
      t = performance.now()
      unchangedCount(previous, got.conversation)
      unchangedMs.push(performance.now() - t)
      previous = got.conversation
    }
    if (k % 10 === 1) {
      // The whole re-import, a tenth of the time: it is the slow side.
      t = performance.now()
      importConversation(bytes.subarray(0, ends[k]))
      wholeMs.push(performance.now() - t)
    }
  }
  return {
    messages: update.conversation.messages.length,
    appends: ends.length - 1,
    liveMs: median(liveMs),
    wholeMs: median(wholeMs),
    unchangedMs: median(unchangedMs),
  }
}
