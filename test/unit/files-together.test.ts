import { describe, expect, it } from 'vitest'
import { filesTogether } from '../../renderer/store/files-together'

// Files dropped or chosen together: told apart by the names their engines give them.
const named = (...names: string[]) => names.map((name) => ({ name }))

describe('files given together', () => {
  it('a database and the log SQLite names for it, in either order', () => {
    expect(filesTogether(named('opencode.db-wal', 'opencode.db'))).toEqual({
      main: { name: 'opencode.db' },
      companion: { name: 'opencode.db-wal' },
    })
    expect(filesTogether(named('kilo.db', 'kilo.db-wal'))).toEqual({
      main: { name: 'kilo.db' },
      companion: { name: 'kilo.db-wal' },
    })
  })

  it('a Vibe session’s messages and its meta.json', () => {
    expect(filesTogether(named('meta.json', 'messages.jsonl'))).toEqual({
      main: { name: 'messages.jsonl' },
      companion: { name: 'meta.json' },
    })
  })

  it('one file alone; anything else refused with the names given', () => {
    expect(filesTogether(named('run.jsonl'))).toEqual({ main: { name: 'run.jsonl' } })
    // Another database's log is not this one's.
    expect(filesTogether(named('opencode.db', 'kilo.db-wal'))).toEqual({
      error:
        "2 files given together (opencode.db, kilo.db-wal): open one conversation at a time, or one with the file it needs beside it (an opencode database with its -wal log, a Vibe session's messages.jsonl with its meta.json)",
    })
    expect('error' in filesTogether(named('a.db', 'a.db-wal', 'b.json'))).toBe(true)
  })
})
