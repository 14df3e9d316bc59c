/*
 * Reading a SQLite database file's tables, without SQLite: the file format is public and stable
 * ("Database File Format", https://www.sqlite.org/fileformat2.html, format 3, unchanged since
 * SQLite 3.0.0). Only what reading a rowid table takes: the header, table b-trees, overflow pages
 * and the record format. Indexes, free pages and WITHOUT ROWID tables are never read. A database
 * in WAL mode is read as its file holds it; applyWal (wal.ts) lays a write-ahead log over it first.
 */

import { startsAsSqlite } from './magic'

export { SQLITE_MAGIC, startsAsSqlite } from './magic'

/** Whether `bytes` start as a SQLite database file does: its header, whole. */
export function isSqliteFile(bytes: Uint8Array): boolean {
  return bytes.length >= 100 && startsAsSqlite(bytes)
}

/** A database file that cannot be read, and why, in a user's words. */
export class SqliteError extends Error {
  constructor(problem: string) {
    super(problem)
    this.name = 'SqliteError'
  }
}

/** A column's value as SQLite stores it; integers past 2^53 lose precision. */
export type SqlValue = null | number | string | Uint8Array

/** One table of the schema: its name, its columns in order, where its b-tree starts. */
export interface TableInfo {
  name: string
  columns: string[]
  rootPage: number
  /** The column declared INTEGER PRIMARY KEY, whose value is the rowid; -1 when none. */
  rowidColumn: number
}

/** A row of a table, its columns decoded only when asked. */
export interface Row {
  rowid: number
  /** The value of the column at `index`; null past the record's end (a column added later). */
  column(index: number): SqlValue
  /** The bytes the value at `index` takes in the record (a text's UTF-8), without decoding it. */
  columnSize(index: number): number
}

const text = new TextDecoder('utf-8')

/** Whether a database file's header says WAL mode: a read or write version of 2 (bytes 18, 19). */
export const isWalMode = (bytes: Uint8Array): boolean => bytes[18] === 2 || bytes[19] === 2

/** The page size a database file's header gives (bytes 16 – 17; 1 stands for 65,536). */
export function pageSizeOf(bytes: Uint8Array): number {
  const raw = (bytes[16] << 8) | bytes[17]
  return raw === 1 ? 65536 : raw
}

/** A SQLite database's bytes, read table by table. */
export class SqliteDatabase {
  readonly pageSize: number
  /** The page's size less the bytes each page reserves at its end (the "usable size"). */
  private readonly usable: number
  readonly pageCount: number
  /** Whether the file says it is in WAL mode (its read and write versions are 2). */
  readonly walMode: boolean
  private schema?: Map<string, TableInfo>

  constructor(private readonly bytes: Uint8Array) {
    if (!isSqliteFile(bytes)) throw new SqliteError('not a SQLite database (no SQLite header)')
    const pageSize = pageSizeOf(bytes)
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
      throw new SqliteError(`the header's page size ${pageSize} is not a power of two from 512`)
    }
    const encoding = u32(bytes, 56)
    if (encoding !== 1 && encoding !== 0) {
      throw new SqliteError(
        `the database keeps its text as ${encoding === 2 ? 'UTF-16le' : encoding === 3 ? 'UTF-16be' : `encoding ${encoding}`}; only UTF-8 databases are read`,
      )
    }
    this.pageSize = pageSize
    this.usable = pageSize - bytes[20]
    this.pageCount = Math.floor(bytes.length / pageSize)
    this.walMode = isWalMode(bytes)
  }

  /** The tables the schema names, by name. */
  tables(): Map<string, TableInfo> {
    if (!this.schema) {
      const schema = new Map<string, TableInfo>()
      // sqlite_schema: type, name, tbl_name, rootpage, sql; its b-tree starts on page 1.
      this.scan(1, (row) => {
        const sql = row.column(4)
        if (row.column(0) !== 'table' || typeof sql !== 'string') return
        const name = row.column(1)
        const rootPage = row.column(3)
        if (typeof name !== 'string' || typeof rootPage !== 'number' || rootPage < 1) return
        // A WITHOUT ROWID table is an index b-tree, which this reader does not read.
        if (/\)\s*without\s+rowid\s*;?\s*$/i.test(sql)) return
        const columns = columnsOf(sql)
        schema.set(name, {
          name,
          rootPage,
          columns: columns.map((c) => c.name),
          rowidColumn: columns.findIndex((c) => c.rowid),
        })
      })
      this.schema = schema
    }
    return this.schema
  }

  /** Every row of `table`, in rowid order. */
  rows(table: TableInfo, visit: (row: Row) => void): void {
    const { rowidColumn } = table
    this.scan(table.rootPage, (row) => {
      if (rowidColumn < 0) return visit(row)
      visit({
        rowid: row.rowid,
        column: (i) => (i === rowidColumn ? row.rowid : row.column(i)),
        columnSize: (i) => (i === rowidColumn ? 0 : row.columnSize(i)),
      })
    })
  }

  /** Walks the table b-tree whose root is `root`, leaves in order; a loop or a bad page is an error. */
  private scan(root: number, visit: (row: Row) => void): void {
    const seen = new Set<number>()
    const walk = (page: number, depth: number): void => {
      if (depth > 64 || seen.has(page)) throw new SqliteError(`page ${page} is in its b-tree twice`)
      seen.add(page)
      const base = this.pageStart(page)
      const header = page === 1 ? base + 100 : base
      const type = this.bytes[header]
      const cells = u16(this.bytes, header + 3)
      if (type === 0x05) {
        const pointers = header + 12
        for (let i = 0; i < cells; i++) {
          const cell = base + u16(this.bytes, pointers + 2 * i)
          walk(u32(this.bytes, cell), depth + 1)
        }
        walk(u32(this.bytes, header + 8), depth + 1)
      } else if (type === 0x0d) {
        const pointers = header + 8
        for (let i = 0; i < cells; i++)
          visit(this.leafRow(base + u16(this.bytes, pointers + 2 * i)))
      } else {
        throw new SqliteError(`page ${page} is not a table b-tree page (type ${type})`)
      }
    }
    walk(root, 0)
  }

  private pageStart(page: number): number {
    if (page < 1 || page > this.pageCount) {
      throw new SqliteError(
        `page ${page} is past the file's end (${this.pageCount} pages): the file is cut short`,
      )
    }
    return (page - 1) * this.pageSize
  }

  /** A table leaf's cell: payload size, rowid, the payload's local part, then its overflow. */
  private leafRow(cell: number): Row {
    const { bytes } = this
    const [size, a] = varint(bytes, cell)
    const [rowid, b] = varint(bytes, cell + a)
    const start = cell + a + b
    const local = this.localSize(size)
    let payload: Uint8Array
    if (local === size) payload = bytes.subarray(start, start + size)
    else {
      payload = new Uint8Array(size)
      payload.set(bytes.subarray(start, start + local))
      let filled = local
      let next = u32(bytes, start + local)
      const seen = new Set<number>()
      while (filled < size) {
        if (next === 0 || seen.has(next)) {
          throw new SqliteError(`row ${rowid}'s overflow pages end before its payload does`)
        }
        seen.add(next)
        const page = this.pageStart(next)
        const take = Math.min(size - filled, this.usable - 4)
        payload.set(bytes.subarray(page + 4, page + 4 + take), filled)
        filled += take
        next = u32(bytes, page)
      }
    }
    return recordRow(rowid, payload)
  }

  /** How much of a table leaf's payload of `size` bytes is on its page (the file format's rule). */
  private localSize(size: number): number {
    const u = this.usable
    const max = u - 35
    if (size <= max) return size
    const min = Math.floor(((u - 12) * 32) / 255) - 23
    const k = min + ((size - min) % (u - 4))
    return k <= max ? k : min
  }
}

/** A record (the payload of a row): its header's serial types, each value decoded when asked. */
function recordRow(rowid: number, payload: Uint8Array): Row {
  const [headerSize, first] = varint(payload, 0)
  const types: number[] = []
  const offsets: number[] = []
  let at = first
  let body = headerSize
  while (at < headerSize) {
    const [type, n] = varint(payload, at)
    at += n
    types.push(type)
    offsets.push(body)
    body += contentSize(type)
  }
  return {
    rowid,
    column(index) {
      if (index >= types.length) return null
      return valueOf(payload, types[index], offsets[index])
    },
    columnSize(index) {
      return index < types.length ? contentSize(types[index]) : 0
    },
  }
}

function contentSize(type: number): number {
  if (type < 5) return type
  if (type === 5) return 6
  if (type === 6 || type === 7) return 8
  if (type < 12) return 0
  return type % 2 === 0 ? (type - 12) / 2 : (type - 13) / 2
}

function valueOf(p: Uint8Array, type: number, at: number): SqlValue {
  switch (type) {
    case 0:
      return null
    case 1:
      return (p[at] << 24) >> 24
    case 2:
      return (((p[at] << 8) | p[at + 1]) << 16) >> 16
    case 3:
      return (((p[at] << 16) | (p[at + 1] << 8) | p[at + 2]) << 8) >> 8
    case 4:
      return (p[at] << 24) | (p[at + 1] << 16) | (p[at + 2] << 8) | p[at + 3]
    case 5: {
      const high = (((p[at] << 8) | p[at + 1]) << 16) >> 16
      return high * 2 ** 32 + u32(p, at + 2)
    }
    case 6:
      return Number(new DataView(p.buffer, p.byteOffset + at, 8).getBigInt64(0))
    case 7:
      return new DataView(p.buffer, p.byteOffset + at, 8).getFloat64(0)
    case 8:
      return 0
    case 9:
      return 1
    default: {
      if (type < 12) return null
      const size = contentSize(type)
      const bytes = p.subarray(at, at + size)
      return type % 2 === 0 ? bytes : text.decode(bytes)
    }
  }
}

/** A varint of the file format: one to nine bytes, big-endian, seven bits each but the ninth's eight. */
function varint(b: Uint8Array, at: number): [value: number, length: number] {
  let v = 0
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i]
    v = v * 128 + (byte & 0x7f)
    if (byte < 0x80) return [v, i + 1]
  }
  return [v * 256 + b[at + 8], 9]
}

export const u16 = (b: Uint8Array, at: number): number => (b[at] << 8) | b[at + 1]
export const u32 = (b: Uint8Array, at: number): number =>
  ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0

interface ColumnDef {
  name: string
  rowid: boolean
}

/** The columns a CREATE TABLE statement declares, in order (table constraints left out). */
export function columnsOf(sql: string): ColumnDef[] {
  const open = sql.indexOf('(')
  const close = sql.lastIndexOf(')')
  if (open < 0 || close < open) return []
  const defs: string[] = []
  let depth = 0
  let quote = ''
  let start = open + 1
  for (let i = open + 1; i < close; i++) {
    const c = sql[i]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === '`' || c === "'") quote = c
    else if (c === '[') quote = ']'
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      defs.push(sql.slice(start, i))
      start = i + 1
    }
  }
  defs.push(sql.slice(start, close))
  const columns: ColumnDef[] = []
  for (const raw of defs) {
    const def = raw.trim()
    if (/^(constraint|primary|unique|check|foreign)\b/i.test(def)) continue
    const quoted = /^(?:"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]]*)\])/.exec(def)
    const name = quoted
      ? (quoted[1]?.replace(/""/g, '"') ?? quoted[2]?.replace(/``/g, '`') ?? quoted[3])
      : /^[^\s(]+/.exec(def)?.[0]
    if (name === undefined) continue
    const rest = def.slice(quoted ? quoted[0].length : name.length)
    // A column declared INTEGER PRIMARY KEY (not DESC) is the rowid (https://www.sqlite.org/lang_createtable.html#rowid).
    const rowid = /^\s*integer\s+primary\s+key\b(?!\s+desc)/i.test(rest)
    columns.push({ name, rowid })
  }
  return columns
}
