import { followFile, type FollowedChange } from '../../node/follow/follow-file'
import { FileRefusal } from '../../node/regular-file'
import { readConversationBytes } from '../../node/write-ahead-log'
import { MAX_CONVERSATION_BYTES } from '../../electron/contract'
import {
  offeredWindow,
  decodeText,
  FORMAT_CHOICES,
  FORMAT_LABELS,
  formatNumber,
  startLiveImport,
  isSqliteFile,
  type CountingSpec,
  type LiveImport,
  type LiveUpdate,
} from '../../src/index'
import {
  CHECK_OPTIONS,
  CHECK_OPTIONS_HELP,
  choiceValue,
  flagValue,
  requestValue,
  singleFile,
  stringValue,
  type ParsedArgs,
} from '../args'
import type { Command, Io } from '../command'
import { CliError, describeFsError } from '../errors'
import { companionFor } from '../companion'
import { countingModelFor, describeImportError, reportImport } from '../load'
import { LATEST_HELP, resolveFileArgument } from '../session-argument'
import { clock, findingLine, forecastJson, statusText } from '../watch-lines'
import { WatchSession, type WatchState } from '../watch-session'
import { checkOptions } from '../args'
import { defaultBudget, defaultBudgetLine, withPlaceholderBudget } from '../default-budget'

const NAME = 'watch'

/** `watch`: follow FILE while its agent writes it, a line per new turn, until Ctrl+C. */
export const watchCommand: Command = {
  name: NAME,
  summary: 'Follow FILE as its agent writes it: a line per turn, the distance to compaction',
  options: { ...CHECK_OPTIONS, json: { type: 'boolean' } },
  help: `Usage: compaction-inspector watch FILE|latest[:ENGINE] [options]

Follows FILE while an agent writes it. It starts with one line: the file, its
format, messages and tokens, the threshold and how far the total is from it.
Then, each time a new turn arrives (a request: a prompt, or the tool results
after a reply), one line: the time, the turn's number, the total in tokens,
its percentage of the threshold and "compaction in about N turns" at the mean
growth of the last five turns
("compaction due now" at or over the threshold, "—" while it cannot say),
followed by each finding diagnose makes that was not there before.

Only the new lines of the file are parsed, and only the messages they change
are counted. A file that is truncated, replaced or rewritten is read again,
with a line that says so. An opencode or Kilo database (one of its sessions:
the latest, or --session ID) is read again whole, with its write-ahead log,
when it or its log changes, at most once a second. Ctrl+C stops it.
${LATEST_HELP}

Options:
${CHECK_OPTIONS_HELP}
  --json               Print one JSON object a line (NDJSON) instead: event
                       "start", then "turn", "finding", "reset", "gone" and
                       "error" as they happen.
  -h, --help           Show this help.

Exit status: 0 when stopped with Ctrl+C; 2 on bad input or options.`,

  async run(args, io) {
    const given = singleFile(NAME, args.positionals)
    if (given === '-') throw new CliError(`${NAME}: FILE must be a file to follow, not stdin`)
    // Every flag is checked before the file is read.
    const maxTokensGiven = stringValue(args, 'max-tokens') !== undefined
    const options = checkOptions(NAME, maxTokensGiven ? args : withPlaceholderBudget(args))
    const format = choiceValue(NAME, args, 'format', FORMAT_CHOICES, 'auto')
    const request = requestValue(NAME, args)
    const resolved = await resolveFileArgument(NAME, given, io)
    const path = resolved.path
    // Only a database has sessions: --session chooses, else the one `latest` found; a file
    // without sessions refuses it in the import.
    const session = stringValue(args, 'session') ?? resolved.session
    const bytes = await readFollowed(path)
    // A database has no text: its errors are placed by row and field.
    const text = () => (isSqliteFile(bytes) ? '' : decodeText(bytes))
    const companion = await companionFor(NAME, path, path, bytes, args, io)
    let started: { live: LiveImport; update: LiveUpdate }
    try {
      started = startLiveImport(bytes, {
        format,
        name: path,
        ...(request !== undefined ? { request } : {}),
        ...(session !== undefined ? { session } : {}),
        ...(companion !== undefined ? { companion } : {}),
      })
    } catch (error) {
      throw describeImportError(NAME, path, text, error)
    }
    const { live, update } = started
    reportImport(path, update.conversation, text, args, io)
    const counting = await countingModelFor(path, args, update.conversation, io)
    if (!maxTokensGiven) {
      const model = counting.model.model
      const window = defaultBudget(NAME, model, offeredWindow(model, update.conversation))
      options.maxTokens = window.tokens
      io.err(defaultBudgetLine(NAME, model, window))
    }
    return follow({ path, args, io, live, update, spec: counting.spec, options })
  },
}

async function readFollowed(path: string): Promise<Uint8Array> {
  try {
    return (await readConversationBytes(path, MAX_CONVERSATION_BYTES)).bytes
  } catch (error) {
    if (error instanceof FileRefusal) throw new CliError(error.message)
    throw new CliError(`${path}: cannot read: ${describeFsError(error)}`)
  }
}

interface Following {
  path: string
  args: ParsedArgs
  io: Io
  live: LiveImport
  update: LiveUpdate
  spec: Required<CountingSpec>
  options: ReturnType<typeof checkOptions>
}

/** Prints the start, then follows until SIGINT (or SIGTERM), and resolves with exit status 0. */
function follow(f: Following): Promise<number> {
  const { path, io, live } = f
  const json = flagValue(f.args, 'json')
  const session = new WatchSession(f.options)
  let spec = f.spec
  const say = (event: Record<string, unknown>, text: string) =>
    io.out(json ? JSON.stringify(event) + '\n' : text + '\n')

  // Ctrl+C is heard from before the first line: one pressed as soon as it shows still stops the
  // follow and exits 0, where it would otherwise end the process by the signal.
  let stopped = false
  let follower: { close(): void } | undefined
  let resolveStop: (status: number) => void = () => {}
  const done = new Promise<number>((resolve) => (resolveStop = resolve))
  const stop = () => {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    stopped = true
    follower?.close()
    resolveStop(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const first = session.update(f.update, spec)
  const { forecast } = first
  say(
    {
      event: 'start',
      file: path,
      format: live.format,
      messages: first.messages.length,
      maxTokens: f.options.maxTokens,
      model: spec.model,
      ...forecastJson(forecast),
    },
    `${path}: ${FORMAT_LABELS[live.format]}, ${formatNumber(first.messages.length)} messages, ` +
      `${formatNumber(forecast.turns)} turn${forecast.turns === 1 ? '' : 's'}, ` +
      `${statusText(forecast)} (MaxTokens ${formatNumber(f.options.maxTokens)}); ` +
      'watching, Ctrl+C to stop',
  )
  findingsOf(first)

  function findingsOf(state: WatchState) {
    for (const finding of state.newFindings) {
      say({ event: 'finding', ...finding }, findingLine(finding))
    }
  }

  function turnLine(state: WatchState) {
    const at = new Date()
    const { forecast: fc } = state
    say(
      {
        event: 'turn',
        time: at.toISOString(),
        turn: fc.turns,
        messages: state.messages.length,
        counted: state.counted,
        countedInAll: session.countedInAll,
        ...forecastJson(fc),
      },
      `${clock(at)}  turn ${formatNumber(fc.turns)}  ${statusText(fc)}`,
    )
  }

  async function apply(update: LiveUpdate | null) {
    if (update === null) return
    if (update.note) say({ event: 'reset', note: update.note }, `${path}: ${update.note}`)
    const { conversation } = update
    // The file may name its model only once a reply arrives: count with that one from then on.
    if (stringValue(f.args, 'model') === undefined && conversation.model !== spec.model) {
      const quiet: Io = { ...io, err: () => {} }
      spec = (await countingModelFor(path, f.args, conversation, quiet)).spec
    }
    const state = session.update(update, spec)
    if (state.newTurn || update.reread) turnLine(state)
    findingsOf(state)
  }

  // A change is applied after the one before it, whatever each waits for.
  let queue = Promise.resolve()
  let broken = false
  const onChange = (change: FollowedChange) => {
    queue = queue.then(async () => {
      try {
        if (broken && change.kind === 'append') {
          // The last change could not be read: read the whole file, then follow on from its end.
          broken = false
          return restart('rewritten')
        }
        if (change.kind === 'gone') {
          say({ event: 'gone' }, `${path}: the file is gone; waiting for it to come back`)
          return
        }
        await apply(
          change.kind === 'append'
            ? live.append(change.bytes)
            : live.replace(change.bytes, change.reason),
        )
        broken = false
      } catch (error) {
        broken = true
        report(error)
      }
    })
  }
  const report = (error: unknown) => {
    const line = describeChangeError(path, live, error)
    if (json) say({ event: 'error', message: line }, line)
    else io.err(line)
  }
  if (!stopped) {
    follower = followFile(path, {
      from: live.bytesRead,
      wholeFile: live.wholeDocument,
      onChange,
      onError: report,
    })
  }
  async function restart(reason: 'rewritten') {
    follower?.close()
    let update: LiveUpdate
    try {
      update = live.replace(await readFollowed(path), reason)
    } finally {
      // Followed on from what was read, or, when the file still cannot be read, from where the
      // live import stands: the next change tries again.
      if (!stopped)
        follower = followFile(path, {
          from: live.bytesRead,
          wholeFile: live.wholeDocument,
          onChange,
          onError: report,
        })
    }
    await apply(update)
  }

  return done
}

/** A change that could not be read, in one line as any command says bad input. */
function describeChangeError(path: string, live: LiveImport, error: unknown): string {
  if (error instanceof FileRefusal) return error.message
  if (error instanceof CliError) return error.message
  const described = describeImportError(NAME, path, () => '', error)
  if (described instanceof CliError) return described.message
  if (error instanceof Error && 'code' in error)
    return `${path}: cannot read: ${describeFsError(error)}`
  return `${path}: ${FORMAT_LABELS[live.format]}: ${(error as Error)?.message ?? String(error)}`
}
