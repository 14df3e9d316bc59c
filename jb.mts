import { writeClaudeCodeSession } from '/work/main/bench/jsonl-session.ts'
import { benchJsonlImport } from '/work/main/bench/jsonl-import.ts'
const f = '/tmp/s.jsonl'

const r = await benchJsonlImport(f, 2)
console.log(r.bytes, r.lines, r.messages, r.parseLinesMs, r.importMs, (Math.max(r.memory.peakRssKernel, r.memory.peakRssSampled) - r.memory.baseline.rss) / r.bytes)
