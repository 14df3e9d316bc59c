import { loadavg } from 'node:os'
import { benchFollowAppend, benchFollowIdle } from './follow'
import { num, printTable, printVerdicts, times } from './report'

/** Issue 18's idle target: following costs at most this much of one core while nothing is written. */
export const IDLE_TARGET_PERCENT = 2

/** Runs the --follow rows, prints them and their verdicts; returns how many targets failed. */
export async function runFollowBench(
  dir: string,
  quick: boolean,
  progress: (line: string) => void,
): Promise<number> {
  const seconds = quick ? 3 : 10
  progress(`following files for ${seconds} s a row, nothing written`)
  const idle = await benchFollowIdle(dir, seconds)
  console.log(
    `Following, idle (${seconds} s of wall time a row; CPU time of this process ÷ wall time)`,
  )
  printTable(
    ['followed', 'files', '% of one core'],
    idle.map((r) => [r.label, num(r.files), r.percent.toFixed(3)]),
  )
  console.log()
  const messages = quick ? 2_000 : 10_000
  const appends = quick ? 50 : 200
  progress(`a ${num(messages)}-message session grown by ${appends} lines, one at a time`)
  const a = benchFollowAppend(dir, messages, appends)
  console.log(
    `Following, appends (a Claude Code session of ${num(a.messages)} messages, ${num(a.appends)} lines appended one at a time; medians)`,
  )
  printTable(
    ['per appended line', 'ms'],
    [
      ['live import: parse the line, run the reader over the kept lines', a.liveMs.toFixed(2)],
      ['  of which: the unchanged messages (field by field)', a.unchangedMs.toFixed(2)],
      ['importConversation of the whole file again', a.wholeMs.toFixed(2)],
    ],
  )
  console.log(`  Live is ${times(a.wholeMs / a.liveMs)} faster than a whole re-import per line.`)
  console.log(
    `  Load average now: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
  )
  console.log()
  console.log('Targets')
  const worst = Math.max(...idle.filter((r) => r.files > 0).map((r) => r.percent))
  return printVerdicts([
    {
      target: `following 1 and 20 idle files costs at most ${IDLE_TARGET_PERCENT}% of one core`,
      measured: `at most ${worst.toFixed(3)}%`,
      pass: worst <= IDLE_TARGET_PERCENT,
    },
    {
      target: 'an appended line costs less than importing the whole file again',
      measured: `${a.liveMs.toFixed(2)} ms against ${a.wholeMs.toFixed(2)} ms`,
      pass: a.liveMs < a.wholeMs,
    },
  ])
}
