import { anthropicFormat } from './anthropic'
import { apiTrafficFormat } from './api-traffic'
import { claudeCodeFormat } from './claude-code'
import { codexFormat } from './codex'
import { droidFormat } from './droid'
import { geminiCliFormat } from './gemini-cli'
import { clineFormat } from './cline'
import { nativeFormat } from './native'
import { openaiChatFormat } from './openai-chat'
import { openaiResponsesFormat } from './openai-responses'
import { opencodeFormat } from './opencode'
import { piFormat } from './pi'
import { qwenCodeFormat } from './qwen-code'
import { sweAgentFormat } from './swe-agent'
import type { FormatDescriptor } from './types'
import type { Wire } from '../pricing/wire'

/**
 * Every format, one row each. The order is the pickers' and the CLI's, and it breaks ties in
 * detection: plain `{role, content}` messages read the same in Chat Completions, Anthropic and
 * Responses, and most such files are Chat Completions logs. `--format`'s values, the app's
 * pickers, detection and the table in docs/formats.md all come from here. `wire` is the wire
 * format a conversation of the format is sent in, which prices it (src/pricing/wire.ts); API
 * traffic logs, pi, Droid, Qwen Code and opencode sessions say theirs in the file, and their
 * readers set it. `holdsSystemPrompt` says whether a file of the format holds the system prompt its
 * requests were sent with: a request body, a traffic log or a trajectory does, where one was sent;
 * an agent's own log does not (Gemini CLI, Qwen Code, pi, Droid, opencode and Cline never write
 * theirs; Codex writes its base instructions only in its later versions' rollouts; Claude Code
 * only from 2.1.260, as a prompt_snapshot, and its reader says so:
 * ReadResult.systemPromptRecorded), so a conversation read from one without an instructions
 * message still had a system prompt (ImportedConversation.systemPromptUnrecorded).
 */
export const FORMATS = [
  { ...nativeFormat, wire: 'native', holdsSystemPrompt: true },
  { ...openaiChatFormat, wire: 'openai-chat', holdsSystemPrompt: true },
  { ...anthropicFormat, wire: 'anthropic', holdsSystemPrompt: true },
  { ...openaiResponsesFormat, wire: 'openai-responses', holdsSystemPrompt: true },
  { ...claudeCodeFormat, wire: 'anthropic', holdsSystemPrompt: false },
  { ...codexFormat, wire: 'openai-responses', holdsSystemPrompt: false },
  { ...geminiCliFormat, wire: 'gemini', holdsSystemPrompt: false },
  { ...qwenCodeFormat, wire: 'openai-chat', holdsSystemPrompt: false },
  { ...piFormat, wire: 'openai-chat', holdsSystemPrompt: false },
  { ...droidFormat, wire: 'openai-chat', holdsSystemPrompt: false },
  { ...opencodeFormat, wire: 'openai-chat', holdsSystemPrompt: false },
  { ...sweAgentFormat, wire: 'openai-chat', holdsSystemPrompt: true },
  { ...clineFormat, wire: 'anthropic', holdsSystemPrompt: false },
  { ...apiTrafficFormat, wire: 'anthropic', holdsSystemPrompt: true },
] as const satisfies readonly (FormatDescriptor & { wire: Wire; holdsSystemPrompt: boolean })[]
