import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FormatError, RequestError, applyWal, importConversation } from '../../src/index'
import { cutAt, fixture, fixtureJson, infoAt } from './formats-fixtures'

// opencode.db (opencode 1.18.34's tables, written by SQLite: scripts/make-sqlite-fixtures.py)
// holds the session of testdata/formats/opencode.json as opencode stores it, its last two messages
// in the write-ahead log only; an older session; and a subagent's, the newest.
const DIR = resolve(import.meta.dirname, '../../testdata/sqlite')
const file = (name: string) => new Uint8Array(readFileSync(resolve(DIR, name)))
const withLog = () => applyWal(file('opencode.db'), file('opencode.db-wal')).bytes

const MAIN = 'ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt'
const OLDER = 'ses_2a0000000001Older0000000001'
const SUBAGENT = 'ses_3f1a2b4c6000Sub00000000001'

describe('opencode database', () => {
  it('is detected by its SQLite header, and reads a session as its export does', () => {
    const imported = importConversation(withLog())
    const exported = importConversation(fixture('opencode.json'))
    expect(imported).toMatchObject({ format: 'opencode-db', detected: true, session: MAIN })
    expect(imported.messages).toEqual(exported.messages)
    expect(imported.usage).toEqual(exported.usage)
    expect(imported.model).toBe(exported.model)
    expect(imported.wire).toBe('anthropic')
    expect(imported.systemPromptUnrecorded).toBe(true)
  })

  it('lists every session, newest first, and reads the newest that is not a subagent’s', () => {
    const imported = importConversation(withLog())
    const info = fixtureJson('opencode.json').info as { title: string; time: { updated: number } }
    expect(imported.sessions).toEqual([
      {
        id: SUBAGENT,
        title: 'Find the formatter (@general subagent)',
        updated: 1764800062000,
        messages: 2,
        parent: MAIN,
      },
      { id: MAIN, title: info.title, updated: info.time.updated, messages: 9 },
      { id: OLDER, title: 'Rename the config loader', updated: 1764700002000, messages: 2 },
    ])
    expect(infoAt(imported, '')).toContain(
      '2 other sessions in the database; not loaded (choose another session to read it)',
    )
  })

  it('reads the session it is asked for, and refuses one it does not hold', () => {
    const older = importConversation(withLog(), 'auto', { session: OLDER })
    expect(older.session).toBe(OLDER)
    expect(older.messages.map((m) => [m.type, m.text])).toEqual([
      ['user', 'Rename loadCfg to loadConfig.'],
      ['bot', 'Renamed it in three files.'],
    ])
    const sub = importConversation(withLog(), 'opencode-db', { session: SUBAGENT })
    expect(sub.messages[0].text).toBe('Find where temperatures are formatted.')
    const refused = () => importConversation(withLog(), 'auto', { session: 'ses_nope' })
    expect(refused).toThrow(RequestError)
    expect(refused).toThrow(
      `no session "ses_nope" in this database; it holds 3: ${SUBAGENT}, ${MAIN}, ${OLDER}`,
    )
    try {
      refused()
    } catch (error) {
      expect((error as RequestError).option).toBe('session')
    }
    expect(() => importConversation(fixture('opencode.json'), 'auto', { session: MAIN })).toThrow(
      'only an opencode database has sessions to choose from; this file is opencode session (export)',
    )
  })

  it('read without its write-ahead log, holds only what was checkpointed, and says so', () => {
    const alone = importConversation(file('opencode.db'))
    expect(alone.sessions?.find((s) => s.id === MAIN)?.messages).toBe(7)
    expect(
      infoAt(alone, '').some((p) =>
        p.startsWith('the database is in WAL mode and was read without its write-ahead log'),
      ),
    ).toBe(true)
    expect(alone.logUnread).toBe(true)
    const whole = importConversation(withLog())
    expect(infoAt(whole, '').some((p) => p.includes('WAL mode'))).toBe(false)
    expect(whole.logUnread).toBeUndefined()
  })

  // What a page is given when the database is dropped or chosen with its log (the hosts lay the
  // log beside a file they open over it themselves). opencode.db-wal's 12 frames all commit
  // (each frame's header read by hand with Python's struct: the last one's commit size is set).
  const log = (name = 'opencode.db-wal', content: string | Uint8Array = file(name)) => ({
    companion: { name, content },
  })

  it('reads the write-ahead log given as its companion, as a host lays it over the file', () => {
    const given = importConversation(file('opencode.db'), 'auto', log())
    const whole = importConversation(withLog())
    expect(given.messages).toEqual(whole.messages)
    expect(given.sessions?.find((s) => s.id === MAIN)?.messages).toBe(9)
    expect(given.logUnread).toBeUndefined()
    expect(infoAt(given, '')).toContain(
      'read with its write-ahead log opencode.db-wal: 12 committed frames laid over the file',
    )
    // A new database, its tables only in the log: read whole with it.
    const fresh = importConversation(file('opencode-new.db'), 'auto', log('opencode-new.db-wal'))
    expect(fresh.messages.map((m) => m.text)).toEqual([
      'What does build.sh do?',
      'It bundles the CLI.',
    ])
  })

  it('does not lay over what is not its log, and says why', () => {
    const warnings = (imported: ReturnType<typeof importConversation>) =>
      imported.report.filter((n) => n.severity === 'warning').map((n) => n.problem)
    const text = importConversation(
      file('opencode.db'),
      'auto',
      log('notes.txt', 'Notes on the session, not a SQLite log at all.'),
    )
    expect(warnings(text)).toContain(
      "notes.txt is not this database's write-ahead log (it does not start as a SQLite write-ahead log does); not read",
    )
    expect(text.logUnread).toBe(true)
    expect(text.sessions?.find((s) => s.id === MAIN)?.messages).toBe(7)
    // wal.db's log has pages of 1,024 bytes; opencode.db's are 4,096 (bytes 16–17 of its header).
    const other = importConversation(file('opencode.db'), 'auto', log('wal.db-wal'))
    expect(warnings(other)).toContain(
      "wal.db-wal is not this database's write-ahead log (its pages are 1024 bytes and the database's 4096: the log of another database); not read",
    )
    // A database whose log was laid over already holds every commit in its file.
    const done = importConversation(withLog(), 'auto', log())
    expect(infoAt(done, '')).toContain(
      'opencode.db-wal not read: the database is not in WAL mode, so its file holds every commit',
    )
    expect(done.messages).toEqual(importConversation(withLog()).messages)
  })

  it('says where the tables are when a new database holds them only in its log', () => {
    // As opencode leaves a database it has just made, while it runs: the file is its first page.
    const alone = () => importConversation(file('opencode-new.db'))
    expect(alone).toThrow(
      'a SQLite database in WAL mode whose file holds no "session" table yet: its tables are in its write-ahead log (opencode.db-wal or kilo.db-wal, beside the database), which was not read',
    )
    const applied = applyWal(file('opencode-new.db'), file('opencode-new.db-wal')).bytes
    expect(importConversation(applied).messages.map((m) => m.text)).toEqual([
      'What does build.sh do?',
      'It bundles the CLI.',
    ])
  })

  it('finds a tool exchange the boundary cuts', () => {
    const { messages } = importConversation(withLog())
    // Kept from the first tool result on, its call is left in the summarised head.
    const call = messages.findIndex((m) => m.type === 'activity')
    expect(cutAt(messages, call).map((f) => f.code)).toContain('tool-exchange-cut')
  })

  it('names the format a database that is not opencode’s most resembles, and why it is not', () => {
    const other = () => importConversation(file('rows.db'))
    expect(other).toThrow(FormatError)
    expect(other).toThrow(
      'it looks most like opencode or Kilo database, but a SQLite database without a "session" table: not an opencode database',
    )
  })

  it('says a Crush database read as opencode’s is Crush’s, and is read as one by default', () => {
    // crush.db: Crush's tables, sessions and messages (make-sqlite-fixtures.py).
    const asOpencode = () => importConversation(file('crush.db'), 'opencode-db')
    expect(asOpencode).toThrow(FormatError)
    expect(asOpencode).toThrow(/a database of Crush, .* read it as a Crush database/)
    expect(importConversation(file('crush.db')).format).toBe('crush-db')
  })
})
