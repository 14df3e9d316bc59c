/**
 * A Claude version written with a dot, as GitHub Copilot and OpenRouter write it
 * (`claude-opus-4.7`, `anthropic/claude-sonnet-4.5`), in Anthropic's own spelling
 * (`claude-opus-4-7`): every rule keyed on a model's name reads the one spelling. A date suffix is
 * not a minor version.
 */
export function dashedClaudeVersion(name: string): string {
  return name.replace(DOTTED, '$1-$2')
}

const DOTTED = /(claude-[a-z]+-\d{1,2})\.(\d{1,2})(?!\d)/i
