import type { ModelFamily } from './families'

/**
 * What an image costs by each provider's published rule, from its pixel size. Sources and dates in
 * docs/tokens.md, section "Opaque content".
 */

/** Tokens and the rule that gave them, in words a person can check ("Anthropic: w×h/750"). */
export interface ImagePrice {
  tokens: number
  rule: string
}

// Anthropic: an image over 1568 px on its long edge or ~1,600 tokens is first scaled down,
// keeping its aspect ratio; then tokens = width × height / 750.
const ANTHROPIC_LONG_EDGE = 1568
const ANTHROPIC_MAX_TOKENS = 1600
const ANTHROPIC_PIXELS_PER_TOKEN = 750

/** Anthropic's rule: w×h/750 after the documented resize to ≤1568 px and ≤ ~1,600 tokens. */
export function anthropicImageTokens(width: number, height: number): number {
  const maxPixels = ANTHROPIC_MAX_TOKENS * ANTHROPIC_PIXELS_PER_TOKEN
  const scale = Math.min(
    1,
    ANTHROPIC_LONG_EDGE / Math.max(width, height),
    Math.sqrt(maxPixels / (width * height)),
  )
  const w = Math.floor(width * scale)
  const h = Math.floor(height * scale)
  return Math.ceil((w * h) / ANTHROPIC_PIXELS_PER_TOKEN)
}

/** OpenAI's tile rule for one model: a fixed base plus a price per 512-px tile. */
interface TileRule {
  kind: 'tiles'
  base: number
  tile: number
}
/** OpenAI's patch rule: one token per 32-px patch (at most 1536), times the model's multiplier. */
interface PatchRule {
  kind: 'patches'
  multiplier: number
}
type OpenAIRule = TileRule | PatchRule

// Most specific name first: `gpt-4.1-mini` before `gpt-4.1`, `gpt-4o-mini` before `gpt-4o`.
const OPENAI_RULES: readonly [RegExp, OpenAIRule][] = [
  // The guide says 1.62 for gpt-5-mini too; the prompt sizes OpenAI reported for recorded
  // gpt-5-mini requests with images fit 1.2 a patch (docs/tokens.md, "Images").
  [/gpt-5-mini/, { kind: 'patches', multiplier: 1.2 }],
  [/gpt-4\.1-mini/, { kind: 'patches', multiplier: 1.62 }],
  [/gpt-4\.1-nano|gpt-5-nano/, { kind: 'patches', multiplier: 2.46 }],
  [/o4-mini|codex-mini/, { kind: 'patches', multiplier: 1.72 }],
  [/gpt-4o-mini/, { kind: 'tiles', base: 2833, tile: 5667 }],
  [/computer-use/, { kind: 'tiles', base: 65, tile: 129 }],
  [/^(?:.*\/)?o[13](?:-|$)/, { kind: 'tiles', base: 75, tile: 150 }],
  [/gpt-5/, { kind: 'tiles', base: 70, tile: 140 }],
]
// gpt-4o, gpt-4.1, gpt-4.5 and any model with no rule of its own.
const OPENAI_DEFAULT: TileRule = { kind: 'tiles', base: 85, tile: 170 }

const PATCH = 32
const MAX_PATCHES = 1536

function openAIRule(model: string): OpenAIRule {
  const name = model.toLowerCase()
  for (const [pattern, rule] of OPENAI_RULES) if (pattern.test(name)) return rule
  return OPENAI_DEFAULT
}

/** Patches covering an image after OpenAI's documented shrink to at most 1536 of them. */
export function openAIPatches(width: number, height: number): number {
  const raw = Math.ceil(width / PATCH) * Math.ceil(height / PATCH)
  if (raw <= MAX_PATCHES) return raw
  let shrink = Math.sqrt((PATCH * PATCH * MAX_PATCHES) / (width * height))
  const across = (width * shrink) / PATCH
  const down = (height * shrink) / PATCH
  shrink *= Math.min(Math.floor(across) / across, Math.floor(down) / down)
  const patches = Math.ceil((width * shrink) / PATCH) * Math.ceil((height * shrink) / PATCH)
  return Math.min(patches, MAX_PATCHES)
}

/** 512-px tiles after OpenAI's scaling: fit in 2048×2048, then shortest side down to 768. */
export function openAITiles(width: number, height: number): number {
  let w = width
  let h = height
  const fit = Math.min(1, 2048 / Math.max(w, h))
  w *= fit
  h *= fit
  const shortest = Math.min(w, h)
  if (shortest > 768) {
    w = (w * 768) / shortest
    h = (h * 768) / shortest
  }
  return Math.ceil(Math.round(w) / 512) * Math.ceil(Math.round(h) / 512)
}

/** OpenAI's price of an image for `model`; `detail: 'low'` is the tile rule's base alone. */
export function openAIImagePrice(
  model: string,
  width: number,
  height: number,
  detail?: string,
): ImagePrice {
  const rule = openAIRule(model)
  if (rule.kind === 'patches') {
    const patches = openAIPatches(width, height)
    return {
      tokens: Math.ceil(patches * rule.multiplier),
      rule: `OpenAI: ${patches} patches of 32 px × ${rule.multiplier}`,
    }
  }
  if (detail === 'low') return { tokens: rule.base, rule: `OpenAI: detail low, ${rule.base}` }
  const tiles = openAITiles(width, height)
  return {
    tokens: rule.base + rule.tile * tiles,
    rule: `OpenAI: ${rule.base} + ${rule.tile} × ${tiles} tiles of 512 px`,
  }
}

/** Gemini's rule: 258 tokens when both sides are ≤384 px, else 258 per 768×768 tile. */
export function geminiImageTokens(width: number, height: number): number {
  if (width <= 384 && height <= 384) return 258
  return Math.ceil(width / 768) * Math.ceil(height / 768) * 258
}

/**
 * Gemini 3 prices media by `media_resolution`, not tiles: an image at its default (high) costs up to
 * 1,120 tokens whatever its size.
 */
export const GEMINI_3_IMAGE_TOKENS = 1120

/** Whether a Gemini model prices media by media_resolution (Gemini 3 and later). */
export function isGemini3(model: string): boolean {
  const m = /gemini-(\d+)/.exec(model.toLowerCase())
  return m !== null && Number(m[1]) >= 3
}

/** The price of an image of known size, by the rule of the provider that bills the family. */
export function imagePrice(
  family: ModelFamily,
  model: string,
  width: number,
  height: number,
  detail?: string,
): ImagePrice {
  if (family === 'anthropic') {
    return { tokens: anthropicImageTokens(width, height), rule: 'Anthropic: w×h/750' }
  }
  if (family === 'google') {
    if (isGemini3(model)) {
      return { tokens: GEMINI_3_IMAGE_TOKENS, rule: 'Gemini 3: media_resolution high, up to 1,120' }
    }
    const tokens = geminiImageTokens(width, height)
    return {
      tokens,
      rule: tokens === 258 ? 'Gemini: 258 per image ≤384 px' : 'Gemini: 258 per 768-px tile',
    }
  }
  return openAIImagePrice(model, width, height, detail)
}

/**
 * An image whose size cannot be read (a cut or unknown header) is priced as the largest image the
 * rule bills, so that a budget is never under-run by it: Anthropic's ~1,600, OpenAI's 768×2048 at
 * high detail, Gemini's 2×2 tiles.
 */
export function unknownImagePrice(family: ModelFamily, model: string, detail?: string): ImagePrice {
  if (family === 'anthropic')
    return { tokens: ANTHROPIC_MAX_TOKENS, rule: 'Anthropic: size unknown, its ~1,600 maximum' }
  if (family === 'google') {
    if (isGemini3(model)) {
      return { tokens: GEMINI_3_IMAGE_TOKENS, rule: 'Gemini 3: media_resolution high, up to 1,120' }
    }
    return { tokens: 4 * 258, rule: 'Gemini: size unknown, 4 tiles' }
  }
  const price = openAIImagePrice(model, 768, 2048, detail)
  return { tokens: price.tokens, rule: `${price.rule} (size unknown, the largest)` }
}
