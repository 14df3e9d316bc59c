import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RECENT_FILES_LIMIT, openRecentFiles } from '../../electron/recent-files'

let dir: string
let storePath: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspector-recent-'))
  storePath = join(dir, 'user-data', 'recent-files.json')
})

afterEach(() => rm(dir, { recursive: true, force: true }))

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
    await recent.add(a)
    await recent.add(b)
    await recent.add(c)
    expect(await recent.list()).toEqual([c, b, a])
    await recent.add(a)
    expect(await recent.list()).toEqual([a, c, b])
  })

  it(`keeps only the ${RECENT_FILES_LIMIT} most recent`, async () => {
    const paths = await files(...Array.from({ length: 12 }, (_, i) => `f${i}`))
    const recent = openRecentFiles({ storePath })
    for (const path of paths) await recent.add(path)
    const expected = paths.slice(2).reverse()
    expect(expected).toHaveLength(10)
    expect(await recent.list()).toEqual(expected)
  })

  it('persists across restarts of the app', async () => {
    const [a, b] = await files('a', 'b')
    const first = openRecentFiles({ storePath })
    await first.add(a)
    await first.add(b)
    expect(await openRecentFiles({ storePath }).list()).toEqual([b, a])
  })

  it('does not lose a path when two files are opened at once', async () => {
    const [a, b] = await files('a', 'b')
    const recent = openRecentFiles({ storePath })
    await Promise.all([recent.add(a), recent.add(b)])
    expect(await recent.list()).toEqual([b, a])
  })

  it('drops files that no longer exist, and remembers that it did', async () => {
    const [a, b, c] = await files('a', 'b', 'c')
    const recent = openRecentFiles({ storePath })
    for (const path of [a, b, c]) await recent.add(path)
    await rm(b)
    expect(await recent.list()).toEqual([c, a])
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({ files: [c, a] })
  })

  it('forgets everything on clear', async () => {
    const [a] = await files('a')
    const recent = openRecentFiles({ storePath })
    await recent.add(a)
    await recent.clear()
    expect(await recent.list()).toEqual([])
    expect(await openRecentFiles({ storePath }).list()).toEqual([])
  })

  it('recovers from a damaged store as an empty list, and writes a good one on the next open', async () => {
    const [a] = await files('a')
    await openRecentFiles({ storePath }).clear() // creates the folder
    for (const damaged of ['{"files": ["/x.json"', 'null', '"text"', '{"files": 3}', '']) {
      await writeFile(storePath, damaged)
      expect(await openRecentFiles({ storePath }).list()).toEqual([])
    }
    const recent = openRecentFiles({ storePath })
    await recent.add(a)
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual({ files: [a] })
  })

  it('ignores entries that are not absolute paths', async () => {
    const [a] = await files('a')
    await openRecentFiles({ storePath }).clear()
    await writeFile(storePath, JSON.stringify({ files: [42, 'relative.json', a, null, a] }))
    expect(await openRecentFiles({ storePath }).list()).toEqual([a])
  })

  it('writes the store atomically, leaving no temporary files behind', async () => {
    const [a, b] = await files('a', 'b')
    const recent = openRecentFiles({ storePath })
    await recent.add(a)
    await recent.add(b)
    expect(await readdir(join(dir, 'user-data'))).toEqual(['recent-files.json'])
  })
})
