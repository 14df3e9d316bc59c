/**
 * The installers' configuration (electron-builder.json). Packaging downloads Electron and the
 * installer tools, so it cannot run here; these tests hold the configuration to what the packaged
 * app needs and to the fuses docs/security.md promises.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PRELOAD_FILE, RENDERER_DIR } from '../../electron/window'

const root = resolve(import.meta.dirname, '../..')
const readJson = (name: string) => JSON.parse(readFileSync(join(root, name), 'utf8'))
const config = readJson('electron-builder.json')
const pkg = readJson('package.json') as { main: string; scripts: Record<string, string> }

/** Every fuse electron-builder 26 reads from `electronFuses` (app-builder-lib's FuseOptionsV1). */
const KNOWN_FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
  'resetAdHocDarwinSignature',
]

describe('the packaging configuration', () => {
  it('builds an AppImage and a deb, a dmg and an NSIS installer', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toEqual(['dmg'])
    expect(config.win.target).toEqual(['nsis'])
    // A deb needs a maintainer; package.json names no author to take one from.
    expect(config.linux.maintainer).toEqual(expect.any(String))
  })

  it('names the app with a reverse-DNS id and its product name', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2,}$/)
    expect(config.productName).toBe('Compaction Inspector')
  })

  it('packs what `electron-vite build` writes to out/, into an asar archive', () => {
    expect(config.asar).toBe(true)
    expect(config.files).toEqual(expect.arrayContaining(['out/**/*', 'package.json']))
    // main, and the preload and page it loads relative to itself, all lie under out/.
    const mainDir = dirname(resolve(root, pkg.main))
    for (const built of [
      resolve(root, pkg.main),
      resolve(mainDir, PRELOAD_FILE),
      resolve(mainDir, RENDERER_DIR),
    ]) {
      expect(relative(root, built), built).toMatch(/^out\//)
    }
    // Main needs nothing from node_modules: the bundles hold every import but Node's and Electron's.
    expect(config.files).toContain('!node_modules/**/*')
  })

  it('flips the fuses: no Node from the environment or the command line, asar only and checked', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    })
    // A misspelt key would be ignored by electron-builder, leaving that fuse as Electron ships it.
    for (const key of Object.keys(config.electronFuses)) expect(KNOWN_FUSES, key).toContain(key)
  })

  it('has a package script that builds first, then runs electron-builder on this file', () => {
    const script = pkg.scripts.package
    expect(script).toMatch(/^electron-vite build && /)
    expect(script).toMatch(/electron-builder@\d+\.\d+\.\d+ --config electron-builder\.json$/)
  })
})
