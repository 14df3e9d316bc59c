import type { EngineSettings } from '../engines/types'
import type { EarlierThinking } from '../pricing/thinking-retention'
import type { Wire } from '../pricing/wire'
import type { Message } from '../types'
import type { Reader, Sniff } from './reader'
import type { FORMATS } from './registry'
import type { ImportNote } from './report'

/** The formats a conversation can be read from: the ids of the registry's rows. */
export type FormatId = (typeof FORMATS)[number]['id']

/** The formats a conversation can be written to: the rows with a writer. */
export type ExportFormatId = Extract<(typeof FORMATS)[number], { write: Writer }>['id']

/** A format's writer: the file's text, and what the format had no place for. */
export type Writer = (messages: readonly Message[], opts: ExportOptions) => ExportResult

/**
 * One row of the format registry: everything about a format that the CLI's `--format`, the app's
 * pickers, detection and the docs need. Adding a format is one file that exports one of these and
 * one row in registry.ts.
 */
export interface FormatDescriptor<Id extends string = string> {
  id: Id
  /** The name a person knows it by. */
  label: string
  /** What a file in this format looks like, in a few words. */
  shape: string
  /**
   * How much the input looks like this format, from a cheap look at its content: 0 not at all,
   * 1 a generic shape several formats share (`[{role, content}]`), 2 a shape of its own,
   * 3 unmistakable (a field or event type no other format has). Detection reads the formats that
   * score highest first, and a file no format reads is described against the best-scoring one.
   */
  detect(sniff: Sniff): number
  read: Reader
  /** Present when the format can be written. */
  write?: Writer
}

/** What the app's picker and the CLI's `--format` need to know about a format. */
export interface FormatInfo {
  id: FormatId
  /** The name a person knows it by. */
  label: string
  /** Whether exportConversation writes it. */
  canExport: boolean
  /** What a file in this format looks like, in a few words. */
  shape: string
}

/** A conversation read from a file, with the format it was read as and everything set aside. */
export interface ImportedConversation {
  format: FormatId
  /** True when the format was detected rather than chosen. */
  detected: boolean
  /** The model the file names, when it names one. */
  model?: string
  /** The wire format the conversation is sent in: the registry's, or what the file says. */
  wire: Wire
  /**
   * 'kept' where the file shows its requests asked the API to keep every earlier turn's thinking
   * (Claude Code from 2.1.84: docs/tokens.md, "Earlier thinking a request asks to keep");
   * 'dropped' where its reported prompts show that no request held an earlier reply's thinking
   * (Gemini CLI: docs/tokens.md, "Gemini thinking the reports show was not sent"); 'new-turn' where
   * each request begins a new turn, so only a model that keeps every turn's thinking holds any
   * (Cline's results sent as text: docs/formats/cline.md, "Each request a new turn"); 'sent' where
   * its reported prompts show every reply's thinking in the requests after it, whatever the model
   * (Kimi CLI on Kimi's API: docs/formats/kimi-cli.md, "Thinking sent back"). Unset, the
   * model's rule, where the conversation holds no thinking: a rule would price nothing there.
   */
  thinking?: EarlierThinking
  messages: Message[]
  /** Every input field with no place in the wire shape, and every line that could not be read. */
  report: ImportNote[]
  /**
   * Set when the format's files do not hold the system prompt their engine sends (the registry's
   * `holdsSystemPrompt`): a conversation read without an instructions message had one all the
   * same, sent apart from the messages, and diagnose says so rather than that it has none.
   */
  systemPromptUnrecorded?: true
  /**
   * Set when a prompt on the thread was written by a Claude Code version that kept most attachments
   * it sent with the prompt out of the session file (1.0.60 – 2.1.96): a request that carried one
   * (a reminder, a CLAUDE.md, a file named with @) is counted low by it, and the file cannot say
   * which did (docs/formats/claude-code.md, "Attachments the file does not hold").
   */
  attachmentsUnrecorded?: true
  /**
   * Set for a database in WAL mode read without its write-ahead log (an opencode or Crush
   * database dropped on the page or opened in a browser, whose log beside it no host read): what
   * its engine wrote since the last checkpoint is not here, and the log can be given as the
   * import's companion.
   */
  logUnread?: true
  /** An API traffic log's requests, for the request picker; absent for every other format. */
  requests?: TrafficRequest[]
  /** Which of `requests` was loaded (its `index`). */
  request?: number
  /** A database's sessions (an opencode or Crush database), for the session picker; absent for every other file. */
  sessions?: StoredSession[]
  /** Which of `sessions` was loaded (its `id`). */
  session?: string
  /** The prompt sizes the provider reported, one per request, in request order; absent when none. */
  usage?: ReportedUsage[]
  /**
   * The context window the log says its engine ran with, where it says one (a Codex rollout's
   * `model_context_window`, a Qwen Code reply's `contextWindowSize`): the budget the engine itself
   * compacted against, which the app offers as MaxTokens before the model's documented window.
   */
  contextWindow?: RecordedWindow
  /** Its engine's own compaction settings, where the log records them (RecordedSettings). */
  engineSettings?: RecordedSettings
  /**
   * A forked Claude Code subagent's file: the parent transcript it refers to (`fork-context-ref`),
   * and how many messages of the parent's conversation were loaded from it (ImportOptions
   * .companion), 0 when it was not given or does not hold the fork point. Absent for every other
   * file.
   */
  forkedFrom?: ForkedFrom
}

/**
 * Compaction settings of its engine's own that a log records (a Mistral Vibe session's meta.json:
 * the active model's `auto_compact_threshold`): the engines' replay runs that engine's preset
 * with them in place of its defaults (EngineInput.settings).
 */
export interface RecordedSettings {
  settings: EngineSettings
  /** Where in the file they were read, as the report says places. */
  at: string
}

/** A context window a log records (ImportedConversation.contextWindow). */
export interface RecordedWindow {
  tokens: number
  /** Where in the file it was read, as the report says places: `line 12: payload.info…`. */
  at: string
  /**
   * Set on Codex's `model_context_window`: the effective window, a share of Codex's catalog window,
   * which the Codex presets work their window out from (src/engines/codex.ts).
   */
  codex?: true
}

/** The parent transcript a forked subagent's file refers to (ImportedConversation.forkedFrom). */
export interface ForkedFrom {
  /** Its file name, `<parentSessionId>.jsonl`, or the name it was given by. */
  file: string
  /** The messages of the parent's conversation loaded first; 0 when none were. */
  loaded: number
}

/** One request's prompt size as the provider reported it in the log. */
export interface ReportedUsage {
  /** The request's prompt was messages[0, prompt): the messages before the reply that reported it. */
  prompt: number
  /** The prompt's size as the provider billed it: input + cache creation + cache read tokens. */
  inputTokens: number
  outputTokens?: number
  /** Where in the file it was read, as the report says places: `line 12`, `$.messages[3].tokens`. */
  at: string
  model?: string
  /**
   * The tool results (by message index, ascending, each before `prompt`) the request was sent with
   * their content cleared: Claude Code's microcompaction replaces an old result's content with a
   * placeholder in every request after it (see docs/tokens.md, "Tool results sent cleared").
   * Reports after the same microcompaction share one list.
   */
  cleared?: readonly number[]
  /**
   * The thinking (reasoning messages, by index, ascending, each before `prompt`) the request was
   * sent without: Claude Code 2.1.260 and later record a `thinking_stripped` attachment where they
   * take earlier turns' thinking out of every later request (see docs/tokens.md, "Thinking and tool
   * results Claude Code takes out"), and from 2.1.152 it sends no model the signed thinking another
   * model wrote ("Thinking another model wrote"). Reports that share both share one list.
   */
  stripped?: readonly number[]
  /**
   * The reasoning (reasoning messages, by index, ascending, each before `prompt`) the request sent
   * as plain text: opencode sends the reasoning another model (or provider) wrote as a text part of
   * its reply, without the provider's record of it (see docs/formats/opencode.md, "A reply from
   * another model"). Priced as its text, whatever the request's model does with its own earlier
   * thinking. Reports that share one share one list.
   */
  asText?: readonly number[]
  /**
   * The tokens the provider's context editing cleared from the request before the model read it,
   * as the reply's `context_management.applied_edits` says (Anthropic; see docs/tokens.md,
   * "Context editing the API reports"): `inputTokens` counts the prompt without them.
   */
  apiCleared?: number
  /**
   * The request was sent context its file does not record, beyond what the first request held: a
   * Claude Code subagent's attachments, sent from its first tool result on and never written to its
   * file (see docs/tokens.md, "Context a subagent was sent unrecorded"). Set on every such report
   * but the first request's.
   */
  unrecorded?: true
  /**
   * The deferred tools whose definitions this request was the first sent, beyond the first
   * request's: a ToolSearch result's `tool_reference` blocks name them, and the API sends the named
   * tools' definitions, which the file does not hold, in every request from there on (see
   * docs/tokens.md, "Deferred tools a ToolSearch result loaded"). Never on the first report.
   */
  toolsLoaded?: readonly string[]
  /**
   * The reply was named for a Claude model, but its id is not in the form Anthropic's API gives
   * (`msg_` and base58): another backend answered it (a router or proxy Claude Code was pointed at), and
   * these counts are that backend's, which the Claude calibration does not describe (see
   * docs/tokens.md, "Replies another backend answered").
   */
  otherBackend?: true
}

/** One request of an API traffic log, as the request picker and the import report name it. */
export interface TrafficRequest {
  /** 1-based, in file order: the number `--request` and the picker take. */
  index: number
  /** The model the request names. */
  model?: string
  /** How many messages (or input items) the request sent. */
  messages: number
  /** When it was sent, ISO 8601, when the log says. */
  timestamp?: string
}

/** One session of a database that holds several (an opencode or Crush database), as the session picker names it. */
export interface StoredSession {
  /** The engine's id for it: the value `--session` and the picker take. */
  id: string
  title: string
  /** When it was last updated, in milliseconds since 1970 (UTC). */
  updated: number
  /** How many messages it stores. */
  messages: number
  /** The session a subagent's session was started from; absent for a session of its own. */
  parent?: string
}

/** Why one format could not read the input, and where. */
export interface FormatMismatch {
  format: FormatId
  /** The format's label, for messages. */
  label: string
  problem: string
  /** A JSON path (`messages[2].role`) or `line 17`; '' for the whole file. */
  path: string
  line?: number
  column?: number
}

/** What an exporter produced: the file's text, and what the target format had no place for. */
export interface ExportResult {
  text: string
  report: ImportNote[]
}

/** Options for an export. */
export interface ExportOptions {
  /** The model to name in the file; provider formats need one to be sendable. */
  model?: string
  /** Anthropic only: the request's `max_tokens`, which Anthropic requires. Default 4096. */
  maxTokens?: number
}
