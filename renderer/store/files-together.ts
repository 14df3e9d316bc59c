/**
 * Several files dropped on the window, or chosen together in the browser's picker: the one
 * conversation they hold and the file it needs beside it, told apart by their names as the
 * engines name them. An opencode database and its write-ahead log (`opencode.db`,
 * `opencode.db-wal`: SQLite names the log for its database); a Mistral Vibe session's messages and
 * its metadata (`messages.jsonl`, `meta.json`: docs/formats/mistral-vibe.md). Anything else
 * given together is refused with a reason, and nothing on screen changes.
 */
export type FilesTogether<F> = { main: F; companion?: F } | { error: string }

const WAL_SUFFIX = '-wal'

export function filesTogether<F extends { name: string }>(files: readonly F[]): FilesTogether<F> {
  if (files.length === 1) return { main: files[0] }
  if (files.length === 2) {
    const [a, b] = files
    for (const [main, companion] of [
      [a, b],
      [b, a],
    ]) {
      if (companion.name === main.name + WAL_SUFFIX) return { main, companion }
      if (main.name === 'messages.jsonl' && companion.name === 'meta.json') {
        return { main, companion }
      }
    }
  }
  const names = files.map((f) => f.name).join(', ')
  return {
    error: `${files.length} files given together (${names}): open one conversation at a time, or one with the file it needs beside it (an opencode database with its ${WAL_SUFFIX} log, a Vibe session's messages.jsonl with its meta.json)`,
  }
}
