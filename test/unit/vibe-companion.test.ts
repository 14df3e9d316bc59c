import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../cli/run-cli'
import { findCompanion } from '../../node/companion'
import { readConversationFile } from '../../node/files'
import { ROOT } from './helpers/built-cli'

// A Mistral Vibe session's meta.json, found beside its messages.jsonl by every host
// (node/companion.ts) and read by the import (src/formats/mistral-vibe-meta.ts). The fixtures are
// testdata/formats/mistral-vibe.jsonl (nine messages) and mistral-vibe-meta.json (a system
// prompt, three tools, the model "mistral-vibe-cli-latest" by its alias).
const FORMATS = join(ROOT, 'testdata/formats')

let dir: string
let session: string
let messages: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vibe-companion-'))
  session = join(dir, 'session_20261203_091500_b7f1c2d3')
  await mkdir(session)
  messages = join(session, 'messages.jsonl')
  await copyFile(join(FORMATS, 'mistral-vibe.jsonl'), messages)
  await copyFile(join(FORMATS, 'mistral-vibe-meta.json'), join(session, 'meta.json'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(args, { out: (t) => out.push(t), err: (l) => err.push(l) })
  return { status, stdout: out.join(''), stderr: err }
}

describe("a Vibe session's meta.json", () => {
  it('is found beside messages.jsonl and read whole', async () => {
    const search = await findCompanion(messages, '', 1e6)
    expect(search.kind).toBe('found')
    if (search.kind !== 'found') return
    expect(search.companion.name).toBe('meta.json')
    expect(new TextDecoder().decode(search.companion.content)).toMatch(/^\{\n {2}"session_id"/)
  })

  it('is looked for beside a file of that name only, and not through a link out of the folder', async () => {
    const other = join(dir, 'elsewhere')
    await mkdir(other)
    const renamed = join(other, 'vibe.jsonl')
    await copyFile(messages, renamed)
    await copyFile(join(FORMATS, 'mistral-vibe-meta.json'), join(other, 'meta.json'))
    expect(await findCompanion(renamed, '', 1e6)).toEqual({ kind: 'none' })
    const linked = join(dir, 'linked')
    await mkdir(linked)
    await copyFile(messages, join(linked, 'messages.jsonl'))
    await symlink(join(other, 'meta.json'), join(linked, 'meta.json'))
    expect(await findCompanion(join(linked, 'messages.jsonl'), '', 1e6)).toEqual({ kind: 'none' })
  })

  it('reaches the import in the desktop app and serve (readConversationFile)', async () => {
    const opened = await readConversationFile(messages)
    expect(opened.ok && opened.value.companion?.name).toBe('meta.json')
  })

  it('opens the conversation in the CLI: the system prompt and tools first, the model named', async () => {
    const json = await run(['tokens', messages, '--json'])
    expect(json.status).toBe(0)
    const read = JSON.parse(json.stdout) as { model: string; tokens: number[] }
    // Two instructions before the file's nine messages.
    expect(read.tokens).toHaveLength(11)
    expect(read.model).toBe('mistral-vibe-cli-latest')
    const table = await run(['tokens', messages, '--verbose'])
    const rows = table.stdout.split('\n').filter((l) => /^\s+\d+\s/.test(l))
    expect(rows.slice(0, 3).map((l) => l.trim().split(/\s+/)[2])).toEqual([
      'instructions',
      'instructions',
      'user',
    ])
    expect(rows[0]).toMatch(/You are Almanac's maintainer agent/)
    expect(table.stderr.join('\n')).toMatch(
      /info meta\.json: the system prompt, 3 tool definitions, the model \(mistral-vibe-cli-latest\) read from the session’s metadata/,
    )
  })

  it("gives the Vibe engine's replay the active model's auto-compact threshold", async () => {
    // The fixture's meta.json with the active model's threshold lowered to 300 tokens: the file's
    // 392 tokens reach it, where Vibe's default of 200,000 is never reached.
    const low = join(dir, 'low-threshold')
    await mkdir(low)
    await copyFile(messages, join(low, 'messages.jsonl'))
    const meta = JSON.parse(await readFile(join(FORMATS, 'mistral-vibe-meta.json'), 'utf8'))
    meta.config.models[0].auto_compact_threshold = 300
    await writeFile(join(low, 'meta.json'), JSON.stringify(meta, null, 2))
    const vibe = async (file: string) => {
      const r = await run(['engines', file, '--engine', 'mistral-vibe', '--json'])
      expect(r.status).toBe(0)
      return (JSON.parse(r.stdout) as { engines: { trigger: number; firesAfter: number | null }[] })
        .engines[0]
    }
    const recorded = await vibe(join(low, 'messages.jsonl'))
    expect(recorded.trigger).toBe(300)
    expect(recorded.firesAfter).not.toBeNull()
    expect(await vibe(messages)).toMatchObject({ trigger: 200_000, firesAfter: null })
  })

  it('is said to be missing, in the import report, when it is not there', async () => {
    const bare = join(dir, 'bare')
    await mkdir(bare)
    await copyFile(messages, join(bare, 'messages.jsonl'))
    const r = await run(['tokens', join(bare, 'messages.jsonl'), '--json', '--verbose'])
    expect(r.status).toBe(0)
    expect(JSON.parse(r.stdout).tokens).toHaveLength(9)
    expect(r.stderr.join('\n')).toMatch(
      /warning: the session’s meta\.json \(beside the file\) was not read: its system prompt, its tools and its model are not in the conversation/,
    )
  })

  it('says why one that is there cannot be read, and loads the messages', async () => {
    const broken = join(dir, 'broken')
    await mkdir(broken)
    await copyFile(messages, join(broken, 'messages.jsonl'))
    await writeFile(join(broken, 'meta.json'), '{"session_id": "s", ')
    const r = await run(['tokens', join(broken, 'messages.jsonl'), '--json', '--verbose'])
    expect(r.status).toBe(0)
    expect(JSON.parse(r.stdout).tokens).toHaveLength(9)
    expect(r.stderr.join('\n')).toMatch(/warning meta\.json: not valid JSON \(/)
  })
})
