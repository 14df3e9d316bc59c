import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import {
  RECENT_FILES_LIMIT,
  RECENT_STORE_MAX_BYTES,
  openRecentFiles,
} from '../../electron/recent-files'

let dir: string
let storePath: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspector-recent-'))
  storePath = join(dir, 'user-data', 'recent-files.json')
})

afterEach(() => rm(dir, { recursive: true, force: true }))

/** The entries of files remembered without a session. */
const at = (...paths: string[]) => paths.map((path) => ({ path }))

/** Creates conversation files named a.json, b.json… and returns their paths. */
async function files(...names: string[]): Promise<string[]> {
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, `${name}.json`)
      await writeFile(path, '[]')
      return path
    }),
  )
}

describe('recent files', () => {
  it('starts empty when nothing was ever stored', async () => {
    expect(await openRecentFiles({ storePath }).list()).toEqual([])
  })

  it('lists the newest first, and moves a reopened file to the front without repeating it', async () => {
    const [a, b, c] = await files('a', 'b', 'c')
    const recent = openRecentFiles({ storePath })
    await recent.add({ path: a })
    await recent.add({ path: b })
    await recent.add({ path: c })
    expect(await recent.list()).toEqual(at(c, b, a))
    await recent.add({ path: a })
    expect(await recent.list()).toEqual(at(a, c, b))
  })

  it(`keeps only the ${RECENT_FILES_LIMIT} most recent`, async () => {
    const paths = await files(...Array.from({ length: 12 }, (_, i) => `f${i}`))
    const recent = openRecentFiles({ storePath })
    for (const path of paths) await recent.add({ path: path })
    const expected = paths.slice(2).reverse()
    expect(expected).toHaveLength(10)
    expect(await recent.list()).toEqual(at(...expected))
  })

  it('persists across restarts of the app', async () => {
    const [a, b] = await files('a', 'b')
    const first = openRecentFiles({ storePath })
    await first.add({ path: a })
    await first.add({ path: b })
    expect(await openRecentFiles({ storePath }).list()).toEqual(at(b, a))
  })

  it('does not lose a path when two files are opened at once', async () => {
    const [a, b] = await files('a', 'b')
    const recent = openRecentFiles({ storePath })
    await Promise.all([recent.add({ path: a }), recent.add({ path: b })])
    expect(await recent.list()).toEqual(at(b, a))
  })

  it('drops files that no longer exist, and remembers that it did', async () => {
    const [a, b, c] = await files('a', 'b', 'c')
    const recent = openRecentFiles({ storePath })
    for (const path of [a, b, c]) await recent.add({ path: path })
    await rm(b)
    expect(await recent.list()).toEqual(at(c, a))
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({ files: [c, a] })
  })

  it('forgets everything on clear', async () => {
    const [a] = await files('a')
    const recent = openRecentFiles({ storePath })
    await recent.add({ path: a })
    await recent.clear()
    expect(await recent.list()).toEqual([])
    expect(await openRecentFiles({ storePath }).list()).toEqual([])
  })

  it('recovers from a damaged store as an empty list, and writes a good one on the next open', async () => {
    const [a] = await files('a')
    await openRecentFiles({ storePath }).clear() // creates the folder
    const logged: string[] = []
    const log = (line: string) => logged.push(line)
    for (const damaged of ['{"files": ["/x.json"', 'null', '"text"', '{"files": 3}', '']) {
      await writeFile(storePath, damaged)
      expect(await openRecentFiles({ storePath, log }).list()).toEqual([])
    }
    expect(logged).toEqual([
      `Recent files: ${storePath} is not valid JSON; starting with an empty list.`,
      `Recent files: ${storePath} has no "files" list; starting with an empty list.`,
      `Recent files: ${storePath} has no "files" list; starting with an empty list.`,
      `Recent files: ${storePath} has no "files" list; starting with an empty list.`,
      `Recent files: ${storePath} is not valid JSON; starting with an empty list.`,
    ])
    const recent = openRecentFiles({ storePath })
    await recent.add({ path: a })
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({ files: [a] })
  })

  it('drops entries that are not absolute paths, saying which, and keeps the good ones', async () => {
    const [a, b] = await files('a', 'b')
    await openRecentFiles({ storePath }).clear()
    const entries = [42, 'relative.json', a, null, a, `${b}\0.png`, '/' + 'x'.repeat(5000), b]
    await writeFile(storePath, JSON.stringify({ files: entries }))
    const logged: string[] = []
    const recent = openRecentFiles({ storePath, log: (line) => logged.push(line) })
    expect(await recent.list()).toEqual(at(a, b))
    expect(logged).toEqual([
      `Recent files: ${storePath}: dropped entry 0 must be a string, not a number; ` +
        'entry 1 must be absolute; entry 3 must be a string, not null and 2 more.',
    ])
    // The store is rewritten without them, so the next start logs nothing.
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({ files: [a, b] })
  })

  it(`keeps the newest ${RECENT_FILES_LIMIT} of a huge list, and refuses a huge store`, async () => {
    const paths = await files(...Array.from({ length: 50 }, (_, i) => `f${i}`))
    await openRecentFiles({ storePath }).clear()
    await writeFile(storePath, JSON.stringify({ files: paths }))
    const logged: string[] = []
    const log = (line: string) => logged.push(line)
    expect(await openRecentFiles({ storePath, log }).list()).toEqual(at(...paths.slice(0, 10)))
    expect(logged).toEqual([`Recent files: ${storePath}: kept the newest 10 of 50 entries.`])

    logged.length = 0
    const huge = { files: Array.from({ length: 200_000 }, (_, i) => `/f${i}.json`) }
    await writeFile(storePath, JSON.stringify(huge))
    expect(await openRecentFiles({ storePath, log }).list()).toEqual([])
    expect(logged).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Recent files: .* could not be read \\(EFBIG: .*the inspector opens files up to ${RECENT_STORE_MAX_BYTES / 1024 / 1024}\\.0 MB\\); starting with an empty list\\.$`,
        ),
      ),
    ])
  })

  it.skipIf(process.platform === 'win32')(
    'reads a store that is a FIFO as empty, without waiting on it',
    async () => {
      await openRecentFiles({ storePath }).clear()
      await rm(storePath)
      execFileSync('mkfifo', [storePath])
      const logged: string[] = []
      expect(await openRecentFiles({ storePath, log: (line) => logged.push(line) }).list()).toEqual(
        [],
      )
      expect(logged).toEqual([
        `Recent files: ${storePath} could not be read (${storePath}: is a FIFO (named pipe), not a regular file); starting with an empty list.`,
        // Writes go only to regular files (node/atomic-write.ts): the FIFO is left as it is.
        `Recent files: ${storePath} could not be rewritten (${storePath} is a FIFO (named pipe), not a regular file).`,
      ])
    },
  )

  it("remembers a database's session, one entry per file: the session shown last", async () => {
    const [db, log] = await files('opencode', 'log')
    const recent = openRecentFiles({ storePath })
    await recent.add({ path: db, session: 'ses_A' })
    await recent.add({ path: log })
    expect(await recent.list()).toEqual([{ path: log }, { path: db, session: 'ses_A' }])
    // Another session of it shown: the one entry moves to the front, with that session.
    await recent.add({ path: db, session: 'ses_B' })
    expect(await openRecentFiles({ storePath }).list()).toEqual([
      { path: db, session: 'ses_B' },
      { path: log },
    ])
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({
      files: [{ path: db, session: 'ses_B' }, log],
    })
    // Opened again with no session (Open…, which shows its latest): none is remembered.
    await recent.add({ path: db })
    expect(await recent.list()).toEqual(at(db, log))
  })

  it('drops a stored entry whose session is not an id, saying which', async () => {
    const [a, b, c] = await files('a', 'b', 'c')
    await openRecentFiles({ storePath }).clear()
    const entries = [
      { path: a, session: 'ses_ok' },
      { path: b, session: 'two words' },
      { path: c, session: 7 },
      { path: 'relative.json' },
      { session: 'ses_x' },
    ]
    await writeFile(storePath, JSON.stringify({ files: entries }))
    const logged: string[] = []
    const recent = openRecentFiles({ storePath, log: (line) => logged.push(line) })
    expect(await recent.list()).toEqual([{ path: a, session: 'ses_ok' }])
    expect(logged).toEqual([
      `Recent files: ${storePath}: dropped entry 1's session is not a session id; ` +
        "entry 2's session must be a string, not a number; entry 3's path must be absolute " +
        'and 1 more.',
    ])
  })

  it("keeps each entry's title as read when it was opened, in turn with the list", async () => {
    const [a, b, c] = await files('a', 'b', 'c')
    // Titles as main reads them (node/sessions' readSessionFile); b's is slow to come, and the
    // list asked for right after b is added still has it, in its place.
    const titles: Record<string, string> = { [a]: 'Retry helper', [b]: 'Tide gauge parser' }
    const titleOf = async ({ path, session }: { path: string; session?: string }) => {
      if (path === b) await new Promise((resolve) => setTimeout(resolve, 50))
      if (path === c) throw new Error('unreadable')
      return session === 'ses_B' ? 'Second session' : titles[path]
    }
    const recent = openRecentFiles({ storePath, titleOf })
    await recent.add({ path: a })
    void recent.add({ path: b })
    expect(await recent.list()).toEqual([
      { path: b, title: 'Tide gauge parser' },
      { path: a, title: 'Retry helper' },
    ])
    // A title that cannot be read leaves its entry without one; a database's is its session's.
    await recent.add({ path: c })
    await recent.add({ path: a, session: 'ses_B' })
    expect(await openRecentFiles({ storePath }).list()).toEqual([
      { path: a, session: 'ses_B', title: 'Second session' },
      { path: c },
      { path: b, title: 'Tide gauge parser' },
    ])
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({
      files: [
        { path: a, session: 'ses_B', title: 'Second session' },
        c,
        { path: b, title: 'Tide gauge parser' },
      ],
    })
    // Read again when opened again: a title gone from the log is gone from the entry.
    delete titles[b]
    await recent.add({ path: b })
    expect((await recent.list())[0]).toEqual({ path: b })
  })

  it('drops a stored title that is not one line of text, keeping its entry, and says so', async () => {
    const [a, b, c] = await files('a', 'b', 'c')
    const entries = [
      { path: a, title: 'Two\nlines' },
      { path: b, title: 42 },
      { path: c, title: 'Fine' },
    ]
    await openRecentFiles({ storePath }).clear()
    await writeFile(storePath, JSON.stringify({ files: entries }))
    const logged: string[] = []
    const recent = openRecentFiles({ storePath, log: (line) => logged.push(line) })
    expect(await recent.list()).toEqual([{ path: a }, { path: b }, { path: c, title: 'Fine' }])
    expect(logged).toEqual([
      `Recent files: ${storePath}: dropped entry 0's title; entry 1's title.`,
    ])
    // The store is repaired.
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({
      files: [a, b, { path: c, title: 'Fine' }],
    })
  })

  it('writes the store atomically, leaving no temporary files behind', async () => {
    const [a, b] = await files('a', 'b')
    const recent = openRecentFiles({ storePath })
    await recent.add({ path: a })
    await recent.add({ path: b })
    expect(await readdir(join(dir, 'user-data'))).toEqual(['recent-files.json'])
  })
})
