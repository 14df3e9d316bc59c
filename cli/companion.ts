/**
 * The file a log needs beside it (node/companion.ts): a forked Claude Code subagent's parent
 * transcript, given with --fork-parent or else looked for where Claude Code keeps it; a Mistral
 * Vibe session's meta.json, beside its messages. What cannot be found or read is said on stderr
 * (with the flag that gives a parent); the import's own warning then says what is not loaded.
 */
import { basename } from 'node:path'
import { readFile } from 'node:fs/promises'
import { forkReferenceOf, type Companion } from '../src/index'
import { findCompanion } from '../node/companion'
import { stringValue, type ParsedArgs } from './args'
import { CliError, describeFsError } from './errors'
import type { Io } from './command'

// The CLI reads what it is given whole, as it reads FILE; the limit only keeps a wrong path to a
// device or a huge file from being read to its end.
const MAX_COMPANION_BYTES = 2 ** 31 - 1

/**
 * The companion for the import of `content` (the file at `path`, `-` for stdin): the parent
 * transcript --fork-parent names, else the file found beside it; undefined when it needs none or
 * none is found.
 */
export async function companionFor(
  command: string,
  file: string,
  path: string,
  content: string | Uint8Array,
  args: ParsedArgs,
  io: Io,
): Promise<Companion | undefined> {
  const given = stringValue(args, 'fork-parent')
  if (given !== undefined) {
    let bytes: Uint8Array
    try {
      bytes = await readFile(given)
    } catch (error) {
      throw new CliError(`${command}: option --fork-parent: ${given}: ${describeFsError(error)}`)
    }
    if (!forkReferenceOf(content)) {
      io.err(
        `${file}: warning: option --fork-parent: the file refers to no parent transcript; ${given} is not read`,
      )
      return undefined
    }
    return { name: basename(given), content: bytes }
  }
  if (path === '-') return undefined
  const search = await findCompanion(path, content, MAX_COMPANION_BYTES)
  if (search.kind === 'found') {
    return { name: search.companion.name, content: search.companion.content }
  }
  if (search.kind === 'missing') {
    io.err(
      `${file}: warning: a forked subagent whose parent transcript ${search.file} is not beside it (looked in ${search.lookedIn.join(', ')}); give it with --fork-parent FILE`,
    )
  } else if (search.kind === 'unreadable') {
    io.err(`${file}: warning: cannot read ${search.what}: ${search.problem}`)
  }
  return undefined
}
