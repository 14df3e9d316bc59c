import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import type { CustomScheme } from 'electron'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appProtocolHandler, registerAppScheme, serveRenderer } from '../../electron/app-protocol'
import { APP_ENTRY_URL, RENDERER_CSP, appFileFor, mimeTypeFor } from '../../node/page-files'

const ROOT = resolve('/opt/inspector/out/renderer')
const inRoot = (...parts: string[]) => join(ROOT, ...parts)

/** A refusal, or a file that is still inside the renderer folder: never anything else. */
function expectContained(url: string) {
  const file = appFileFor(url, ROOT)
  if (file.ok) {
    const inside = relative(ROOT, file.path)
    expect(inside.startsWith('..' + sep) || inside === '..', url).toBe(false)
    expect(file.path.startsWith(ROOT + sep), url).toBe(true)
  }
  return file
}

describe('which file an app:// URL names', () => {
  it('maps the page and its assets into the renderer folder, ignoring query and fragment', () => {
    expect(appFileFor(APP_ENTRY_URL, ROOT)).toEqual({
      ok: true,
      path: inRoot('index.html'),
      mimeType: 'text/html; charset=utf-8',
    })
    for (const url of ['app://inspector/', 'app://inspector', 'app://inspector/?x=1#/y']) {
      expect(appFileFor(url, ROOT), url).toMatchObject({ ok: true, path: inRoot('index.html') })
    }
    expect(appFileFor('app://inspector/assets/index-GQb.js?v=2#x', ROOT)).toEqual({
      ok: true,
      path: inRoot('assets', 'index-GQb.js'),
      mimeType: 'text/javascript; charset=utf-8',
    })
  })

  it('decodes percent-encoded names', () => {
    expect(appFileFor('app://inspector/assets/my%20file.js', ROOT)).toMatchObject({
      ok: true,
      path: inRoot('assets', 'my file.js'),
    })
    // Encoded twice, it decodes once to a literal (and missing) file name, not to a ../ step.
    expect(expectContained('app://inspector/%252e%252e%252fsecret')).toMatchObject({
      ok: true,
      path: inRoot('%2e%2e%2fsecret'),
    })
  })

  it('never leaves the renderer folder: ../ steps, encoded or not, stay inside or are refused', () => {
    // The URL parser resolves literal and %2e dot segments before we see the path.
    for (const url of [
      'app://inspector/../../etc/passwd',
      'app://inspector/%2e%2e/%2e%2e/etc/passwd',
      'app://inspector/.%2e/main/main.js',
      'app://inspector/assets/../../../main/main.js',
      'app://inspector/assets/%2e%2e',
      'app://inspector/assets/%2e/index.js',
    ]) {
      expect(expectContained(url), url).toMatchObject({ ok: true })
    }
    // Encoded separators only become separators after decoding, so they are refused outright.
    for (const url of [
      'app://inspector/..%2f..%2fetc%2fpasswd',
      'app://inspector/%2e%2e%2f%2e%2e%2fetc/passwd',
      'app://inspector/assets%2f..%2f..%2fmain%2fmain.js',
      'app://inspector/..%5c..%5cmain%5cmain.js',
      'app://inspector/assets%2f%2e%2e%2findex.html',
    ]) {
      expect(expectContained(url), url).toMatchObject({ ok: false, status: 400 })
    }
  })

  it('refuses absolute paths, drive letters, NUL, empty segments and bad encoding', () => {
    for (const url of [
      'app://inspector//etc/passwd',
      'app://inspector/%2Fetc%2Fpasswd',
      'app://inspector/C:/Windows/win.ini',
      'app://inspector/C%3A%5CWindows%5Cwin.ini',
      'app://inspector/index.html%00.png',
      'app://inspector/assets/',
      'app://inspector/assets//index.js',
      'app://inspector/%E0%A4%A',
    ]) {
      expect(appFileFor(url, ROOT), url).toMatchObject({ ok: false, status: 400 })
    }
  })

  it('serves only our origin: other hosts, ports, credentials and schemes are not found', () => {
    for (const url of [
      'app://evil/index.html',
      'app://inspector.evil/index.html',
      'app://inspector:8080/index.html',
      'app://evil@inspector/index.html',
      'file:///opt/inspector/out/renderer/index.html',
      'https://inspector/index.html',
    ]) {
      expect(appFileFor(url, ROOT), url).toMatchObject({ ok: false, status: 404 })
    }
    expect(appFileFor('not a url', ROOT)).toMatchObject({ ok: false, status: 400 })
  })

  it('names each asset type the way a browser needs to run or show it', () => {
    expect(mimeTypeFor('index.html')).toBe('text/html; charset=utf-8')
    expect(mimeTypeFor('a.js')).toBe('text/javascript; charset=utf-8')
    expect(mimeTypeFor('worker.mjs')).toBe('text/javascript; charset=utf-8')
    expect(mimeTypeFor('a.css')).toBe('text/css; charset=utf-8')
    expect(mimeTypeFor('vocab.json')).toBe('application/json; charset=utf-8')
    expect(mimeTypeFor('tokenizer.wasm')).toBe('application/wasm')
    expect(mimeTypeFor('icon.svg')).toBe('image/svg+xml')
    expect(mimeTypeFor('SHOT.PNG')).toBe('image/png')
    expect(mimeTypeFor('unknown.bin')).toBe('application/octet-stream')
    expect(mimeTypeFor('no-extension')).toBe('application/octet-stream')
  })
})

describe('the app:// handler, over a real folder', () => {
  let dir: string
  let rendererDir: string
  const files: Record<string, string | Uint8Array> = {
    'index.html': '<!doctype html><title>Compaction Inspector</title>',
    'assets/index.js': 'export const answer = 42\n',
    'assets/worker.mjs': 'self.onmessage = () => {}\n',
    'assets/index.css': 'body { margin: 0 }\n',
    'assets/data.json': '{"ok":true}',
    'assets/module.wasm': new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
    'assets/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/pixel.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  }
  const get = (path: string, method = 'GET') =>
    appProtocolHandler(rendererDir)(new Request(`app://inspector${path}`, { method }))

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'inspector-protocol-'))
    rendererDir = join(dir, 'renderer')
    await mkdir(join(rendererDir, 'assets'), { recursive: true })
    for (const [name, content] of Object.entries(files)) {
      await writeFile(join(rendererDir, name), content)
    }
    // Beside the renderer, where a traversal would land.
    await writeFile(join(dir, 'secret.txt'), 'the user’s secret')
  })

  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('serves each file with its bytes, its type, the CSP as a header and nosniff', async () => {
    const expected: Record<string, string> = {
      'index.html': 'text/html; charset=utf-8',
      'assets/index.js': 'text/javascript; charset=utf-8',
      'assets/worker.mjs': 'text/javascript; charset=utf-8',
      'assets/index.css': 'text/css; charset=utf-8',
      'assets/data.json': 'application/json; charset=utf-8',
      'assets/module.wasm': 'application/wasm',
      'assets/icon.svg': 'image/svg+xml',
      'assets/pixel.png': 'image/png',
    }
    for (const [name, type] of Object.entries(expected)) {
      const response = await get(`/${name}?cache=1`)
      expect(response.status, name).toBe(200)
      expect(response.headers.get('content-type'), name).toBe(type)
      expect(response.headers.get('content-security-policy'), name).toBe(RENDERER_CSP)
      expect(response.headers.get('x-content-type-options'), name).toBe('nosniff')
      const bytes = new Uint8Array(await response.arrayBuffer())
      expect(bytes, name).toEqual(new Uint8Array(await readFile(join(rendererDir, name))))
    }
    expect(await (await get('/')).text()).toBe(files['index.html'])
  })

  it('answers 404 for files that are not there, and for folders', async () => {
    for (const path of ['/missing.js', '/assets/missing.css', '/assets', '/index.html/x']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('content-security-policy'), path).toBe(RENDERER_CSP)
    }
  })

  it('never answers with a file outside the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets%2f..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      `/${encodeURIComponent(join(dir, 'secret.txt'))}`,
      `/${join(dir, 'secret.txt')}`,
    ]) {
      const response = await get(path)
      expect([400, 404], path).toContain(response.status)
      expect(await response.text(), path).not.toContain('secret')
    }
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/assets/index.js', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await head.text()).toBe('')
    const post = await get('/index.html', 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('says 500, without details, when a file exists but cannot be read', async () => {
    const denied = Object.assign(new Error('EACCES: permission denied, open /x'), {
      code: 'EACCES',
    })
    const handler = appProtocolHandler(rendererDir, () => Promise.reject(denied))
    const response = await handler(new Request(APP_ENTRY_URL))
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('/x')
  })
})

describe('the CSP header', () => {
  it("is renderer/index.html's meta policy plus frame-ancestors 'none', which needs a header", async () => {
    const page = await readFile(resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8')
    const meta = page.match(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i)
    expect(meta, 'CSP meta tag').not.toBeNull()
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((d) => d.trim().replace(/\s+/g, ' '))
        .filter(Boolean)
    expect(directives(RENDERER_CSP)).toEqual([...directives(meta![1]), "frame-ancestors 'none'"])
  })
})

describe('registering the scheme', () => {
  it('declares app:// standard, secure, fetchable and code-cached, and nothing more', () => {
    const calls: CustomScheme[][] = []
    registerAppScheme({ registerSchemesAsPrivileged: (schemes) => calls.push(schemes) })
    expect(calls).toEqual([
      [
        {
          scheme: 'app',
          privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        },
      ],
    ])
  })

  it('serves the renderer folder on the app scheme', async () => {
    const handled: [string, (request: Request) => Response | Promise<Response>][] = []
    serveRenderer({ handle: (scheme, handler) => handled.push([scheme, handler]) }, ROOT)
    expect(handled.map(([scheme]) => scheme)).toEqual(['app'])
    const response = await handled[0][1](new Request('app://inspector/..%2fmain%2fmain.js'))
    expect(response.status).toBe(400)
  })
})
