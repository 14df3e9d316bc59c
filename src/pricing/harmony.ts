/*
 * OpenAI's harmony format, in which the o-series and GPT-5 models read a request: its function
 * tools as a TypeScript-like `namespace functions { … }` and its structured-output schema as a
 * "# Response Formats" section (openai/harmony, docs/format.md, "Function calling" and "Structured
 * output", commit ec7606df, read 2026-12-01). Our own rendering of the documented layout; the
 * constants are measured against provider-reported counts (docs/tokens.md, "Wire overhead").
 */

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Whether a model reads its requests in the harmony format: o1, o3, o4, GPT-5 and gpt-oss. */
export function isHarmonyModel(model: string): boolean {
  const name = model.slice(model.lastIndexOf('/') + 1)
  return /^(?:o\d|gpt-5|gpt-oss|codex-mini)/.test(name)
}

/**
 * What a request with function tools adds besides the namespace's own text, measured: the
 * system message naming the channels and "Calls to these tools must go to the commentary
 * channel: 'functions'." (75 tokens with its framing in harmony's documented example) and the
 * developer message's framing (4) come to 79; the recorded requests report 81–84 more than the
 * rendered namespace and messages, 83 in the middle.
 */
export const HARMONY_TOOLS_PROMPT_TOKENS = 83

/** The reply's priming in harmony: `<|start|>assistant`, the model writes its channel itself. */
export const HARMONY_REPLY_PRIMING_TOKENS = 2

/** A JSON schema as harmony's TypeScript-like type: objects, unions, enums, arrays, comments. */
export function schemaAsType(schema: unknown, indent = ''): string {
  if (!isObject(schema)) return 'any'
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : schema.anyOf
  if (Array.isArray(variants)) {
    return variants.map((v) => `\n${indent} | ${schemaAsType(v, `${indent}   `)}`).join('')
  }
  const { type } = schema
  if (Array.isArray(type))
    return type.map((t) => (t === 'integer' ? 'number' : String(t))).join(' | ')
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum.map((e) => JSON.stringify(e)).join(' | ')
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  switch (type) {
    case 'object':
      return objectType(schema, indent)
    case 'string':
      return 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array':
      return schema.items !== undefined ? `${schemaAsType(schema.items, indent)}[]` : 'Array<any>'
    default:
      return 'any'
  }
}

function objectType(schema: Json, indent: string): string {
  let out = typeof schema.description === 'string' ? `${indent}// ${schema.description}\n` : ''
  out += '{\n'
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const properties = isObject(schema.properties) ? schema.properties : {}
  for (const [key, value] of Object.entries(properties)) {
    const p = isObject(value) ? value : {}
    if (typeof p.title === 'string') out += `${indent}// ${p.title}\n${indent}//\n`
    if (typeof p.description === 'string') out += `${indent}// ${p.description}\n`
    const optional = required.has(key) ? '' : '?'
    out += `${indent}${key}${optional}: ${schemaAsType(p, `${indent}    `)},`
    if (p.default !== undefined) {
      out += ` // default: ${typeof p.default === 'string' ? p.default : JSON.stringify(p.default)}`
    }
    out += '\n'
  }
  return `${out}${indent}}`
}

const hasProperties = (parameters: unknown) =>
  isObject(parameters) &&
  isObject(parameters.properties) &&
  Object.keys(parameters.properties).length > 0

/**
 * A Chat Completions `tools` list as harmony's developer-message section: `# Tools`, `##
 * functions`, each function's description as a comment above `type name = (_: {…}) => any;`, or
 * `() => any` for one without arguments. Undefined when an entry is not a function tool.
 */
export function renderHarmonyTools(tools: readonly unknown[]): string | undefined {
  const lines = ['# Tools', '', '## functions', '', 'namespace functions {', '']
  for (const tool of tools) {
    const fn = isObject(tool) ? tool.function : undefined
    if (!isObject(fn) || typeof fn.name !== 'string') return undefined
    if (typeof fn.description === 'string' && fn.description !== '') {
      for (const line of fn.description.split('\n')) lines.push(`// ${line}`)
    }
    const args = hasProperties(fn.parameters) ? `_: ${schemaAsType(fn.parameters)}` : ''
    lines.push(`type ${fn.name} = (${args}) => any;`, '')
  }
  lines.push('} // namespace functions')
  return lines.join('\n')
}

/**
 * A Chat Completions `response_format` as the "# Response Formats" section the harmony format
 * gives a structured-output schema: `## name`, the description as a comment, the schema's JSON
 * without its `additionalProperties` and `required` keywords (what the API reports does not hold
 * them: docs/tokens.md, "Wire overhead"). Undefined for a format without a schema (`text`,
 * `json_object`), which adds no section.
 */
export function renderResponseFormat(responseFormat: unknown): string | undefined {
  if (!isObject(responseFormat) || responseFormat.type !== 'json_schema') return undefined
  const spec = responseFormat.json_schema
  if (!isObject(spec)) return undefined
  const name = typeof spec.name === 'string' ? spec.name : 'response'
  const lines = ['# Response Formats', '', `## ${name}`, '']
  if (typeof spec.description === 'string') lines.push(`// ${spec.description}`)
  lines.push(JSON.stringify(withoutUnrenderedKeywords(spec.schema ?? {})))
  return lines.join('\n')
}

// Keywords whose value is a schema, a list of schemas, or a map of names to schemas.
const SUBSCHEMA = new Set(['items', 'not', 'if', 'then', 'else', 'contains', 'additionalItems'])
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems'])
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties'])

/**
 * A JSON schema without `additionalProperties` and `required`, at every level a schema stands
 * (a property that happens to be named `required` is kept): a copy, keys in their order.
 */
function withoutUnrenderedKeywords(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutUnrenderedKeywords)
  if (!isObject(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'additionalProperties' || key === 'required') continue
    if (SUBSCHEMA.has(key) || SCHEMA_LISTS.has(key)) out[key] = withoutUnrenderedKeywords(value)
    else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: Record<string, unknown> = {}
      for (const [name, sub] of Object.entries(value)) map[name] = withoutUnrenderedKeywords(sub)
      out[key] = map
    } else out[key] = value
  }
  return out
}
