import type { Wire } from '../pricing/wire'

/*
 * The Go opencode's model ids (opencode-ai/opencode, read at f0571f5f, 1 July 2025, the archived
 * repository's last commit): internal/llm/models/*.go names each model by an id of its own, which
 * its messages' `model` column holds, and gives each the provider it is sent to and the name its
 * requests send (`APIModel`). A provider other than Anthropic, OpenAI, Gemini, Groq and xAI puts
 * its name before the id ("copilot.gpt-4o"; local.go: "local." and the local server's own name).
 */

/** The providers whose ids carry their name first, and the wire each one's client sends over. */
const PREFIXED: Readonly<Record<string, Wire>> = {
  // provider.go NewProvider: Azure, Copilot, OpenRouter and a local server by OpenAI's Chat
  // Completions client; Bedrock by Anthropic's; Vertex AI by Gemini's.
  azure: 'openai-chat',
  copilot: 'openai-chat',
  openrouter: 'openai-chat',
  local: 'openai-chat',
  bedrock: 'anthropic',
  vertexai: 'gemini',
}

/**
 * The ids whose requests name another model than the id (less its provider) reads: each with the
 * name sent. Every other id is sent as it reads, less its provider ("copilot.gpt-4o" as "gpt-4o").
 */
const SENT_AS: Readonly<Record<string, string>> = {
  // anthropic.go
  'claude-3.5-sonnet': 'claude-3-5-sonnet-latest',
  'claude-3-haiku': 'claude-3-haiku-20240307',
  'claude-3.7-sonnet': 'claude-3-7-sonnet-latest',
  'claude-3.5-haiku': 'claude-3-5-haiku-latest',
  'claude-3-opus': 'claude-3-opus-latest',
  'claude-4-sonnet': 'claude-sonnet-4-20250514',
  'claude-4-opus': 'claude-opus-4-20250514',
  // openai.go: its table sends GPT 4.1 mini as "gpt-4.1".
  'gpt-4.1-mini': 'gpt-4.1',
  // gemini.go, vertexai.go
  'gemini-2.5-flash': 'gemini-2.5-flash-preview-04-17',
  'gemini-2.5': 'gemini-2.5-pro-preview-05-06',
  'vertexai.gemini-2.5-flash': 'gemini-2.5-flash-preview-04-17',
  'vertexai.gemini-2.5': 'gemini-2.5-pro-preview-03-25',
  // groq.go
  'qwen-qwq': 'qwen-qwq-32b',
  // copilot.go
  'copilot.gemini-2.0-flash': 'gemini-2.0-flash-001',
  // models.go: Bedrock's model, before the region bedrock.go puts first.
  'bedrock.claude-3.7-sonnet': 'anthropic.claude-3-7-sonnet-20250219-v1:0',
  // openrouter.go: OpenRouter's names.
  'openrouter.gpt-4.1': 'openai/gpt-4.1',
  'openrouter.gpt-4.1-mini': 'openai/gpt-4.1-mini',
  'openrouter.gpt-4.1-nano': 'openai/gpt-4.1-nano',
  'openrouter.gpt-4.5-preview': 'openai/gpt-4.5-preview',
  'openrouter.gpt-4o': 'openai/gpt-4o',
  'openrouter.gpt-4o-mini': 'openai/gpt-4o-mini',
  'openrouter.o1': 'openai/o1',
  'openrouter.o1-pro': 'openai/o1-pro',
  'openrouter.o1-mini': 'openai/o1-mini',
  'openrouter.o3': 'openai/o3',
  'openrouter.o3-mini': 'openai/o3-mini-high',
  'openrouter.o4-mini': 'openai/o4-mini-high',
  'openrouter.gemini-2.5-flash': 'google/gemini-2.5-flash-preview:thinking',
  'openrouter.gemini-2.5': 'google/gemini-2.5-pro-preview-03-25',
  'openrouter.claude-3.5-sonnet': 'anthropic/claude-3.5-sonnet',
  'openrouter.claude-3-haiku': 'anthropic/claude-3-haiku',
  'openrouter.claude-3.7-sonnet': 'anthropic/claude-3.7-sonnet',
  'openrouter.claude-3.5-haiku': 'anthropic/claude-3.5-haiku',
  'openrouter.claude-3-opus': 'anthropic/claude-3-opus',
  'openrouter.deepseek-r1-free': 'deepseek/deepseek-r1-0528:free',
}

/**
 * A Go opencode model id: the model its requests name, and the wire its provider's client sends
 * over. An unprefixed id is Anthropic's (claude-…), Gemini's (gemini-…), or OpenAI's, Groq's or
 * xAI's, all three sent by the OpenAI client over Chat Completions (openai.go uses no other API).
 */
export function goOpencodeModel(id: string): { model: string; wire: Wire } {
  const dot = id.indexOf('.')
  const prefix = dot > 0 ? id.slice(0, dot) : ''
  const prefixed = Object.hasOwn(PREFIXED, prefix)
  const model = Object.hasOwn(SENT_AS, id) ? SENT_AS[id] : prefixed ? id.slice(dot + 1) : id
  const wire: Wire = prefixed
    ? PREFIXED[prefix]
    : id.startsWith('claude')
      ? 'anthropic'
      : id.startsWith('gemini')
        ? 'gemini'
        : 'openai-chat'
  return { model, wire }
}
