import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, expect } from 'vitest'

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../../..')

/**
 * Builds the tool with the real config into a new directory outside the repository, so it must run
 * without node_modules, as users run it. Returns the directory; the bin is `cli.js` in it.
 */
export async function buildCli(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-build-'))
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.cli.config.ts'),
    logLevel: 'silent',
    build: { outDir: dir },
  })
  return dir
}

/** What one run of the tool did. */
export interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** Spawns node on the built bin with `args` in `cwd`, feeding `input` (or nothing) to stdin. */
export function runBuiltCli(
  cli: string,
  args: string[],
  options: { cwd: string; input?: string },
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: options.cwd })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', fail)
    child.on('close', (status) => done({ status, stdout, stderr }))
    child.stdin.end(options.input ?? '')
  })
}

/** The lines a run wrote to stderr. */
export const errLines = (r: Run) => r.stderr.split('\n').filter((l) => l !== '')

/** Asserts a bad-input failure: exit 2, nothing on stdout, exactly one stderr line, no trace. */
export function expectOneLineFailure(r: Run): string {
  expect(r.status).toBe(2)
  expect(r.stdout).toBe('')
  expect(errLines(r)).toHaveLength(1)
  expect(r.stderr).not.toMatch(/^\s+at /m)
  return errLines(r)[0]
}

/**
 * Registers the hooks every CLI test file needs: build the tool once for the file and make a work
 * directory, both removed afterwards. `ready` receives the bin's path and the work directory.
 */
export function useBuiltCli(prefix: string, ready: (paths: { cli: string; work: string }) => void) {
  let buildDir = ''
  let work = ''
  beforeAll(async () => {
    buildDir = await buildCli()
    work = await mkdtemp(join(tmpdir(), prefix))
    ready({ cli: join(buildDir, 'cli.js'), work })
  }, 120_000)
  afterAll(async () => {
    await rm(buildDir, { recursive: true, force: true })
    await rm(work, { recursive: true, force: true })
  })
}
