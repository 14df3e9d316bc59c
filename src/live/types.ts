/**
 * Following a log while its agent writes it: the core's side (pure; the file watching is
 * node/follow/). A live import parses each line of a JSONL log once, however many times it grows;
 * each update is the whole conversation as it now reads, and how much of it is as it was, so the
 * counts of those messages stand and only the rest are counted.
 */
import type { FormatId, ImportedConversation } from '../formats/types'

/** The conversation after a change to its file. */
export interface LiveUpdate {
  /** The whole conversation as the file now reads (the same shape importConversation gives). */
  conversation: ImportedConversation
  /**
   * How many leading messages are exactly as in the previous update: their counts stand. The
   * rest (a reply merged with a new line, new messages) are new to the counter. 0 on the first.
   */
  unchanged: number
  /** How many complete lines (JSONL) this update parsed; whole-document formats say 0. */
  parsedLines: number
  /** True when the whole file was read again (it was truncated, replaced or rewritten). */
  reread: boolean
  /** Said to the user when the file was read again: why ("the file was truncated; read again"). */
  note?: string
}

/** A log being followed. */
export interface LiveImport {
  /** The format it was read in, detected from the first read and kept for every update. */
  readonly format: FormatId
  /** Bytes read so far: where the next append starts. */
  readonly bytesRead: number
  /**
   * True when the file is read as one document (Cline's JSON, a request body): every change is
   * a whole read, so a follower should send the whole file (followFile's `wholeFile`).
   */
  readonly wholeDocument: boolean
  /**
   * Bytes written after those read (split anywhere: an unfinished last line waits for the rest).
   * Only the new lines are parsed. null when no new line was completed.
   */
  append(bytes: Uint8Array): LiveUpdate | null
  /** The whole file again: truncated, replaced, or rewritten (whole-document formats always are). */
  replace(bytes: Uint8Array, reason: 'truncated' | 'replaced' | 'rewritten'): LiveUpdate
}

/**
 * How far a conversation is from compaction: in tokens, and in turns at the recent rate. One rule
 * for the CLI's watch, the app's header and the desktop badge.
 */
export interface CompactionForecast {
  /** The total the budget shows, and the threshold it is checked against. */
  total: number
  threshold: number
  /** threshold − total, never below 0. */
  tokensLeft: number
  /** How many turns (user prompts) the conversation holds. */
  turns: number
  /** The mean growth per turn over the recent turns; null with too few turns to say. */
  perTurn: number | null
  /** Turns left before the total crosses the threshold at that rate; 0 when over; null unknown. */
  turnsLeft: number | null
}
