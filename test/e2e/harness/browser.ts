import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterEach, beforeEach, inject } from 'vitest'
import { RENDERER_JS_FLAGS } from '../../../electron/renderer-flags'
import { CHROMIUM, CHROMIUM_ARGS } from './chromium'

export { CHROMIUM } from './chromium'

/** The window every test starts in: a 13-inch laptop's (issue 15), where the layout is tightest. */
export const LAPTOP = { width: 1280, height: 800 }

/** A browser on the app with its own profile, and what the page reported on the way. */
export interface AppSession {
  context: BrowserContext
  page: Page
  /** The browser's profile directory, which also finds its processes (see memory.ts). */
  profile: string
  /** Uncaught exceptions in the page: a test that expects none asserts this is empty. */
  pageErrors: Error[]
  close(): Promise<void>
}

/** How the browser's V8 runs. */
export interface LaunchOptions {
  /**
   * Start the renderer with the desktop app's V8 flags (the default), standing in for Electron's
   * renderer; false runs a plain browser's V8 defaults, as `npm run web` gets them.
   */
  desktopV8Flags?: boolean
}

/**
 * Opens the web build in a Chromium with a fresh profile of its own, so tests share no storage and
 * can run side by side. Clipboard access is granted for the app's origin, to test Copy.
 */
export async function launchApp(url: string, options: LaunchOptions = {}): Promise<AppSession> {
  const { desktopV8Flags = true } = options
  const profile = await mkdtemp(join(tmpdir(), 'compaction-inspector-e2e-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: LAPTOP,
    args: [
      ...CHROMIUM_ARGS,
      // The renderer's V8 as the desktop app sets it (see renderer-flags.ts).
      ...(desktopV8Flags ? [`--js-flags=${RENDERER_JS_FLAGS}`] : []),
    ],
  })
  const close = async () => {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(url).origin,
    })
    const page = context.pages()[0] ?? (await context.newPage())
    const pageErrors: Error[] = []
    page.on('pageerror', (error) => pageErrors.push(error))
    await page.goto(url)
    return { context, page, profile, pageErrors, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Gives each test of the file a fresh browser on the app, closed after it: call once at the top of
 * a describe block and read the session inside the tests.
 */
export function useAppSession(options: LaunchOptions = {}): () => AppSession {
  let session: AppSession | undefined
  beforeEach(async () => {
    session = await launchApp(inject('webUrl'), options)
  })
  afterEach(async () => {
    await session?.close()
    session = undefined
  })
  return () => {
    if (!session) throw new Error('useAppSession: the session exists only inside a test')
    return session
  }
}
