/**
 * V8 flags for the renderer process, where the page and its Web Workers run. Pure constants: the
 * browser end-to-end suite starts Chromium with the same flags, so that it measures the renderer
 * as the desktop app runs it.
 *
 * With V8's defaults, every heap in the renderer (the page's, the reading worker's and each
 * counting worker's) grows well past what it holds while a large file loads: the young generation
 * to 16 MB semi-spaces each, the old one by a factor V8 picks from how fast it collects. Loading
 * and counting the bench's 50 MB file peaked at 8.5 to 10 times the file in Chromium; with these
 * two flags, at 4.5 to 4.6 times, and it took 5.0 to 6.7 s against 4.8 to 6.2 s (three runs each,
 * docs/performance.md). Collecting more often is the whole cost: nothing the app holds changes.
 *
 * A plain browser (`npm run web`) runs with its own defaults; a page cannot set these.
 */
export const RENDERER_JS_FLAGS = '--max-semi-space-size=2 --heap-growing-percent=35'
