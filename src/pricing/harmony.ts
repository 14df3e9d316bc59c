/*
 * OpenAI's harmony format, in which the o-series and GPT-5 models read a request: its function
 * tools as a TypeScript-like `namespace functions { … }` and its structured-output schema as a
 * "# Response Formats" section (openai/harmony, docs/format.md, "Function calling" and "Structured
 * output", commit ec7606df, read 2026-12-01). Our own rendering of the documented layout; the
 * constants are measured against provider-reported counts (docs/tokens.md, "Wire overhead").
 */

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Whether a model reads its requests in the harmony format: o1, o3, o4, GPT-5 and gpt-oss. Not
 * GPT-5's chat model (`gpt-5-chat-latest`): its reported prompts follow the GPT-4 rule, 3 to prime
 * the reply (docs/tokens.md, "Wire overhead").
 */
export function isHarmonyModel(model: string): boolean {
  const name = model.slice(model.lastIndexOf('/') + 1)
  return /^(?:o\d|gpt-5|gpt-oss|codex-mini)/.test(name) && !/^gpt-5(?:\.\d+)?-chat/.test(name)
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

/**
 * A JSON schema as harmony's TypeScript-like type, as openai/harmony renders a tool's parameters
 * (`json_schema_to_typescript`, src/encoding.rs, commit ec7606df): objects with their titles,
 * descriptions, examples and defaults as comments, `oneOf` unions, string enums, arrays, and `any`
 * for what it does not render (`const`, an `allOf` of several). Three additions, measured, for
 * what harmony's code leaves as `any` but the API bills (docs/tokens.md, "Tool schemas"): an
 * `anyOf` (pydantic's optional fields) is rendered as a `oneOf`, an `allOf` of one member as that
 * member, and a local `$ref` to the parameters' `$defs` (or `definitions`) as the schema it names;
 * a reference to a definition being rendered already (a recursive type), or past
 * MAX_REF_EXPANSIONS, stays `any`.
 */
export function schemaAsType(schema: unknown, indent = '', defs: Rendering = NO_DEFS): string {
  if (!isObject(schema)) return 'any'
  const member = soleMember(schema)
  if (member) return schemaAsType(member, indent, defs)
  const target = referenced(schema, defs)
  if (target) {
    const [name, definition] = target
    const inner = { ...defs, open: new Set(defs.open).add(name) }
    const { $ref: _ref, ...siblings } = schema
    return schemaAsType({ ...definition, ...siblings }, indent, inner)
  }
  const union = unionOf(schema)
  if (union) {
    return union
      .map((v) => `\n${indent} | ${variantType(v, `${indent}   `, defs)}${trailing(v, [], true)}`)
      .join('')
  }
  if (Array.isArray(schema.type)) {
    const names = schema.type.filter((t): t is string => typeof t === 'string')
    if (names.length > 0) return names.map((t) => (t === 'integer' ? 'number' : t)).join(' | ')
  }
  switch (schema.type) {
    case 'object':
      return objectType(schema, indent, defs)
    case 'string':
      return stringEnum(schema) ?? 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'array':
      return schema.items !== undefined
        ? `${schemaAsType(schema.items, indent, defs)}[]`
        : 'Array<any>'
    default:
      return 'any'
  }
}

/**
 * How one tool's parameters are being rendered: their named definitions, those being rendered (to
 * stop a recursive type), and how many more references may be expanded (definitions that name
 * each other several times over would otherwise multiply the text at every level); and whether a
 * nested object's own description is written, after its property's: harmony's code writes it,
 * GPT-4-class models bill none (docs/tokens.md, "Tool schemas").
 */
interface Rendering {
  named: Json
  open: ReadonlySet<string>
  budget: { left: number }
  nestedDescriptions: boolean
}
const NO_DEFS: Rendering = {
  named: {},
  open: new Set(),
  budget: { left: 0 },
  nestedDescriptions: true,
}

/** References expanded in one tool's parameters at most; any further one is rendered `any`. */
export const MAX_REF_EXPANSIONS = 1000

/** The definitions a tool's parameters declare for `$ref` to name, and the model's style. */
function definitionsOf(parameters: unknown, nestedDescriptions: boolean): Rendering {
  if (!isObject(parameters)) return { ...NO_DEFS, nestedDescriptions }
  const named = isObject(parameters.$defs)
    ? parameters.$defs
    : isObject(parameters.definitions)
      ? parameters.definitions
      : undefined
  return named
    ? { named, open: new Set(), budget: { left: MAX_REF_EXPANSIONS }, nestedDescriptions }
    : { ...NO_DEFS, nestedDescriptions }
}

/** The definition a schema's local `$ref` names, unless it is unknown or already open. */
function referenced(schema: Json, defs: Rendering): [string, Json] | undefined {
  const ref = schema.$ref
  if (typeof ref !== 'string') return undefined
  const name = definitionName(ref)
  if (name === undefined || defs.open.has(name) || defs.budget.left <= 0) return undefined
  const definition = defs.named[name]
  if (!isObject(definition)) return undefined
  defs.budget.left--
  return [name, definition]
}

/** The definition a local `$ref` names (`#/$defs/Name` or `#/definitions/Name`). */
const definitionName = (ref: string): string | undefined =>
  /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref)?.[1]

/**
 * A schema whose `allOf` has one member, as that member with the schema's other keywords over it
 * (pydantic's `{allOf: [{$ref}], description}` for a described field): the API bills it as the
 * member written out (docs/tokens.md, "Tool schemas"). Undefined for any other schema.
 */
function soleMember(schema: Json): Json | undefined {
  const { allOf, ...siblings } = schema
  if (!Array.isArray(allOf) || allOf.length !== 1 || !isObject(allOf[0])) return undefined
  return { ...allOf[0], ...siblings }
}

/**
 * A property's title: its own, or, when it is a sole `allOf` member that names a definition, the
 * definition's (the API bills the referenced schema written out with its title). A `$ref` alone
 * keeps none of the definition's title, as measured before (docs/tokens.md, "Tool schemas").
 */
function titleOf(property: Json, defs: Rendering): string | undefined {
  if (typeof property.title === 'string') return property.title
  const member = Array.isArray(property.allOf) && property.allOf.length === 1 && property.allOf[0]
  if (!isObject(member)) return undefined
  if (typeof member.title === 'string') return member.title
  const ref = typeof member.$ref === 'string' ? definitionName(member.$ref) : undefined
  const definition = ref !== undefined ? defs.named[ref] : undefined
  return isObject(definition) && typeof definition.title === 'string' ? definition.title : undefined
}

/** A schema's `oneOf`, or its `anyOf` rendered the same way. */
const unionOf = (schema: Json): unknown[] | undefined =>
  Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined

const isEnum = (schema: Json) => Array.isArray(schema.enum) && schema.enum.length > 0

function stringEnum(schema: Json): string | undefined {
  if (!Array.isArray(schema.enum)) return undefined
  const values = schema.enum.filter((v): v is string => typeof v === 'string')
  return values.length > 0 ? values.map((v) => `"${v}"`).join(' | ') : undefined
}

/** A union member's type, `| null` added when it says `nullable` and its type does not. */
function variantType(variant: unknown, indent: string, defs: Rendering): string {
  const type = schemaAsType(variant, indent, defs)
  return isObject(variant) && variant.nullable === true && !type.includes('null')
    ? `${type} | null`
    : type
}

/** `default: "text"` for a string outside an enum, the value itself otherwise. */
function defaultText(schema: Json, quoteEnumString: boolean): string {
  const value = schema.default
  if (typeof value === 'string') {
    return isEnum(schema) && !quoteEnumString ? `default: ${value}` : `default: "${value}"`
  }
  return `default: ${JSON.stringify(value)}`
}

/** A union member's description and default, as the comment after it. */
function trailing(
  variant: unknown,
  skip: readonly (string | undefined)[],
  quoteEnumString: boolean,
): string {
  if (!isObject(variant)) return ''
  const comments: string[] = []
  const { description } = variant
  if (typeof description === 'string' && !skip.includes(description)) comments.push(description)
  if (variant.default !== undefined) comments.push(defaultText(variant, quoteEnumString))
  return comments.length > 0 ? ` // ${comments.join(' ')}` : ''
}

function objectType(schema: Json, indent: string, defs: Rendering): string {
  // The parameters' own object is the one at no indent; a nested one's description as the style says.
  const own = typeof schema.description === 'string' && (indent === '' || defs.nestedDescriptions)
  let out = own ? `${indent}// ${schema.description}\n` : ''
  out += '{\n'
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const properties = isObject(schema.properties) ? schema.properties : {}
  for (const [key, value] of Object.entries(properties)) {
    const title = isObject(value) ? titleOf(value, defs) : undefined
    const p = isObject(value) ? (soleMember(value) ?? value) : {}
    const optional = required.has(key) ? '' : '?'
    if (title !== undefined) out += `${indent}// ${title}\n${indent}//\n`
    const union = unionOf(p)
    const description = typeof p.description === 'string' ? p.description : undefined
    if (!union && description !== undefined) out += `${indent}// ${description}\n`
    if (Array.isArray(p.examples) && p.examples.length > 0) {
      out += `${indent}// Examples:\n`
      for (const example of p.examples) {
        if (typeof example === 'string') out += `${indent}// - "${example}"\n`
      }
    }
    if (union) {
      out += unionProperty(p, union, `${key}${optional}`, description, indent, defs)
      continue
    }
    out += `${indent}${key}${optional}: ${variantType(p, `${indent}    `, defs)},`
    if (p.default !== undefined) out += ` // ${defaultText(p, false)}`
    out += '\n'
  }
  return `${out}${indent}}`
}

/** A property whose schema is a union: its comments above it, one member a line below it. */
function unionProperty(
  p: Json,
  union: readonly unknown[],
  name: string,
  description: string | undefined,
  indent: string,
  defs: Rendering,
): string {
  const first = union[0]
  const sameAsFirst = isObject(first) && first.description === description
  const above = description !== undefined && !sameAsFirst
  let out = above ? `${indent}// ${description}\n` : ''
  if (p.default !== undefined) out += `${indent}// ${defaultText(p, false)}\n`
  out += `${indent}${name}:\n`
  union.forEach((variant, i) => {
    const skip = i === 0 && above ? [undefined, ...allDescriptions(variant)] : [description]
    out += `${indent} | ${variantType(variant, `${indent}   `, defs)}${trailing(variant, skip, false)}\n`
  })
  return `${out}${indent},\n`
}

const allDescriptions = (variant: unknown): string[] =>
  isObject(variant) && typeof variant.description === 'string' ? [variant.description] : []

/** A text's lines as Rust's `str::lines` gives them: no empty last line, no `\r` before a `\n`. */
function textLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

const hasProperties = (parameters: unknown) =>
  isObject(parameters) &&
  isObject(parameters.properties) &&
  Object.keys(parameters.properties).length > 0

/**
 * A Chat Completions `tools` list as the namespace OpenAI's models read it in, as harmony's
 * developer message lays it out: `# Tools`, `## functions`, each function's description as a
 * comment above `type name = (_: {…}) => any;`, or `() => any` for one without arguments (what the
 * recorded requests bill; harmony's code writes `(_: {})`). Every Chat model's tools are priced
 * from it (docs/tokens.md, "Tool schemas"); `harmony` false for a GPT-4-class model, whose nested
 * objects' own descriptions are left out. Undefined when an entry is not a function tool.
 */
export function renderToolsNamespace(
  tools: readonly unknown[],
  harmony = true,
): string | undefined {
  const lines = ['# Tools', '', '## functions', '', 'namespace functions {', '']
  for (const tool of tools) {
    const fn = isObject(tool) ? tool.function : undefined
    if (!isObject(fn) || typeof fn.name !== 'string') return undefined
    if (typeof fn.description === 'string' && fn.description !== '') {
      for (const line of textLines(fn.description)) lines.push(`// ${line}`)
    }
    const { parameters } = fn
    const args = hasProperties(parameters)
      ? `_: ${schemaAsType(parameters, '', definitionsOf(parameters, harmony))}`
      : ''
    lines.push(`type ${fn.name} = (${args}) => any;`, '')
  }
  lines.push('} // namespace functions')
  return lines.join('\n')
}

/**
 * A Chat Completions `response_format` as the "# Response Formats" section the harmony format
 * gives a structured-output schema: `## name`, the description as a comment, the schema's JSON
 * without its `additionalProperties` and `required` keywords, nor its root's `$schema` (what the
 * API reports does not hold them: docs/tokens.md, "Wire overhead"). Undefined for a format without
 * a schema (`text`, `json_object`), which adds no section.
 */
export function renderResponseFormat(responseFormat: unknown): string | undefined {
  if (!isObject(responseFormat) || responseFormat.type !== 'json_schema') return undefined
  const spec = responseFormat.json_schema
  if (!isObject(spec)) return undefined
  const name = typeof spec.name === 'string' ? spec.name : 'response'
  const lines = ['# Response Formats', '', `## ${name}`, '']
  if (typeof spec.description === 'string') lines.push(`// ${spec.description}`)
  lines.push(JSON.stringify(withoutUnrenderedKeywords(withoutDialect(spec.schema ?? {}))))
  return lines.join('\n')
}

/**
 * A schema without its root `$schema` keyword (the JSON Schema dialect's URI, which schema
 * generators add): the reported counts bill none of its 17 tokens (docs/tokens.md, "Wire
 * overhead"). Only the root's is measured; a nested one is kept.
 */
function withoutDialect(schema: unknown): unknown {
  if (!isObject(schema) || !('$schema' in schema)) return schema
  const { $schema: _dialect, ...rest } = schema
  return rest
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
