import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { expectOneLineFailure, runBuiltCli, useBuiltCli } from './helpers/built-cli'

// Hostile file content, as the built tool meets it: nesting of any depth and bytes that are not
// UTF-8 are exit 2 with one line naming the file, the place and the problem, never an engine
// message or "internal error".

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let cli = ''
let work = ''
useBuiltCli('cli-content-', (built) => ({ cli, work } = built))

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n)

async function tokensOf(name: string, content: string | Uint8Array, ...flags: string[]) {
  const file = join(work, name)
  await writeFile(file, content)
  return expectOneLineFailure(await runBuiltCli(cli, ['tokens', file, ...flags], { cwd: work }))
}

describe('deep nesting', () => {
  it.each([5_000, 200_000])(
    'a file nested %i deep: exit 2 at the bracket past 1,000',
    async (n) => {
      const line = await tokensOf(`deep-${n}.json`, deep(n))
      expect(line).toBe(
        `${join(work, `deep-${n}.json`)}: line 1, column 1001: ` +
          `nested ${n.toLocaleString('en-US')} levels deep; the limit is 1,000`,
      )
    },
  )

  it.each([5_000, 200_000])('%i levels inside a message and inside tool arguments', async (n) => {
    const text = `[{"role":"user","content":[{"type":"x","v":${deep(n)}}]}]`
    expect(await tokensOf('deep-part.json', text)).toMatch(
      /deep-part\.json: line 1, column \d+: nested [\d,]+ levels deep; the limit is 1,000$/,
    )
    const call = { id: 'c', type: 'function', function: { name: 'f', arguments: deep(n) } }
    const args = JSON.stringify([{ role: 'assistant', content: null, tool_calls: [call] }])
    const column = args.indexOf('"arguments"') + 1
    expect(await tokensOf('deep-args.json', args, '--format', 'openai')).toBe(
      `${join(work, 'deep-args.json')}: line 1, column ${column}: ` +
        `[0].tool_calls[0].function.arguments: nested ${n.toLocaleString('en-US')} levels deep; ` +
        'the limit is 1,000',
    )
  })
})

describe('bytes that are not UTF-8', () => {
  it('names the line, the column and the byte of the first bad sequence', async () => {
    const bytes = Buffer.concat([
      Buffer.from('[\n {"type":"user",\n  "text":"ab'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}]'),
    ])
    expect(await tokensOf('conversation.json', bytes)).toBe(
      `${join(work, 'conversation.json')}: line 3, column 13 (byte 31): not UTF-8 text ` +
        '(invalid bytes 0xC3 0x28: 0xC3 starts a 2-byte character that 0x28 does not continue)',
    )
  })

  it('tells UTF-16 to be saved as UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[]', 'utf16le')])
    expect(await tokensOf('utf16.json', bytes)).toBe(
      `${join(work, 'utf16.json')}: line 1, column 1 (byte 0): this is UTF-16 text ` +
        '(little-endian, byte-order mark 0xFF 0xFE); save it as UTF-8',
    )
  })
})

describe('a file with nothing in it', () => {
  // An agent may leave a session's log empty (Claude Code creates the file before its first line).
  it.each([
    ['empty.jsonl', ''],
    ['blank.json', '\n\n  \n'],
  ])('%s: exit 2, "the file is empty", not a JSON syntax error', async (name, content) => {
    expect(await tokensOf(name, content)).toBe(
      `${join(work, name)}: not a conversation in any known format: the file is empty`,
    )
  })
})
