// Times one JSONL log's import against JSON.parse of its lines, in a process of its own that holds
// the bundled core and nothing else, as the CLI's process does: the bench's own process also
// holds the core as tsx compiled it, and a second copy of the vocabularies in the heap would make
// every collection the import triggers mark more. Plain JavaScript, so that no loader touches the
// bundle. Usage: node --expose-gc jsonl-time-child.mjs BUNDLE FILE ROUNDS; prints JSON.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const [bundle, file, rounds] = process.argv.slice(2)
const { importConversation } = await import(pathToFileURL(bundle).href)
const bytes = readFileSync(file)

/** JSON.parse of every line of the file, decoded line by line from the bytes. */
function parseEveryLine() {
  const decoder = new TextDecoder()
  let n = 0
  for (let start = 0; start < bytes.length;) {
    let end = bytes.indexOf(0x0a, start)
    if (end === -1) end = bytes.length
    if (end > start) {
      JSON.parse(decoder.decode(bytes.subarray(start, end)))
      n++
    }
    start = end + 1
  }
  return n
}

/** CPU ms of one run, after a full collection so that one run's garbage is not billed to the next. */
function cpuOf(run) {
  globalThis.gc()
  const before = process.cpuUsage()
  const value = run()
  const used = process.cpuUsage(before)
  return { ms: (used.user + used.system) / 1000, value }
}

// One untimed import first, so that the timed rounds meet compiled code as JSON.parse always does.
const format = importConversation(bytes).format
const parse = []
const load = []
let lines = 0
let messages = 0
for (let i = 0; i < Number(rounds); i++) {
  const p = cpuOf(parseEveryLine)
  lines = p.value
  parse.push(p.ms)
  const m = cpuOf(() => importConversation(bytes).messages.length)
  messages = m.value
  load.push(m.ms)
}
process.stdout.write(
  JSON.stringify({ format, bytes: bytes.length, lines, messages, parse, load }) + '\n',
)
