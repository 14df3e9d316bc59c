import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { ROOT } from './helpers/built-cli'

// `npm start` where Electron's binary is missing and cannot be downloaded (these machines cannot
// reach GitHub): one line that points to `npm run web`, exit 1, no stack trace.
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
const pathFile = join(electronDir, 'path.txt')
const installed =
  existsSync(pathFile) &&
  existsSync(join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()))

describe('npm start without Electron', () => {
  it.skipIf(installed)('says in one line what to run instead', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      // An address that refuses at once, so a machine that can reach GitHub still sees the failure.
      env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/' },
      timeout: 60_000,
    })
    expect(r.status).toBe(1)
    const lines = r.stderr.split('\n').filter((l) => l !== '')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('run `npm run web`')
    expect(r.stderr).not.toMatch(/^\s+at /m)
  })
})
