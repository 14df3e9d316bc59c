import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../cli/run-cli'
import { findForkParent } from '../../node/companion'
import { ROOT } from './helpers/built-cli'

// A forked Claude Code subagent's parent transcript, found where Claude Code keeps it or given
// with --fork-parent, run in-process on the hand-written fixtures (testdata/formats/claude-code-fork:
// the session's transcript sess-1.jsonl, and its subagent's file under sess-1/subagents/).
const FORK = join(ROOT, 'testdata/formats/claude-code-fork')
const PARENT = join(FORK, 'sess-1.jsonl')
const SUBAGENT = join(FORK, 'sess-1/subagents/agent-af1.jsonl')

async function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(args, { out: (t) => out.push(t), err: (l) => err.push(l) })
  return { status, stdout: out.join(''), stderr: err }
}

let alone: string
let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fork-parent-'))
  alone = join(dir, 'agent-af1.jsonl')
  await copyFile(SUBAGENT, alone)
})
afterAll(() => rm(dir, { recursive: true, force: true }))

// The fixture's subagent holds 6 messages of its own; its parent's conversation up to the fork
// point (p-3) is 3 more, with one reply that reports usage (the parent's line 3).
const countOf = (stdout: string) => (JSON.parse(stdout) as { tokens: number[] }).tokens.length
const firstRequestAt = (stdout: string) =>
  (JSON.parse(stdout) as { requests: { at: string }[] }).requests[0].at

describe('a forked subagent’s parent transcript', () => {
  it('is found two folders up, as Claude Code keeps it, and loaded first', async () => {
    const r = await run(['tokens', SUBAGENT, '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr).toEqual([])
    expect(countOf(r.stdout)).toBe(9)
    expect(firstRequestAt(r.stdout)).toBe('sess-1.jsonl line 3')
  })

  it('is read from --fork-parent when the file was moved', async () => {
    const r = await run(['tokens', alone, '--fork-parent', PARENT, '--json'])
    expect(r.status).toBe(0)
    expect(countOf(r.stdout)).toBe(9)
  })

  it('is named on stderr, with the flag to give it, when it is not found', async () => {
    const r = await run(['tokens', alone, '--json'])
    expect(r.status).toBe(0)
    expect(r.stderr[0]).toMatch(
      /^.*agent-af1\.jsonl: warning: a forked subagent whose parent transcript sess-1\.jsonl is not beside it \(looked in .*\); give it with --fork-parent FILE$/,
    )
    expect(countOf(r.stdout)).toBe(6)
    expect(firstRequestAt(r.stdout)).toBe('line 4')
  })

  it('refuses a --fork-parent that cannot be read, naming the flag and the file', async () => {
    const r = await run(['tokens', alone, '--fork-parent', join(dir, 'missing.jsonl')])
    expect(r.status).toBe(2)
    expect(r.stderr).toEqual([
      `tokens: option --fork-parent: ${join(dir, 'missing.jsonl')}: no such file or directory`,
    ])
  })

  it('--help documents --fork-parent', async () => {
    const r = await run(['tokens', '--help'])
    expect(r.stdout).toMatch(/^ {2}--fork-parent P {2,}For a forked Claude Code subagent/m)
  })
})

describe('findForkParent', () => {
  it('says a file that refers to no parent has none', async () => {
    expect(await findForkParent(PARENT, 'not a fork\n', 1e6)).toEqual({ kind: 'none' })
  })

  it('says why a parent that is there cannot be read', async () => {
    const layout = join(dir, 'proj')
    await mkdir(join(layout, 'sess-1.jsonl'), { recursive: true })
    const search = await findForkParent(
      join(layout, 'agent-af1.jsonl'),
      '{"type":"fork-context-ref","parentSessionId":"sess-1","parentLastUuid":"p-3"}\n',
      1e6,
    )
    expect(search.kind).toBe('unreadable')
  })
})
