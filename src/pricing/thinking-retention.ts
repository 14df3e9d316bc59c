import type { Wire } from './wire'

/**
 * Which models keep earlier turns' thinking in their context. Anthropic's extended-thinking guide
 * (see docs/tokens.md, "Opaque content"): Claude Opus 4.5 and later Opus models, Claude Sonnet 4.6
 * and later Sonnet models and Claude Mythos keep every earlier thinking block; older Opus and Sonnet
 * models and every Haiku through 4.5 keep only the last assistant turn's. OpenAI drops reasoning
 * items of earlier turns; Gemini's thoughts are not carried into later turns either. DeepSeek V4
 * keeps them: its chat encoding drops earlier thinking only when asked (`drop_thinking`, off by
 * default), and its API asks for each reply's reasoning back (docs/tokens.md). GLM-4.7 and later
 * keep them behind z.ai's Anthropic API (glmKeepsAll).
 */
const DEEPSEEK_V4 = /deepseek-v4/
// `glm-4.7`, `glm-5.1`, `z-ai/glm-4.7-flash`: a major version and a minor.
const GLM = /glm-(\d{1,2})(?:\.(\d{1,2}))?(?!\d)/

/**
 * GLM-4.7 and later keep earlier turns' thinking on z.ai's Coding Plan endpoint and drop it on its
 * standard API unless a request asks (z.ai, "Thinking Mode", Preserved thinking). Its Anthropic
 * API is the Coding Plan's, the one Claude Code is pointed at. A Chat Completions file does not
 * say which endpoint it used, and public OpenClaw files of GLM-5 through z.ai's Chat Completions
 * grow as if it were dropped (docs/tokens.md, "Earlier turns' thinking"); a file whose requests
 * went to the Coding Plan's Chat Completions endpoint, as opencode's provider id says, is marked
 * 'kept' by its reader (docs/formats/opencode.md).
 */
function glmKeepsAll(model: string, wire: Wire, thinking: EarlierThinking | undefined): boolean {
  const m = GLM.exec(model)
  const preserves = m !== null && Number(m[1]) + Number(m[2] ?? 0) / 10 >= 4.7
  return preserves && (wire === 'anthropic' || thinking === 'kept')
}

// `claude-opus-4-5-20251101`, `claude-sonnet-4.6`, `anthropic/claude-opus-4-7`: a tier, a major
// version, and a minor that is one or two digits (a date suffix is not a minor version).
const NEW_NAMING = /(opus|sonnet|haiku)-(\d{1,2})(?!\d)(?:[-.](\d{1,2})(?!\d))?/
const MYTHOS = /claude-mythos/
// A Claude 5 or later of a family not named above (`claude-fable-5`): every model since Opus 4.5,
// Haiku aside, keeps earlier thinking, and so does this one, by its reported counts (docs/tokens.md).
const OTHER_FAMILY = /claude-([a-z]+)-(\d{1,2})(?!\d)/

function keepsAll(tier: string, major: number, minor: number): boolean {
  const version = major + minor / 10
  if (tier === 'opus') return version >= 4.5
  if (tier === 'sonnet') return version >= 4.6
  // Haiku: every model through Haiku 4.5 keeps only the last turn; newer ones are not documented.
  return false
}

/**
 * Whose rule decides whether earlier turns' thinking stays in a request: 'model', the model's own
 * (above); 'kept', the request's, where it asks Anthropic's API to keep every thinking turn (the
 * context-management edit `clear_thinking_20251015` with `keep: 'all'`, which Claude Code sends
 * from 2.1.84; docs/tokens.md, "Earlier thinking a request asks to keep"), or where it goes to
 * GLM's Coding Plan endpoint, which keeps it for GLM-4.7 and later (glmKeepsAll); 'dropped', the
 * file's reports, where they show that no request held any earlier reply's thinking, not even its
 * own turn's (Gemini through Code Assist; docs/tokens.md, "Gemini thinking the reports show was not
 * sent"); 'new-turn', the file's requests each begin a new turn, so every reply's thinking is an
 * earlier turn's and stays only where the model keeps every turn's (Cline sends each tool result as
 * the user's text; docs/formats/cline.md, "Each request a new turn"); 'sent', the file's reports,
 * where they show every reply's thinking sent back and billed in the requests after it, whatever
 * the model (Kimi CLI on Kimi's API; docs/formats/kimi-cli.md, "Thinking sent back").
 */
export type EarlierThinking = 'model' | 'kept' | 'dropped' | 'new-turn' | 'sent'

/** Every rule, as an option takes it. */
export const EARLIER_THINKING: readonly EarlierThinking[] = [
  'model',
  'kept',
  'dropped',
  'new-turn',
  'sent',
]

/**
 * Whether the requests hold the current turn's thinking: all but those shown to hold none, and
 * those that each begin a turn of their own (no reply of it yet) where the model keeps only the
 * current turn's.
 */
export function sendsThinking(spec: {
  model: string
  wire: Wire
  thinking?: EarlierThinking
}): boolean {
  if (spec.thinking === 'dropped') return false
  if (spec.thinking === 'new-turn') return retainsEarlierThinking({ ...spec, thinking: 'model' })
  return true
}

/** Whether the request keeps earlier turns' thinking in its context (billed) or drops it. */
export function retainsEarlierThinking(spec: {
  model: string
  wire: Wire
  thinking?: EarlierThinking
}): boolean {
  const model = spec.model.toLowerCase()
  if (!sendsThinking(spec)) return false
  if (spec.thinking === 'sent') return true
  if (DEEPSEEK_V4.test(model)) return true
  if (glmKeepsAll(model, spec.wire, spec.thinking)) return true
  if (!model.includes('claude')) return false
  // Only Anthropic's API reads the edit; every Claude model with thinking accepts it.
  if (spec.thinking === 'kept') return true
  if (MYTHOS.test(model)) return true
  // Older names put the version first (`claude-3-7-sonnet`): all of them drop earlier thinking.
  const m = NEW_NAMING.exec(model)
  if (!m) {
    const other = OTHER_FAMILY.exec(model)
    return other !== null && Number(other[2]) >= 5
  }
  return keepsAll(m[1], Number(m[2]), m[3] === undefined ? 0 : Number(m[3]))
}

/**
 * What the CLI and the app say where the file's requests price thinking otherwise than the model's
 * own rule: they keep earlier thinking the model would drop, or they held none at all. Empty
 * otherwise, and where the file holds no thinking: the import leaves the file's rule out there
 * (importConversation), so the spec's is the model's. With no model named, the note says so rather
 * than naming one.
 */
export function thinkingRuleNote(spec: {
  model: string
  wire: Wire
  thinking?: EarlierThinking
}): string {
  if (spec.thinking === 'new-turn') {
    return sendsThinking(spec)
      ? ''
      : `thinking priced at 0 in every request: each request sends the tools’ results as the user’s text, which begins a new turn, and ${spec.model === '' ? 'with no model named, the model is taken to keep' : `${spec.model} keeps`} only the current turn’s thinking`
  }
  if (!sendsThinking(spec)) {
    return `thinking priced at 0 in every request: the file’s reported prompts show that none of its requests held an earlier reply’s thinking, not even its own turn’s`
  }
  if (!retainsEarlierThinking(spec) || retainsEarlierThinking({ ...spec, thinking: 'model' })) {
    return ''
  }
  if (spec.thinking === 'sent') {
    return `earlier turns’ thinking priced as sent: the file’s reported prompts show every reply’s thinking in the requests after it, where ${spec.model === '' ? 'with no model named, the model is taken to keep' : `${spec.model} on its own keeps`} only the last turn’s`
  }
  if (GLM.test(spec.model.toLowerCase())) {
    return `earlier turns’ thinking priced as sent: the file’s requests went to the GLM Coding Plan, which keeps it, and sent every reply’s reasoning back; on the standard API ${spec.model} keeps only the last turn’s`
  }
  return `earlier turns’ thinking priced as sent: the file’s requests ask Anthropic’s API to keep it, where ${spec.model} on its own keeps only the last turn’s`
}
