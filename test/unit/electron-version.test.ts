/**
 * The Electron the app is built and tested with must be a line Electron still supports: the
 * latest three stable majors get security fixes, older ones none. 41 was past that; see
 * docs/security.md ("Packaging") for the lines and the date they were read from the registry.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The supported stable lines on 2026-12-01 (npm's electron versions: 45 newest, 43 oldest). */
const SUPPORTED_MAJORS = [43, 44, 45]

const root = resolve(import.meta.dirname, '../..')
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'))
const pkg = readJson('package.json')
const lock = readJson('package-lock.json')
const major = (version: string) => Number(version.split('.')[0])

describe('the Electron version', () => {
  const locked: string = lock.packages['node_modules/electron'].version
  const declared: string = pkg.devDependencies.electron

  it('resolves, in the lockfile, to a supported line', () => {
    expect(locked).toMatch(/^\d+\.\d+\.\d+$/)
    expect(SUPPORTED_MAJORS).toContain(major(locked))
  })

  it('is declared in package.json as a caret range the lockfile agrees with', () => {
    expect(declared).toMatch(/^\^\d+\.\d+\.\d+$/)
    expect(lock.packages[''].devDependencies.electron).toBe(declared)
    expect(major(declared.slice(1))).toBe(major(locked))
  })

  // The shared install may lag the lockfile until the next `npm ci`; this says when it does.
  it.runIf(existsSync(join(root, 'node_modules/electron/package.json')))(
    'is the version installed in node_modules',
    () => {
      expect(readJson('node_modules/electron/package.json').version).toBe(locked)
    },
  )
})
