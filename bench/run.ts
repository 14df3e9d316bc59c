/**
 * `npm run bench [-- --quick] [-- --strict] [-- --long-pieces] [-- --jsonl] [-- --open-models]
 * [-- --sessions] [-- --follow]`: counting, re-tuning
 * and memory on generated conversations, each figure printed beside a baseline measured in the
 * same run. Targets are issue 2's (core vs raw gpt-tokenizer), issue 6's (throughput, workers,
 * re-tuning, memory), issue 14's (long single pieces) and issue 12's (a JSONL log imported line by
 * line), and issue 13's open-model vocabularies against their packages' encoders; --long-pieces,
 * --jsonl and --open-models run one of the last three rows alone; --sessions runs issue 18's
 * listing of 1,000 sessions, alone (it is not part of the default run), and --follow its idle cost
 * of following files and its append rate, alone too. It exits 0 whatever the
 * verdicts, as the machine is shared and noisy, unless given --strict.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { countEachMessage, importConversation, type Message } from '../src/index'
import { coreEach, coreTotal, rawGptTokenizer, tiktoken, type Contender } from './contenders'
import { benchCounting, warmUp, type CountingFigures } from './counting'
import { writeConversation } from './generate'
import { machineLines } from './machine'
import { collectGarbage, timeOnce } from './measure'
import { bundleShippedCore } from './core-bundle'
import { benchJsonlImport, type JsonlImportFigures } from './jsonl-import'
import { writeCodexRollout } from './jsonl-codex'
import { writePiSession } from './jsonl-pi'
import { writeClaudeCodeSession } from './jsonl-session'
import { measureMemory, type MemoryFigures } from './memory'
import { mb, num, printTable, printVerdicts, times, type Verdict } from './report'
import { benchLongPieces, type LongPieceFigures } from './long-pieces'
import { benchOpenModels, type OpenModelFigures } from './open-models'
import { benchRetune, type RetuneFigures } from './retune'
import { startCountingPool } from './worker-pool'
import { benchSessions, type SessionFigures } from './sessions'
import { writeSessionHome } from './sessions-home'
import { runFollowBench } from './follow-report'

const args = process.argv.slice(2)
const quick = args.includes('--quick')
const strict = args.includes('--strict')
const longPiecesOnly = args.includes('--long-pieces')
const jsonlOnly = args.includes('--jsonl')
const openModelsOnly = args.includes('--open-models')
const sessionsOnly = args.includes('--sessions')
const followOnly = args.includes('--follow')

const SEED = 1
const WARM_SEED = 2
// Issue 2: at least 20 MB. Issue 6: 50 MB in 100,000 messages. --quick keeps the shape, smaller.
const ISSUE2 = quick
  ? { targetBytes: 2e6, messages: 4_000 }
  : { targetBytes: 20e6, messages: 40_000 }
const ISSUE6 = quick
  ? { targetBytes: 5e6, messages: 10_000 }
  : { targetBytes: 50e6, messages: 100_000 }
const WARM = { targetBytes: 1e6, messages: 2_000 }
// Issue 12: a 100 MB JSONL log imports line by line.
const JSONL = quick
  ? { targetBytes: 10e6, messages: 10_000 }
  : { targetBytes: 100e6, messages: 100_000 }
const ROUNDS = quick ? 2 : 3
// The JSONL rows time a few seconds a round: five rounds give their medians some footing on a
// shared machine.
const JSONL_ROUNDS = quick ? 2 : 5
// Issue 12's logs, one row each: every JSONL format of an agent that writes its log as it goes.
const JSONL_LOGS = [
  { label: 'a Claude Code session', file: 'claude-code.jsonl', write: writeClaudeCodeSession },
  { label: 'a Codex CLI rollout', file: 'codex.jsonl', write: writeCodexRollout },
  { label: 'a pi session', file: 'pi.jsonl', write: writePiSession },
] as const
const LONG_PIECE_ROUNDS = quick ? 3 : 5
const OPEN_MODEL_ROUNDS = quick ? 2 : 3
const RETUNE_PASSES = 5
const WORKERS = 2

const progress = (line: string) => process.stderr.write(`… ${line}\n`)

interface Loaded {
  label: string
  file: string
  bytes: number
  messages: Message[]
  readMs: number
  /** Decoding the whole file and one JSON.parse of it: what importing from text would start with. */
  wholeTextMs: number
  importMs: number
}

/**
 * Reads and imports a file the way the app's worker does: its bytes, into importConversation. For
 * comparison it also times decoding the whole text and one JSON.parse of it.
 */
function load(label: string, file: string): Loaded {
  const read = timeOnce(() => readFileSync(file))
  const bytes = read.value
  const wholeTextMs = timeOnce(() => JSON.parse(bytes.toString('utf8')) as unknown).wall
  collectGarbage()
  const imported = timeOnce(() => importConversation(bytes))
  return {
    label,
    file,
    bytes: bytes.length,
    messages: imported.value.messages,
    readMs: read.wall,
    wholeTextMs,
    importMs: imported.wall,
  }
}

function printHeader(): void {
  console.log('Compaction Inspector bench')
  for (const line of machineLines()) console.log(`  ${line}`)
  console.log(`  Command: npm run bench${args.length ? ' -- ' + args.join(' ') : ''}`)
  console.log(
    `  Conversations generated with seed ${SEED} (warm-up text: seed ${WARM_SEED}); ` +
      `${ROUNDS} rounds per contender, median shown; caches emptied before each timed count.`,
  )
  console.log()
}

function printLoading(files: Loaded[]): void {
  console.log('Loading (one run each; the app imports each file once, from its bytes)')
  printTable(
    [
      'file',
      'size',
      'messages',
      'read bytes ms',
      'importConversation(bytes) ms',
      'MB/s',
      'for comparison: decode + JSON.parse ms',
    ],
    files.map((f) => [
      f.label,
      mb(f.bytes),
      num(f.messages.length),
      num(f.readMs),
      num(f.importMs),
      num(f.bytes / 1e6 / (f.importMs / 1000), 1),
      num(f.wholeTextMs),
    ]),
  )
  console.log()
}

const ratio = (a: number, b: number) => `${times(a)} / ${times(b)}`

function printCounting(title: string, file: Loaded, figures: CountingFigures): void {
  const raw = figures.contenders.find((c) => c.name.startsWith('raw'))!
  const tik = figures.contenders.find((c) => c.name.startsWith('tiktoken'))!
  const megabytes = file.bytes / 1e6
  console.log(`${title}: ${mb(file.bytes)}, ${num(file.messages.length)} messages`)
  const rows = figures.contenders.map((c) => [
    c.name,
    num(c.tokens),
    num(c.wall),
    num(c.cpu),
    num(megabytes / (c.wall / 1000), 1),
    num(megabytes / (c.cpu / 1000), 1),
    ratio(raw.wall / c.wall, raw.cpu / c.cpu),
    ratio(tik.wall / c.wall, tik.cpu / c.cpu),
  ])
  if (figures.pool) {
    const p = figures.pool
    rows.push([
      `core countSlice, ${p.workers} worker threads`,
      num(p.tokens),
      num(p.wall),
      `${num(p.cpu)} (all threads)`,
      num(megabytes / (p.wall / 1000), 1),
      '-',
      `${times(raw.wall / p.wall)} / -`,
      `${times(tik.wall / p.wall)} / -`,
    ])
  }
  printTable(
    [
      'one thread unless said',
      'tokens',
      'wall ms',
      'CPU ms',
      'MB/s wall',
      'MB/s CPU',
      'speed vs raw (wall / CPU)',
      'speed vs tiktoken (wall / CPU)',
    ],
    rows,
  )
  const totals = new Set([
    ...figures.contenders.map((c) => c.tokens),
    ...(figures.pool ? [figures.pool.tokens] : []),
  ])
  console.log(
    totals.size === 1
      ? '  Every contender counted the same total.'
      : `  WARNING: the totals differ (${[...totals].join(', ')}): a tokenizer disagrees.`,
  )
  console.log()
}

function printRetune(figures: RetuneFigures, n: number): void {
  console.log(
    `Re-tuning: checkCompaction(messages, options, counts) on ${num(n)} messages, ` +
      `${figures.samples} option changes`,
  )
  printTable(
    ['option changed', 'values', 'median wall ms', 'median CPU ms'],
    figures.byOption.map((o) => [
      o.option,
      String(o.values),
      num(o.median, 2),
      num(o.cpuMedian, 2),
    ]),
  )
  console.log(
    `  all changes: median ${num(figures.median, 2)} ms wall (p95 ${num(figures.p95, 2)}, ` +
      `max ${num(figures.max, 2)}), median ${num(figures.cpuMedian, 2)} ms CPU`,
  )
  console.log(
    `  tokenizer calls while re-tuning (counted through the Tokenizer seam): ${figures.tokenizerCalls}`,
  )
  const m = figures.modelChange
  console.log(
    `  changing the model to ${m.model} (${m.encoding}) does re-count: ` +
      `${num(m.tokenizerCalls)} tokenizer calls, ${num(m.wall)} ms`,
  )
  console.log()
}

const peakRss = (m: MemoryFigures) => Math.max(m.peakRssKernel, m.peakRssSampled)

function printMemory(natural: MemoryFigures, collected: MemoryFigures): void {
  const size = natural.fileBytes
  console.log(
    `Memory: reading, parsing and counting ${mb(size)} (${num(natural.messages)} messages) ` +
      'in a fresh process',
  )
  const rows = (m: MemoryFigures, mode: string) =>
    [m.baseline, ...m.points].map((p) => [
      `${mode}: ${p.label}`,
      mb(p.rss, 0),
      mb(p.heapUsed, 0),
      times((p.rss - m.baseline.rss) / size),
    ])
  printTable(
    ['point', 'RSS', 'heap used', 'RSS over baseline ÷ file'],
    [...rows(natural, 'as the app runs'), ...rows(collected, 'full GC after each phase')],
  )
  for (const [mode, m] of [
    ['as the app runs', natural],
    ['full GC after each phase', collected],
  ] as const) {
    console.log(
      `  ${mode}: peak RSS ${mb(peakRss(m), 0)} (${m.samples} samples, kernel high-water mark ` +
        `${mb(m.peakRssKernel, 0)}), ${times(peakRss(m) / size)} the file; over the baseline ` +
        `${mb(peakRss(m) - m.baseline.rss, 0)}, ${times((peakRss(m) - m.baseline.rss) / size)}; ` +
        `peak heap used ${mb(m.peakHeapUsed, 0)}`,
    )
  }
  console.log()
}

function printLongPieces(figures: LongPieceFigures[]): void {
  const prose = figures[0]
  console.log(
    'Long single pieces (issue 14): o200k_base, piece cache emptied before each count, ' +
      `median of ${LONG_PIECE_ROUNDS} rounds`,
  )
  printTable(
    ['text', 'size', 'tokens', 'CPU ms', 'wall ms', 'time ÷ prose (CPU / wall)'],
    figures.map((f) => [
      f.label,
      mb(f.bytes, 2),
      num(f.tokens),
      num(f.cpu),
      num(f.wall),
      ratio(f.cpu / prose.cpu, f.wall / prose.wall),
    ]),
  )
  console.log()
}

function printOpenModels(figures: OpenModelFigures[]): void {
  console.log(
    'Open models (issue 13): 1 MB of a generated conversation, message by message, cold; ours vs ' +
      `the package's own encoder, median of ${OPEN_MODEL_ROUNDS} rounds`,
  )
  printTable(
    [
      'vocabulary',
      'size',
      'tokens',
      'exact',
      'ours CPU ms',
      'package CPU ms',
      'speed-up (CPU / wall)',
    ],
    figures.map((f) => [
      f.encoding,
      mb(f.bytes, 2),
      num(f.tokens),
      f.exact ? 'yes' : 'NO',
      num(f.ours.cpu),
      num(f.reference.cpu),
      ratio(f.reference.cpu / f.ours.cpu, f.reference.wall / f.ours.wall),
    ]),
  )
  console.log()
}

/** Issue 13: open models count exactly, and no slower than their packages' encoders. */
function judgeOpenModels(figures: OpenModelFigures[]): Verdict[] {
  return figures.map((f) => ({
    target: `issue 13: ${f.encoding} counts exactly as its package, at least as fast`,
    measured: `${f.exact ? 'exact' : 'NOT exact'}, ${times(f.reference.cpu / f.ours.cpu)} the package's speed (CPU)`,
    pass: f.exact && f.reference.cpu >= f.ours.cpu,
  }))
}

/** Issue 14's target: the slowest run against the prose, on CPU time. */
function judgeLongPieces(figures: LongPieceFigures[]): Verdict {
  const [prose, ...runs] = figures
  const worst = runs.reduce((a, b) => (b.cpu > a.cpu ? b : a))
  const worstRatio = worst.cpu / prose.cpu
  return {
    target: 'issue 14: a 1 MB run of one character counts in at most 5× the time of 1 MB of prose',
    measured:
      `slowest ${times(worstRatio)} (CPU), ${times(worst.wall / prose.wall)} (wall), ` +
      worst.label.replace(/, one message$/, ''),
    pass: worstRatio <= 5,
  }
}

function printJsonl(f: JsonlImportFigures): void {
  console.log(
    `Streaming import: ${f.label} of ${mb(f.bytes)}, ${num(f.lines)} lines, ` +
      `${num(f.messages)} messages, read as ${f.format} (median of ${f.rounds}, CPU; the core ` +
      'bundled as it ships)',
  )
  printTable(
    ['what', 'CPU ms', 'MB/s'],
    [
      [
        'JSON.parse of every line (decoded line by line)',
        num(f.parseLinesMs),
        num(f.bytes / 1e3 / f.parseLinesMs, 1),
      ],
      [
        'importConversation(bytes), format detected',
        num(f.importMs),
        num(f.bytes / 1e3 / f.importMs, 1),
      ],
    ],
  )
  console.log(`  each round's import ÷ its JSON.parse: ${f.roundRatios.map(times).join(', ')}`)
  const m = f.memory
  console.log(
    `  memory, importing in a fresh process: peak RSS ${mb(peakRss(m), 0)}, ` +
      `${times((peakRss(m) - m.baseline.rss) / f.bytes)} the file over the baseline`,
  )
  console.log()
}

function judgeJsonl(f: JsonlImportFigures): Verdict[] {
  const timeRatio = f.importMs / f.parseLinesMs
  const memoryRatio = (peakRss(f.memory) - f.memory.baseline.rss) / f.bytes
  return [
    {
      target: `issue 12: ${f.label} imports in at most 2× the time of JSON.parse of its lines`,
      measured: `${times(timeRatio)} (CPU)`,
      pass: timeRatio <= 2,
    },
    {
      target: `issue 12: importing ${f.label} peaks at most 3× the file (RSS over baseline)`,
      measured: times(memoryRatio),
      pass: memoryRatio <= 3,
    },
  ]
}

/** Generates each JSONL log in `dir` and measures its row; each file is deleted once measured. */
async function benchJsonlLogs(dir: string): Promise<JsonlImportFigures[]> {
  progress('bundling the core as it ships')
  const core = await bundleShippedCore(dir)
  const figures: JsonlImportFigures[] = []
  for (const log of JSONL_LOGS) {
    const file = join(dir, log.file)
    progress(`generating ${log.label} of ${mb(JSONL.targetBytes, 0)}`)
    log.write(file, { seed: SEED, ...JSONL })
    progress(`streaming import of ${log.label}`)
    figures.push(await benchJsonlImport(log.label, file, JSONL_ROUNDS, core))
    rmSync(file, { force: true })
    printJsonl(figures[figures.length - 1])
  }
  return figures
}

// Issue 18: a thousand sessions list in under 2 s.
const SESSIONS = quick ? 200 : 1_000
const SESSION_ROUNDS = quick ? 2 : 5
const SESSIONS_TARGET_MS = 2_000

function printSessions(f: SessionFigures): void {
  const engines = Object.entries(f.home.byEngine)
    .map(([engine, n]) => `${engine} ${num(n)}`)
    .join(', ')
  console.log(
    `Listing sessions: a generated home of ${num(f.home.sessions)} sessions, ${mb(f.home.bytes)} ` +
      `(${engines}); files 2 KB to 2 MB, log-uniform; warm page cache; median of ${f.rounds} rounds`,
  )
  printTable(
    ['step', 'sessions', 'wall ms', 'CPU ms'],
    [
      [
        'findSessions: walk + first and last 32 KB of each (64 for Claude Code)',
        num(f.listed),
        num(f.listWall),
        num(f.listCpu),
      ],
      [
        `counts: byte scan of every file (${num(f.messages)} messages)`,
        num(f.listed),
        num(f.countWall),
        num(f.countCpu),
      ],
    ],
  )
  console.log()
}

function judgeSessions(f: SessionFigures): Verdict {
  return {
    target: `issue 18: ${num(f.home.sessions)} sessions list in under 2 s`,
    measured: `${num(f.listWall)} ms (wall), ${num(f.listCpu)} ms (CPU); counting them all besides: ${num(f.countWall)} ms`,
    pass: f.listed === f.home.sessions && f.listWall < SESSIONS_TARGET_MS,
  }
}

async function main(): Promise<void> {
  printHeader()
  if (longPiecesOnly) {
    progress('counting long single pieces')
    const figures = benchLongPieces(LONG_PIECE_ROUNDS)
    printLongPieces(figures)
    console.log('Targets')
    const failed = printVerdicts([judgeLongPieces(figures)])
    if (strict && failed > 0) process.exitCode = 1
    return
  }
  if (openModelsOnly) {
    progress('counting with the open-model vocabularies')
    const figures = await benchOpenModels(OPEN_MODEL_ROUNDS)
    printOpenModels(figures)
    console.log('Targets')
    const failed = printVerdicts(judgeOpenModels(figures))
    if (strict && failed > 0) process.exitCode = 1
    return
  }
  if (followOnly) {
    const dir = mkdtempSync(join(tmpdir(), 'compaction-bench-follow-'))
    try {
      const failed = await runFollowBench(dir, quick, progress)
      if (strict && failed > 0) process.exitCode = 1
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    return
  }
  if (sessionsOnly) {
    const dir = mkdtempSync(join(tmpdir(), 'compaction-bench-home-'))
    try {
      progress(`writing ${num(SESSIONS)} sessions`)
      const home = writeSessionHome(dir, SESSIONS, SEED)
      progress('listing them')
      const figures = await benchSessions(home, SESSION_ROUNDS)
      printSessions(figures)
      console.log('Targets')
      const failed = printVerdicts([judgeSessions(figures)])
      if (strict && failed > 0) process.exitCode = 1
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    return
  }
  if (jsonlOnly) {
    const dir = mkdtempSync(join(tmpdir(), 'compaction-bench-'))
    try {
      const figures = await benchJsonlLogs(dir)
      console.log('Targets')
      const failed = printVerdicts(figures.flatMap(judgeJsonl))
      if (strict && failed > 0) process.exitCode = 1
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'compaction-bench-'))
  const disposable: Contender[] = []
  let pool: Awaited<ReturnType<typeof startCountingPool>> | undefined
  try {
    progress('generating conversations')
    const files = {
      warm: join(dir, 'warm.json'),
      issue2: join(dir, 'issue2.json'),
      issue6: join(dir, 'issue6.json'),
    }
    writeConversation(files.warm, { seed: WARM_SEED, ...WARM })
    writeConversation(files.issue2, { seed: SEED, ...ISSUE2 })
    writeConversation(files.issue6, { seed: SEED, ...ISSUE6 })

    progress('loading')
    const warm = load('warm-up', files.warm)
    const issue2 = load('issue 2', files.issue2)
    printLoading([issue2])

    const raw = rawGptTokenizer()
    const tik = tiktoken()
    disposable.push(raw, tik)
    progress(`starting ${WORKERS} worker threads`)
    const poolStart = timeOnce(() => startCountingPool(WORKERS, ''))
    pool = await poolStart.value

    progress('warming up')
    await warmUp(warm.messages, [coreTotal, coreEach, raw, tik], pool)

    progress(`counting ${mb(issue2.bytes)}`)
    const counting2 = await benchCounting(issue2.messages, [coreTotal, raw, tik], ROUNDS)
    printCounting('Counting, issue 2', issue2, counting2)
    issue2.messages = []
    collectGarbage()

    progress('counting long single pieces')
    const longPieces = benchLongPieces(LONG_PIECE_ROUNDS)
    printLongPieces(longPieces)

    progress('loading the issue 6 file')
    const issue6 = load('issue 6', files.issue6)
    printLoading([issue6])
    progress(`counting ${mb(issue6.bytes)}`)
    const counting6 = await benchCounting(issue6.messages, [coreEach, raw, tik], ROUNDS, pool)
    printCounting('Counting, issue 6', issue6, counting6)

    progress('re-tuning')
    const counts = countEachMessage('', issue6.messages)
    const retune = benchRetune(issue6.messages, counts, RETUNE_PASSES)
    printRetune(retune, issue6.messages.length)
    issue6.messages = []
    await pool.close()
    pool = undefined
    collectGarbage()

    progress('memory, in a child process')
    const natural = await measureMemory(files.issue6)
    const collected = await measureMemory(files.issue6, true)
    printMemory(natural, collected)

    const jsonl = await benchJsonlLogs(dir)

    progress('counting with the open-model vocabularies')
    const openModels = await benchOpenModels(OPEN_MODEL_ROUNDS)
    printOpenModels(openModels)

    const verdicts = [
      ...judge(counting2, counting6, retune, natural),
      judgeLongPieces(longPieces),
      ...jsonl.flatMap(judgeJsonl),
      ...judgeOpenModels(openModels),
    ]
    console.log('Targets')
    const failed = printVerdicts(verdicts)
    console.log(`  ${parallelSpeedUp(counting6)}`)
    console.log(
      '  The memory target is measured in one process that loads the file as the reading worker ' +
        'does and counts it in worker threads as the counting pool does, with one copy of the ' +
        'messages, under the V8 flags the desktop app gives its renderer. The app also keeps a ' +
        'copy in the page, in a V8 heap of its own: the large-file end-to-end test reports its ' +
        'renderer processes (see docs/performance.md).',
    )
    console.log(
      `  (One-thread figures are judged on CPU time, which another process's load disturbs ` +
        'least; the workers on wall time, the only time that shows parallelism. Linux shares a ' +
        'busy CPU between sessions, not threads, so on a loaded machine two workers cannot show ' +
        `their speed-up. Load average now: ${loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}.)`,
    )
    if (strict && failed > 0) process.exitCode = 1
  } finally {
    await pool?.close()
    for (const c of disposable) c.dispose?.()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * What the workers gain over the core's own one thread, and what they could gain: the CPU the split
 * adds (cloning slices, each worker's own piece cache) bounds the speed-up even on idle cores.
 */
function parallelSpeedUp(counting6: CountingFigures): string {
  const core6 = counting6.contenders.find((c) => c.name.startsWith('core'))!
  const pool = counting6.pool!
  return (
    `${pool.workers} workers over the core's one thread: ${times(core6.wall / pool.wall)} (wall). ` +
    `The workers used ${times(pool.cpu / core6.cpu)} the CPU of one thread, so with ` +
    `${pool.workers} free cores the speed-up is at most ${times((pool.workers * core6.cpu) / pool.cpu)}.`
  )
}

function judge(
  counting2: CountingFigures,
  counting6: CountingFigures,
  retune: RetuneFigures,
  memory: MemoryFigures,
): Verdict[] {
  const find = (f: CountingFigures, prefix: string) =>
    f.contenders.find((c) => c.name.startsWith(prefix))!
  const core2 = find(counting2, 'core')
  const raw2 = find(counting2, 'raw')
  const core6 = find(counting6, 'core')
  const raw6 = find(counting6, 'raw')
  const tik6 = find(counting6, 'tiktoken')
  const pool = counting6.pool!
  const overRaw = core2.cpu / raw2.cpu
  const vsRaw = raw6.cpu / core6.cpu
  const poolVsRaw = raw6.wall / pool.wall
  const vsTiktoken = tik6.cpu / core6.cpu
  const memoryRatio = (peakRss(memory) - memory.baseline.rss) / memory.fileBytes
  return [
    {
      target: 'issue 2: core countMessagesTokens costs at most 1.10× raw gpt-tokenizer',
      measured: `${times(overRaw)} (CPU), ${times(core2.wall / raw2.wall)} (wall)`,
      pass: overRaw <= 1.1,
    },
    {
      target: 'issue 6: core throughput on one thread at least 0.9× raw gpt-tokenizer',
      measured: `${times(vsRaw)} (CPU), ${times(raw6.wall / core6.wall)} (wall)`,
      pass: vsRaw >= 0.9,
    },
    {
      // The issue's row: "at least 0.9× raw gpt-tokenizer throughput on one thread, and at least
      // 1.6× that with two workers". The speed-up over the core's own one thread is printed below.
      target: `issue 6: ${pool.workers} workers at least 1.6× raw gpt-tokenizer's one-thread throughput`,
      measured: `${times(poolVsRaw)} (wall)`,
      pass: poolVsRaw >= 1.6,
    },
    {
      target: 'issue 6: core throughput at least 3× tiktoken (WASM)',
      measured: `${times(vsTiktoken)} (CPU), ${times(tik6.wall / core6.wall)} (wall)`,
      pass: vsTiktoken >= 3,
    },
    {
      target: 'issue 6: re-tuning median at most 5 ms',
      measured: `${num(retune.cpuMedian, 2)} ms (CPU), ${num(retune.median, 2)} ms (wall)`,
      pass: retune.cpuMedian <= 5,
    },
    {
      target: 'issue 6: changing options never re-counts',
      measured: `${retune.tokenizerCalls} tokenizer calls`,
      pass: retune.tokenizerCalls === 0,
    },
    {
      // One process, one copy of the messages: the reading worker's loading and the pool's counting.
      // The app also keeps the page's copy, in a heap of its own; the e2e suite reports what it holds.
      target:
        'issue 6: peak memory loading and counting at most 4× the file (RSS over baseline; ' +
        "loading and counting workers in one process, with the desktop renderer's V8 flags; " +
        'not the page)',
      measured: `${times(memoryRatio)} (${times(peakRss(memory) / memory.fileBytes)} counting the baseline)`,
      pass: memoryRatio <= 4,
    },
  ]
}

await main()
