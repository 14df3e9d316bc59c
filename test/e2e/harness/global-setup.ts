/**
 * Runs once before the browser suite: checks the build is there (it builds nothing; `npm run build`
 * does) and serves the web renderer for every test file.
 */
import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import type { TestProject } from 'vitest/node'
import { CLI, ROOT, WEB_DIR } from './paths'
import { serveDirectory } from './static-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the served web build. */
    webUrl: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const missing = [`${WEB_DIR}/index.html`, CLI].filter((path) => !existsSync(path))
  if (missing.length > 0) {
    const names = missing.map((path) => relative(ROOT, path)).join(' and ')
    const verb = missing.length === 1 ? 'is' : 'are'
    throw new Error(
      `The browser tests run against the build, and ${names} ${verb} missing: run \`npm run build\` first.`,
    )
  }
  const server = await serveDirectory(WEB_DIR)
  project.provide('webUrl', server.url)
  return () => server.close()
}
