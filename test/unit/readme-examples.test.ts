import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildCli, ROOT } from './helpers/built-cli'

// The README's examples run as written: every `node dist/cli.js` line of a ```sh block, in a
// directory laid out like a checkout (dist/ and testdata/), through a shell, so quoting,
// redirection and `\` continuations are the reader's. Each exits 0 unless its comment says
// "exit N". Files the examples write (prompt.txt, compacted.json) land in that directory.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 })

const DOCS = ['README.md', 'testdata/conversations/README.md']

interface Example {
  doc: string
  command: string
  exit: number
}

async function examples(doc: string): Promise<Example[]> {
  const text = await readFile(join(ROOT, doc), 'utf8')
  const found: Example[] = []
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block[1].replace(/\\\n\s*/g, '').split('\n')
    for (const line of lines) {
      if (!line.startsWith('node dist/cli.js')) continue
      const [command, comment = ''] = line.split(/\s+#\s+/)
      const exit = Number(/^exit (\d)/.exec(comment)?.[1] ?? 0)
      found.push({ doc, command: command.trim(), exit })
    }
  }
  return found
}

const run = (command: string, cwd: string): Promise<{ status: number | null; stderr: string }> =>
  new Promise((done, fail) => {
    const child = spawn('sh', ['-c', command], { cwd })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', fail)
    child.on('close', (status) => done({ status, stderr }))
    child.stdin.end()
  })

describe('the README examples run as written', async () => {
  const all = (await Promise.all(DOCS.map(examples))).flat()
  let work = ''
  let built = ''
  beforeAll(async () => {
    built = await buildCli()
    work = await mkdtemp(join(tmpdir(), 'readme-examples-'))
    await symlink(built, join(work, 'dist'))
    await symlink(join(ROOT, 'testdata'), join(work, 'testdata'))
  }, 120_000)
  afterAll(async () => {
    await rm(work, { recursive: true, force: true })
    await rm(built, { recursive: true, force: true })
  })

  it('finds the examples', () => {
    expect(all.filter((e) => e.doc === 'README.md').length).toBeGreaterThanOrEqual(6)
    for (const { command } of all) expect(command).not.toMatch(/\[--/)
  })

  it.each(all)('$doc: $command', async ({ command, exit }) => {
    const r = await run(command, work)
    expect(r.status, r.stderr).toBe(exit)
  })
})
