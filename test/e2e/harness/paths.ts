import { resolve } from 'node:path'

/** The repository root, so tests find the build and the fixtures wherever vitest runs from. */
export const ROOT = resolve(import.meta.dirname, '../../..')

/** The renderer built for the browser (`vite build --config vite.web.config.ts`). */
export const WEB_DIR = resolve(ROOT, 'out/web')

/** The CLI bundle (`vite build --config vite.cli.config.ts`). */
export const CLI = resolve(ROOT, 'dist/cli.js')

/** Conversation fixtures shared by every test suite. */
export const conversation = (name: string): string => resolve(ROOT, 'testdata/conversations', name)

/** Where the screenshots of the main states go; they are committed and looked at. */
export const SCREENSHOT_DIR = resolve(ROOT, 'test/e2e/__screenshots__')
