import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileFromArgv, launchRequestFrom } from '../../electron/command-line'

// Real files in a temporary folder: the argument must name a file that exists.
let dir: string
let conversation: string
let other: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inspector-argv-'))
  conversation = join(dir, 'conversation.json')
  other = join(dir, 'other.json')
  writeFileSync(conversation, '[]')
  writeFileSync(other, '[]')
  mkdirSync(join(dir, 'a-folder'))
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the file a launch asks for', () => {
  it('takes the path after the app folder when run as `electron . file` (npm start -- file)', () => {
    const argv = ['/usr/lib/electron/electron', '.', 'conversation.json']
    expect(fileFromArgv({ argv, cwd: dir }, { defaultApp: true })).toBe(conversation)
  })

  it('skips Electron and Chromium switches, wherever they are', () => {
    const argv = [
      'electron',
      '--inspect=0',
      '--remote-debugging-port=0',
      '.',
      '--no-sandbox',
      '--',
      other,
    ]
    expect(fileFromArgv({ argv, cwd: '/' }, { defaultApp: true })).toBe(other)
  })

  it('does not mistake the app entry file for a conversation when run as `electron main.js file`', () => {
    const argv = ['electron', conversation, other]
    expect(fileFromArgv({ argv, cwd: '/' }, { defaultApp: true })).toBe(other)
  })

  it('takes the first argument in a packaged app, where there is no app folder to skip', () => {
    const argv = ['/opt/Compaction Inspector/inspector', conversation, other]
    expect(fileFromArgv({ argv, cwd: '/' }, { defaultApp: false })).toBe(conversation)
  })

  it('resolves relative paths against the launch directory', () => {
    const argv = ['inspector', 'other.json']
    expect(fileFromArgv({ argv, cwd: dir }, { defaultApp: false })).toBe(other)
  })

  it('passes over paths that are missing or folders, and gives null when nothing is left', () => {
    const missing = ['inspector', join(dir, 'missing.json'), join(dir, 'a-folder')]
    expect(fileFromArgv({ argv: missing, cwd: dir }, { defaultApp: false })).toBeNull()
    const then = [...missing, conversation]
    expect(fileFromArgv({ argv: then, cwd: dir }, { defaultApp: false })).toBe(conversation)
  })

  it('gives null for a bare launch', () => {
    expect(fileFromArgv({ argv: ['electron', '.'], cwd: dir }, { defaultApp: true })).toBeNull()
    expect(fileFromArgv({ argv: ['inspector'], cwd: dir }, { defaultApp: false })).toBeNull()
  })
})

describe('the launch request a second instance sends', () => {
  it('reads a well-formed request', () => {
    const data = { argv: ['electron', '.', 'x.json'], cwd: '/home/me' }
    expect(launchRequestFrom(data)).toEqual(data)
  })

  it('rejects anything else, since it comes from another process', () => {
    expect(launchRequestFrom(null)).toBeNull()
    expect(launchRequestFrom('electron . x.json')).toBeNull()
    expect(launchRequestFrom({ argv: 'x.json', cwd: '/' })).toBeNull()
    expect(launchRequestFrom({ argv: ['a', 3], cwd: '/' })).toBeNull()
    expect(launchRequestFrom({ argv: ['a'], cwd: 42 })).toBeNull()
    expect(launchRequestFrom({ argv: ['a'], cwd: '' })).toBeNull()
  })
})
