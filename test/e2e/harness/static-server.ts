import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve, sep } from 'node:path'
import { mimeTypeFor } from '../../../node/page-files'

/** A running static server; `close` stops it. */
export interface StaticServer {
  url: string
  close(): Promise<void>
}

/**
 * Serves a built folder on 127.0.0.1 at a free port. Only files under `root` are served, so a
 * request for `/../x` is a 404 and never a read outside the build.
 */
export async function serveDirectory(root: string): Promise<StaticServer> {
  const base = resolve(root)
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = resolve(base, '.' + (pathname.endsWith('/') ? pathname + 'index.html' : pathname))
    const info = file.startsWith(base + sep) ? await stat(file).catch(() => null) : null
    if (!info?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
      return
    }
    response.writeHead(200, {
      // As the app's own protocol serves them in Electron.
      'content-type': mimeTypeFor(file),
      'content-length': info.size,
      'cache-control': 'no-store',
    })
    createReadStream(file).pipe(response)
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', done)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}
