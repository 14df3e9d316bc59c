/** The model families counted with their own method. */
export type ModelFamily = 'openai' | 'anthropic' | 'google' | 'llama3' | 'qwen' | 'deepseek'
