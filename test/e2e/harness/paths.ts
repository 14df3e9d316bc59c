import { resolve } from 'node:path'

/** The repository root, so tests find the build and the fixtures wherever vitest runs from. */
export const ROOT = resolve(import.meta.dirname, '../../..')

/** The renderer built for the browser (`vite build --config vite.web.config.ts`). */
export const WEB_DIR = resolve(ROOT, 'out/web')

/** The CLI bundle (`vite build --config vite.cli.config.ts`). */
export const CLI = resolve(ROOT, 'dist/cli.js')

/** Conversation fixtures shared by every test suite. */
export const conversation = (name: string): string => resolve(ROOT, 'testdata/conversations', name)

/**
 * Where the screenshots of the main states go on every run, to be looked at after a UI change.
 * An ignored folder, so a test run leaves the checkout clean; the README's own screenshots are
 * taken on purpose by `npm run screenshots` (scripts/screenshots.ts).
 */
export const SCREENSHOT_DIR = resolve(ROOT, 'test-results/screenshots')
