import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  SqliteDatabase,
  SqliteError,
  columnsOf,
  isSqliteFile,
  type Row,
} from '../../src/sqlite/database'
import { applyWal } from '../../src/sqlite/wal'

// Written by SQLite itself (scripts/make-sqlite-fixtures.py, which says what each file holds).
const DIR = resolve(import.meta.dirname, '../../testdata/sqlite')
const file = (name: string) => new Uint8Array(readFileSync(resolve(DIR, name)))

/** Row i of rows.db's table t, by the generator's rule (value_of), not read from the file. */
function expectedRow(i: number) {
  const ints = [
    0,
    1,
    -1,
    127,
    128,
    -129,
    32767,
    32768,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 40,
    -(2 ** 40),
  ]
  ints.push(2 ** 53 - 1)
  const text = i % 50 === 0 ? 'x'.repeat(3000) + String(i) : `row ${i} `.repeat(i % 37)
  return {
    id: `id${String(i).padStart(4, '0')}`,
    n: ints[i % 13],
    r: i / 8,
    b: [i % 256, (i * 7) % 256],
    s: text,
    extra: i > 300 ? `extra ${i}` : null,
  }
}

const rowsOf = (db: SqliteDatabase, name: string, read: (row: Row) => unknown) => {
  const table = db.tables().get(name)
  if (!table) throw new Error(`no table ${name}`)
  const out: unknown[] = []
  db.rows(table, (row) => out.push(read(row)))
  return out
}

describe('reading a SQLite database file', () => {
  it('reads every row of a table spread over interior and overflow pages, each value as SQLite stored it', () => {
    const db = new SqliteDatabase(file('rows.db'))
    expect(db.pageSize).toBe(1024)
    expect(db.tables().get('t')?.columns).toEqual(['id', 'n', 'r', 'b', 's', 'extra'])
    const rows = rowsOf(db, 't', (row) => ({
      id: row.column(0),
      n: row.column(1),
      r: row.column(2),
      b: [...(row.column(3) as Uint8Array)],
      s: row.column(4),
      // Rows written before the column was added have a record one column short.
      extra: row.column(5),
    }))
    expect(rows).toHaveLength(600)
    expect(rows).toEqual(Array.from({ length: 600 }, (_, k) => expectedRow(k + 1)))
  })

  it('gives an INTEGER PRIMARY KEY column the rowid, which its record stores as NULL', () => {
    const db = new SqliteDatabase(file('rows.db'))
    expect(db.tables().get('k')?.rowidColumn).toBe(0)
    expect(rowsOf(db, 'k', (row) => [row.rowid, row.column(0), row.column(1)])).toEqual([
      [3, 3, 'k3'],
      [7, 7, 'k7'],
      [1000, 1000, 'k1000'],
    ])
  })

  it('says what is wrong with a file cut short, or not a database', () => {
    const whole = file('rows.db')
    const cut = new SqliteDatabase(whole.subarray(0, 20 * 1024))
    expect(() => rowsOf(cut, 't', () => 0)).toThrow(SqliteError)
    expect(() => rowsOf(cut, 't', () => 0)).toThrow(
      /past the file's end \(20 pages\): the file is cut short/,
    )
    expect(isSqliteFile(new TextEncoder().encode('[{"role":"user"}]'))).toBe(false)
    expect(() => new SqliteDatabase(new Uint8Array(200))).toThrow('not a SQLite database')
    const utf16 = whole.slice(0, 4096)
    utf16[59] = 2 // the header's text encoding, a big-endian u32 at offset 56: UTF-16le
    expect(() => new SqliteDatabase(utf16)).toThrow(
      'the database keeps its text as UTF-16le; only UTF-8 databases are read',
    )
  })

  it('reads the columns a CREATE TABLE declares, whatever their quoting, without its constraints', () => {
    expect(
      columnsOf(
        'CREATE TABLE `part` (`id` text PRIMARY KEY, "a""b" integer DEFAULT (1, 2), [c d] text, e, ' +
          'CONSTRAINT `fk` FOREIGN KEY (`e`) REFERENCES `m`(`id`), PRIMARY KEY(`id`, e))',
      ),
    ).toEqual([
      { name: 'id', rowid: false },
      { name: 'a"b', rowid: false },
      { name: 'c d', rowid: false },
      { name: 'e', rowid: false },
    ])
    expect(columnsOf('CREATE TABLE k (id INTEGER PRIMARY KEY, v)')[0]).toEqual({
      name: 'id',
      rowid: true,
    })
    expect(columnsOf('CREATE TABLE k (id integer primary key desc, v)')[0].rowid).toBe(false)
  })
})

describe("a database's write-ahead log", () => {
  // wal.db holds rows w01–w10; the log two transactions more, w11–w20 and w21–w30.
  const ids = (bytes: Uint8Array) =>
    rowsOf(new SqliteDatabase(bytes), 't', (row) => row.column(0)) as string[]
  const w = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => `w${String(from + k).padStart(2, '0')}`)

  /** The log's frames: where each starts, and whether it commits a transaction. */
  function frames(wal: Uint8Array) {
    const size = 24 + 1024
    const out: { at: number; commit: boolean }[] = []
    for (let at = 32; at + size <= wal.length; at += size) {
      out.push({
        at,
        commit: new DataView(wal.buffer, wal.byteOffset + at + 4, 4).getUint32(0) !== 0,
      })
    }
    return out
  }

  it('is not in the file alone, and the file says it is in WAL mode', () => {
    const db = new SqliteDatabase(file('wal.db'))
    expect(db.walMode).toBe(true)
    expect(ids(file('wal.db'))).toEqual(w(1, 10))
  })

  it("lays every committed transaction over the file's pages, and says the log is in", () => {
    const applied = applyWal(file('wal.db'), file('wal.db-wal'))
    expect(ids(applied.bytes)).toEqual(w(1, 30))
    expect(new SqliteDatabase(applied.bytes).walMode).toBe(false)
    expect(applied.frames).toBe(frames(file('wal.db-wal')).length)
    expect(applied.ignored).toBe(0)
  })

  it('stops at a frame whose checksum does not follow: the transaction it is in is not applied', () => {
    const wal = file('wal.db-wal')
    const list = frames(wal)
    const commits = list.filter((f) => f.commit)
    expect(commits).toHaveLength(2)
    // Spoil a byte of the first frame after the first commit: the second transaction is lost.
    const second = list.findIndex((f) => f === commits[0]) + 1
    wal[list[second].at + 24 + 100] ^= 0xff
    const applied = applyWal(file('wal.db'), wal)
    expect(ids(applied.bytes)).toEqual(w(1, 20))
    expect(applied.ignored).toBe(list.length - second)
  })

  it('leaves out frames after the last commit, as a write still under way', () => {
    const wal = file('wal.db-wal')
    const list = frames(wal)
    const lastCommit = list.findLastIndex((f) => f.commit)
    const previousCommit = list.slice(0, lastCommit).findLastIndex((f) => f.commit)
    // Cut inside the last transaction's commit frame: only the first transaction is whole.
    const cut = wal.subarray(0, list[lastCommit].at + 500)
    expect(ids(applyWal(file('wal.db'), cut).bytes)).toEqual(w(1, 20))
    const beforeLast = wal.subarray(0, list[previousCommit + 1].at)
    expect(ids(applyWal(file('wal.db'), beforeLast).bytes)).toEqual(w(1, 20))
  })

  it('is not applied when its header is not a log of this database', () => {
    const wal = file('wal.db-wal')
    wal[0] = 0
    expect(applyWal(file('wal.db'), wal).frames).toBe(0)
    expect(ids(applyWal(file('wal.db'), wal).bytes)).toEqual(w(1, 10))
    expect(ids(applyWal(file('wal.db'), undefined).bytes)).toEqual(w(1, 10))
  })
})
