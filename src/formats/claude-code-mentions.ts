import { versionIn } from './claude-code-version'

/**
 * A prompt that names a file with @ ("read @src/app.ts", `@"a b.md"`): Claude Code reads what it
 * names and sends it with the prompt as an attachment (`extractAtMentionedFiles`,
 * utils/attachments.ts). From 1.0.60 to 2.1.96 it leaves such an attachment out of the session
 * file for users outside Anthropic (the transcript filter `isLoggableMessage` drops every
 * `attachment` message unless the user type is "ant", but for a few kinds, none a file's); 2.1.97
 * drops none. So in those files the request after such a prompt held text the file does not
 * (docs/formats/claude-code.md, "Attachments").
 */
export const UNRECORDED_MENTION_NOTE =
  'the prompt names a path with @: Claude Code sends the file or folder it names with the prompt, and before 2.1.97 left that attachment out of the session file, so that content is not in the file and the requests from here on are counted low'

/**
 * The same of a command's or a skill's instructions (an `isMeta` user event; from the Skill tool
 * it names the call, `sourceToolUseID`): Claude Code reads the paths they name with @ and sends
 * those files after them, as it does a prompt's (processPromptSlashCommand runs the attachments
 * step on the instructions' text, read in the npm package's `cli.js` of 2.1.6), and the versions
 * that drop a prompt's attachments drop these too. A skill's text often shows an example path in
 * a code block (`@path/to/article.md`), which Claude Code tries too and finds nothing at: hence
 * "where one was there".
 */
export const UNRECORDED_COMMAND_MENTION_NOTE =
  'the instructions of a command or skill name a path with @: Claude Code sends each file or folder it finds at such a path after them, and before 2.1.97 left those attachments out of the session file, so where one was there its content is not in the file and the requests from here on are counted low'

/**
 * The same filter, said at every typed prompt of such a version that names no path: Claude Code
 * sends a prompt's attachments with it (a todo or plan-mode reminder, a CLAUDE.md read on the way,
 * the IDE's selection), and a file of 1.0.60 – 2.1.89 holds none of them but a hook's (what a hook
 * added, kept where an environment variable asks). Info, since most prompts carry none; where one
 * did, its request grew by more than the file shows.
 */
export const UNRECORDED_ATTACHMENTS_NOTE =
  'Claude Code 1.0.60 – 2.1.89 left the attachments it sent with a prompt out of the session file, a hook’s aside: what it sent with this prompt besides the text (a reminder, a CLAUDE.md read on the way, the skill listing, the IDE’s selection) is not in the file, and where it sent any, the requests from here on are counted low by it'

/**
 * The same from 2.1.90 to 2.1.96, whose filter lets through the attachments that update the lists
 * Claude Code keeps in the context (deferred tools, MCP servers' instructions, agents, from 2.1.94
 * the skill listing) and its companion's introduction: the file holds those, and they are read and
 * priced as the rest; the reminders, CLAUDE.md files and the IDE's selection it still leaves out.
 */
export const UNRECORDED_REMINDERS_NOTE =
  'Claude Code 2.1.90 – 2.1.96 wrote only a few kinds of attachment to the session file, among them the updates of its deferred tools, MCP servers’ instructions and agents (from 2.1.94 its skill listing): what else it sent with this prompt (a reminder, a CLAUDE.md read on the way, the IDE’s selection) is not in the file, and where it sent any, the requests from here on are counted low by it'

/** What a prompt of a version that leaves attachments out of the file is told (dropsAttachments). */
export const unrecordedAttachmentsNote = (version: string | undefined): string =>
  versionIn(version, [2, 1, 90], [2, 1, 97])
    ? UNRECORDED_REMINDERS_NOTE
    : UNRECORDED_ATTACHMENTS_NOTE

// Claude Code's own patterns: a quoted path, or a run of non-space after an @ that starts the text
// or follows a space. `@"name (agent)"` names a subagent, not a file.
const QUOTED = /(?:^|\s)@"([^"]+)"/g
const PLAIN = /(?:^|\s)@([^\s"]\S*)/g
// Claude Code tries every such word as a path and sends nothing where none exists; a prompt's
// decorators (`@dataclass`), packages (`@scope/name@1.2`) and CSS rules are words of that kind.
// So only a word that reads as a path is taken: a file name with an extension, or a folder
// ending in a slash, with no brackets, quotes or second @.
const PATH_LIKE = /^[^()[\]{}<>@"'`,;]+(?:\.[A-Za-z0-9]{1,10}|\/)$/
// What ends a sentence after a path: "see @a.md." or "(@a.md)".
const TRAILING = /[.,;:!?)\]]+$/

/**
 * Whether a prompt's text names a file or a folder with @, as a path: the words Claude Code reads
 * as paths, less those that cannot be one (above).
 */
export function mentionsFile(text: string): boolean {
  if (!text.includes('@')) return false
  for (const match of text.matchAll(QUOTED)) if (!match[1].endsWith(' (agent)')) return true
  for (const match of text.matchAll(PLAIN)) {
    if (PATH_LIKE.test(match[1].replace(TRAILING, ''))) return true
  }
  return false
}

/** Whether the Claude Code version that wrote an event left its attachments out of the file. */
export const dropsAttachments = (version: string | undefined): boolean =>
  versionIn(version, [1, 0, 60], [2, 1, 97])
