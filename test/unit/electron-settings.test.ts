import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CHANNELS, MAX_SETTINGS_BYTES } from '../../electron/contract'
import { createFileGrants } from '../../node/file-grants'
import {
  REFUSED_SENDER,
  SETTINGS_NOT_WRITTEN,
  createIpcHandlers,
  type SenderEvent,
} from '../../electron/ipc-handlers'
import { SETTINGS_FILE, openSettingsStore, type SettingsStore } from '../../electron/settings-store'
import { noLive } from './helpers/no-live'

let dir: string
let storePath: string
let logged: string[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspector-settings-'))
  storePath = join(dir, 'user-data', SETTINGS_FILE)
  logged = []
})

afterEach(() => rm(dir, { recursive: true, force: true }))

const open = () => openSettingsStore({ storePath, log: (message) => logged.push(message) })

async function store(text: string): Promise<void> {
  await mkdir(join(dir, 'user-data'), { recursive: true })
  await writeFile(storePath, text)
}

describe('the settings store in user-data', () => {
  it('reads as no settings when nothing was ever stored, and logs nothing', async () => {
    expect(await open().read()).toEqual({})
    expect(logged).toEqual([])
  })

  it('keeps what was written across a restart, in a settings.json a person can read', async () => {
    const settings = { maxTokens: 1234, keepRecentCount: 3, layout: { sideWidth: 500 } }
    await open().write(settings)
    // A new store on the same folder: the app started again.
    expect(await open().read()).toEqual(settings)
    expect(JSON.parse(await readFile(storePath, 'utf8'))).toEqual(settings)
    // Atomic: the temporary file was renamed over the store, nothing else is left beside it.
    expect(await readdir(join(dir, 'user-data'))).toEqual([SETTINGS_FILE])
  })

  it('leaves the last of quick writes on disk', async () => {
    const settings = open()
    await Promise.all([1, 2, 3, 4].map((n) => settings.write({ maxTokens: n * 1000 })))
    expect(await open().read()).toEqual({ maxTokens: 4000 })
  })

  it('starts from the defaults when the store is not JSON, with a line in the log', async () => {
    await store('{"maxTokens": 1234,')
    expect(await open().read()).toEqual({})
    expect(logged).toEqual([
      `Settings: ${storePath} is not valid JSON; starting with the defaults.`,
    ])
  })

  it('drops mistyped and out-of-range fields, keeps the rest, and logs what it dropped', async () => {
    await store(JSON.stringify({ maxTokens: -5, triggerRatio: 0.5, keepRecentCount: 'all' }))
    expect(await open().read()).toEqual({ triggerRatio: 0.5 })
    expect(logged).toEqual([
      `Settings: ${storePath}: dropped maxTokens: -5 is not a positive integer; keepRecentCount: "all" is not a non-negative integer.`,
    ])
  })

  it('reads a store that is not an object as no settings', async () => {
    await store('[1234]')
    expect(await open().read()).toEqual({})
    expect(logged).toEqual([
      `Settings: ${storePath}: dropped the settings are an array, not an object.`,
    ])
  })

  it(`refuses a store over ${MAX_SETTINGS_BYTES} bytes`, async () => {
    await store(JSON.stringify({ layout: { x: 'a'.repeat(MAX_SETTINGS_BYTES) } }))
    expect(await open().read()).toEqual({})
    expect(logged).toEqual([
      `Settings: ${storePath} is ${MAX_SETTINGS_BYTES + 19} bytes; settings are at most ${MAX_SETTINGS_BYTES}; starting with the defaults.`,
    ])
  })

  it('refuses a store that is a directory without stopping', async () => {
    await mkdir(storePath, { recursive: true })
    expect(await open().read()).toEqual({})
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain(`${storePath}: is a directory, not a regular file`)
  })
})

describe('the settings channels', () => {
  const ours: SenderEvent = { senderFrame: { url: 'app://inspector/index.html' } }
  const foreign: SenderEvent = { senderFrame: { url: 'https://attacker.example/' } }

  const handlersOver = (settings: SettingsStore) =>
    createIpcHandlers<SenderEvent>({
      ...noLive,
      origin: {},
      dialogsFor: () => {
        throw new Error('no dialog in these tests')
      },
      openChosenPath: async () => ({ ok: false, error: 'no file in these tests' }),
      grants: createFileGrants(),
      initialEntry: () => null,
      recentFiles: { list: async () => [], clear: async () => {} },
      settings,
      log: (message) => logged.push(message),
    })

  it('writes and reads the settings for our window', async () => {
    const handlers = handlersOver(open())
    const settings = { maxTokens: 1234, model: 'gpt-4.1' }
    expect(await handlers[CHANNELS.writeSettings](ours, settings)).toEqual({
      ok: true,
      value: undefined,
    })
    expect(await handlersOver(open())[CHANNELS.readSettings](ours)).toEqual(settings)
  })

  it('refuses another page, which neither reads nor writes them', async () => {
    await open().write({ maxTokens: 1234 })
    const handlers = handlersOver(open())
    expect(await handlers[CHANNELS.readSettings](foreign)).toEqual({})
    expect(await handlers[CHANNELS.writeSettings](foreign, { maxTokens: 1 })).toEqual({
      ok: false,
      error: REFUSED_SENDER,
    })
    expect(await open().read()).toEqual({ maxTokens: 1234 })
    expect(logged).toEqual([
      'Refused settings:read from https://attacker.example/',
      'Refused settings:write from https://attacker.example/',
    ])
  })

  it('refuses a write over 16 KB or with a bad field, and keeps what was stored', async () => {
    await open().write({ maxTokens: 1234 })
    const handlers = handlersOver(open())
    const big = { layout: { x: 'a'.repeat(MAX_SETTINGS_BYTES) } }
    const refused = await handlers[CHANNELS.writeSettings](ours, big)
    expect(refused).toEqual({
      ok: false,
      error: `Invalid request: the settings are ${MAX_SETTINGS_BYTES + 19} bytes of JSON; the limit is ${MAX_SETTINGS_BYTES}.`,
    })
    expect(await handlers[CHANNELS.writeSettings](ours, { maxTokens: '9' })).toEqual({
      ok: false,
      error: 'Invalid request: maxTokens: "9" is not a positive integer.',
    })
    expect(await open().read()).toEqual({ maxTokens: 1234 })
  })

  it('answers a write the disk refuses with one line, no stack', async () => {
    // A file where the user-data folder should be: nothing can be made inside it (and, unlike a
    // read-only folder, this stops root too).
    await writeFile(join(dir, 'user-data'), 'not a folder')
    const result = await handlersOver(open())[CHANNELS.writeSettings](ours, { maxTokens: 1 })
    expect(result).toEqual({ ok: false, error: `${SETTINGS_NOT_WRITTEN} (EEXIST).` })
    expect(logged).toHaveLength(1)
  })
})
