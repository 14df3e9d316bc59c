/** The wire format a conversation is sent in: it decides the per-message framing and opaque rules. */
export type Wire = 'native' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini'
