import { formatNumber } from '../numbers'
import type { Message } from '../types'
import { codexVersion, isAtLeast } from './codex-version'
import { isObject } from './json-shape'
import { decodePayload, readPayload, withResultContent } from './payload'
import type { NoteList } from './report'

/*
 * Where Codex offers its freeform apply_patch tool (a custom tool, as it does the GPT-5 Codex
 * models), a shell's output is not sent as the JSON its history holds
 * (`{"output": …, "metadata": {"exit_code": …, "duration_seconds": …}}`) but rewritten as text:
 * `Exit code: 0`, `Wall time: 1.2 seconds`, `Total output lines: N` where the output was cut, then
 * `Output:` and the output itself (`Prompt::get_formatted_input` → `reserialize_shell_outputs`,
 * codex-rs/core/src/client_common.rs, from 0.45 (#4718) to 0.115 at least; read at each tag of the
 * fork weiyangzen/codex). An output that is not that JSON (one the history cut, for one) is sent as
 * it is. The rollout holds the JSON.
 */

/** The outputs of these calls are rewritten (`is_shell_tool_name`, and apply_patch's own). */
const SHELL_CALLS = new Set(['shell', 'container.exec', 'apply_patch', 'local_shell'])

/**
 * Rewrites each shell output as Codex sent it, where the Codex that wrote the rollout does so
 * (0.45 and later) and the rollout shows the freeform apply_patch tool was offered (a call to it,
 * whose arguments are its raw input). One note says how many.
 */
export function reserializeShellOutputs(
  messages: Message[],
  cliVersion: string | undefined,
  notes: NoteList,
): void {
  const version = codexVersion(cliVersion)
  // #4718 is in 0.45.0-alpha.2 and later.
  if (version === undefined || !isAtLeast(version, [0, 45, 0, 2])) return
  // Only a reply whose payload names apply_patch is decoded: most rollouts have none.
  const freeform = messages.some(
    (m) =>
      m.type === 'bot' &&
      m.payload?.includes('"name":"apply_patch"') === true &&
      (decodePayload(m.payload)?.tool_calls ?? []).some(
        (c) => c.name === 'apply_patch' && typeof c.arguments === 'string',
      ),
  )
  if (!freeform) return
  // Before 0.59.0-alpha.15 (#6842) the line count came from the cut's marker.
  const headerFirst = isAtLeast(version, [0, 59, 0, 15])
  const shellIds = new Set<string>()
  let rewritten = 0
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]
    if (m.type === 'bot') {
      for (const call of decodePayload(m.payload)?.tool_calls ?? []) {
        if (call.id !== undefined && SHELL_CALLS.has(call.name)) shellIds.add(call.id)
      }
      continue
    }
    if (m.type !== 'activity' || m.id === undefined || !shellIds.delete(m.id)) continue
    const parts = readPayload(m.type, m.payload)
    if (typeof parts.content !== 'string') continue
    const text = structuredOutput(parts.content, headerFirst)
    if (text === undefined) continue
    messages[i] = withResultContent(m, text)
    rewritten++
  }
  if (rewritten === 0) return
  notes.info(
    '',
    `${formatNumber(rewritten)} shell output${rewritten === 1 ? '' : 's'} loaded as Codex sent ${rewritten === 1 ? 'it' : 'them'} beside its freeform apply_patch tool: the exit code, wall time and output as text, where the rollout holds ${rewritten === 1 ? 'its' : 'their'} JSON`,
  )
}

/** `parse_structured_shell_output` and `build_structured_output`; undefined where it does not parse. */
export function structuredOutput(raw: string, headerFirst: boolean): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!isObject(parsed) || typeof parsed.output !== 'string' || !isObject(parsed.metadata)) {
    return undefined
  }
  const { exit_code: code, duration_seconds: seconds } = parsed.metadata
  if (!Number.isInteger(code) || (code as number) < -(2 ** 31) || (code as number) >= 2 ** 31) {
    return undefined
  }
  if (typeof seconds !== 'number') return undefined
  // Rust prints an f32 in its shortest form, with no ".0" and no exponent; the JSON holds that form.
  const sections = [`Exit code: ${code as number}`, `Wall time: ${String(seconds)} seconds`]
  let output = parsed.output
  const header = strippedHeader(output)
  if (headerFirst) {
    if (header) {
      sections.push(`Total output lines: ${header.lines}`)
      output = header.rest
    }
  } else {
    const lines = omittedTotal(output)
    if (lines !== undefined) {
      sections.push(`Total output lines: ${lines}`)
      if (header) output = header.rest
    }
  }
  sections.push('Output:', output)
  return sections.join('\n')
}

// `Total output lines: N` then a line feed, and one more if there is one.
function strippedHeader(output: string): { lines: number; rest: string } | undefined {
  const PREFIX = 'Total output lines: '
  if (!output.startsWith(PREFIX)) return undefined
  const feed = output.indexOf('\n', PREFIX.length)
  if (feed === -1) return undefined
  const lines = rustU32(output.slice(PREFIX.length, feed))
  if (lines === undefined) return undefined
  const rest = output.slice(feed + 1)
  return { lines, rest: rest.startsWith('\n') ? rest.slice(1) : rest }
}

// The N of the first `[... omitted K of N lines ...]` (`extract_total_output_lines`).
function omittedTotal(output: string): number | undefined {
  const start = output.indexOf('[... omitted ')
  if (start === -1) return undefined
  const of = output.indexOf(' of ', start)
  if (of === -1) return undefined
  const space = output.indexOf(' ', of + 4)
  if (space === -1) return undefined
  return rustU32(output.slice(of + 4, space))
}

// `str::parse::<u32>`: an optional plus sign, then decimal digits, within range.
function rustU32(text: string): number | undefined {
  if (!/^\+?\d+$/.test(text)) return undefined
  const value = Number(text)
  return value <= 0xffffffff ? value : undefined
}
