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

/**
 * Every format, one row each. The order is the pickers' and the CLI's, and it breaks ties in
 * detection: plain `{role, content}` messages read the same in Chat Completions, Anthropic and
 * Responses, and most such files are Chat Completions logs. `--format`'s values, the app's
 * pickers, detection and the table in docs/formats.md all come from here.
 */
export const FORMATS = [
  nativeFormat,
  openaiChatFormat,
  anthropicFormat,
  openaiResponsesFormat,
  claudeCodeFormat,
  codexFormat,
  geminiCliFormat,
  piFormat,
  sweAgentFormat,
  clineFormat,
  apiTrafficFormat,
] as const
