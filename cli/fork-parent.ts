/**
 * --fork-parent, and the transcript a forked Claude Code subagent's file refers to: given on the
 * command line, else looked for beside the file as Claude Code keeps it (node/fork-parent.ts).
 * What cannot be found is said on stderr, with the flag that gives it; the import's own warning
 * then says the parent's conversation is not loaded.
 */
import { basename } from 'node:path'
import { readFile } from 'node:fs/promises'
import { forkReferenceOf, type Companion } from '../src/index'
import { findForkParent } from '../node/fork-parent'
import { stringValue, type ParsedArgs } from './args'
import { CliError, describeFsError } from './errors'
import type { Io } from './command'

// The CLI reads what it is given whole, as it reads FILE; the limit only keeps a wrong path to a
// device or a huge file from being read to its end.
const MAX_PARENT_BYTES = 2 ** 31 - 1

/**
 * The parent transcript for the import of `content` (the file at `path`, `-` for stdin): the one
 * --fork-parent names, else the one found beside the file; undefined when the file refers to none
 * or it is not found.
 */
export async function forkParentFor(
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
  const search = await findForkParent(path, content, MAX_PARENT_BYTES)
  if (search.kind === 'found') return { name: search.parent.name, content: search.parent.content }
  if (search.kind === 'missing') {
    io.err(
      `${file}: warning: a forked subagent whose parent transcript ${search.file} is not beside it (looked in ${search.lookedIn.join(', ')}); give it with --fork-parent FILE`,
    )
  } else if (search.kind === 'unreadable') {
    io.err(`${file}: warning: cannot read the parent transcript: ${search.problem}`)
  }
  return undefined
}
