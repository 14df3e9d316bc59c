import { anthropicFormat } from './anthropic'
import { apiTrafficFormat } from './api-traffic'
import { claudeCodeFormat } from './claude-code'
import { codexFormat } from './codex'
import { droidFormat } from './droid'
import { geminiCliFormat } from './gemini-cli'
import { kimiCliFormat } from './kimi-cli'
import { copilotCliFormat } from './copilot-cli'
import { mistralVibeFormat } from './mistral-vibe'
import { clineFormat } from './cline'
import { continueFormat } from './continue'
import { nativeFormat } from './native'
import { openaiChatFormat } from './openai-chat'
import { openaiResponsesFormat } from './openai-responses'
import { opencodeFormat } from './opencode'
import { opencodeDbFormat } from './opencode-db'
import { crushDbFormat } from './crush-db'
import { piFormat } from './pi'
import { qwenCodeFormat } from './qwen-code'
import { sweAgentFormat } from './swe-agent'
import type { FormatDescriptor } from './types'
import type { Wire } from '../pricing/wire'

/**
 * Every format, one row each. The order is the pickers' and the CLI's, and it breaks ties in
 * detection: plain `{role, content}` messages read the same in Chat Completions, Anthropic and
 * Responses, and most such files are Chat Completions logs. `--format`'s values, the app's pickers,
 * detection and the table in docs/formats.md all come from here. `wire` is the wire format a
 * conversation of the format is sent in, which prices it (src/pricing/wire.ts); API traffic logs,
 * pi, Droid, Qwen Code, opencode and Crush sessions say theirs in the file, and their readers set
 * it; a Kimi CLI context file never names its model, and reads as Kimi's own API speaks, OpenAI
 * Chat Completions. `holdsSystemPrompt` says whether a file of the format holds the system prompt
 * its requests were sent with: a request body, a traffic log or a trajectory does, where one was
 * sent; an agent's own log does not (Gemini CLI, Qwen Code, pi, Droid, opencode, Crush, Cline and
 * Continue never write theirs; Codex writes its base instructions only in its later versions'
 * rollouts; Claude Code only from 2.1.260, as a prompt_snapshot, and Kimi CLI from 1.21.0, as a
 * `_system_prompt` record; their readers say so: ReadResult.systemPromptRecorded), so a
 * conversation read from one without an instructions message still had a system prompt
 * (ImportedConversation.systemPromptUnrecorded). `appendsLines` says whether its engine writes the
 * file a line at a time, so that what it adds is new lines a followed log parses alone
 * (src/live/live-import.ts); Gemini CLI's older single document and a saved traffic array are one
 * document, and a followed one is read whole.
 */
export const FORMATS = [
  { ...nativeFormat, wire: 'native', holdsSystemPrompt: true, appendsLines: false },
  { ...openaiChatFormat, wire: 'openai-chat', holdsSystemPrompt: true, appendsLines: false },
  { ...anthropicFormat, wire: 'anthropic', holdsSystemPrompt: true, appendsLines: false },
  {
    ...openaiResponsesFormat,
    wire: 'openai-responses',
    holdsSystemPrompt: true,
    appendsLines: false,
  },
  { ...claudeCodeFormat, wire: 'anthropic', holdsSystemPrompt: false, appendsLines: true },
  { ...codexFormat, wire: 'openai-responses', holdsSystemPrompt: false, appendsLines: true },
  { ...geminiCliFormat, wire: 'gemini', holdsSystemPrompt: false, appendsLines: true },
  { ...qwenCodeFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: true },
  { ...kimiCliFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: true },
  { ...copilotCliFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: true },
  { ...mistralVibeFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: true },
  { ...piFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: true },
  { ...droidFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: true },
  { ...opencodeFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: false },
  { ...opencodeDbFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: false },
  { ...crushDbFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: false },
  { ...sweAgentFormat, wire: 'openai-chat', holdsSystemPrompt: true, appendsLines: false },
  { ...clineFormat, wire: 'anthropic', holdsSystemPrompt: false, appendsLines: false },
  { ...continueFormat, wire: 'openai-chat', holdsSystemPrompt: false, appendsLines: false },
  { ...apiTrafficFormat, wire: 'anthropic', holdsSystemPrompt: true, appendsLines: true },
] as const satisfies readonly (FormatDescriptor & {
  wire: Wire
  holdsSystemPrompt: boolean
  appendsLines: boolean
})[]
