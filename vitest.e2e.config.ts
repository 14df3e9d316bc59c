import { defineConfig } from 'vitest/config'

// The browser end-to-end suite: Chromium drives the built web renderer (see test/e2e/README.md).
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    // One Chromium at a time: the machines have two cores, and each test starts its own browser.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits on what the page shows; a slow machine needs more than the 1 s default.
    expect: { poll: { timeout: 20_000, interval: 50 } },
  },
})
