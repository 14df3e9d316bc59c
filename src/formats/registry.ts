import { anthropicFormat } from './anthropic'
import { apiTrafficFormat } from './api-traffic'
import { claudeCodeFormat } from './claude-code'
import { codexFormat } from './codex'
import { geminiCliFormat } from './gemini-cli'
import { clineFormat } from './cline'
import { nativeFormat } from './native'
import { openaiChatFormat } from './openai-chat'
import { openaiResponsesFormat } from './openai-responses'
import { piFormat } from './pi'
import { sweAgentFormat } from './swe-agent'
import type { FormatDescriptor } from './types'
import type { Wire } from '../pricing/wire'

/**
 * Every format, one row each. The order is the pickers' and the CLI's, and it breaks ties in
 * detection: plain `{role, content}` messages read the same in Chat Completions, Anthropic and
 * Responses, and most such files are Chat Completions logs. `--format`'s values, the app's
 * pickers, detection and the table in docs/formats.md all come from here. `wire` is the wire
 * format a conversation of the format is sent in, which prices it (src/pricing/wire.ts); API
 * traffic logs and pi sessions say theirs in the file, and their readers set it.
 */
export const FORMATS = [
  { ...nativeFormat, wire: 'native' },
  { ...openaiChatFormat, wire: 'openai-chat' },
  { ...anthropicFormat, wire: 'anthropic' },
  { ...openaiResponsesFormat, wire: 'openai-responses' },
  { ...claudeCodeFormat, wire: 'anthropic' },
  { ...codexFormat, wire: 'openai-responses' },
  { ...geminiCliFormat, wire: 'gemini' },
  { ...piFormat, wire: 'openai-chat' },
  { ...sweAgentFormat, wire: 'openai-chat' },
  { ...clineFormat, wire: 'anthropic' },
  { ...apiTrafficFormat, wire: 'anthropic' },
] as const satisfies readonly (FormatDescriptor & { wire: Wire })[]
