import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { findWebBuild, listenProblem } from '../../cli/commands/serve'
import { CliError } from '../../cli/errors'
import { runCli } from '../../cli/run-cli'
import { startServe } from '../../node/serve/server'

async function run(args: string[]) {
  const err: string[] = []
  let out = ''
  const status = await runCli(args, { out: (t) => void (out += t), err: (l) => void err.push(l) })
  return { status, out, err }
}

describe('compaction-inspector serve, before it listens', () => {
  it('refuses a port that is not one, and any argument, in one line', async () => {
    expect(await run(['serve', '--port', '65536'])).toEqual({
      status: 2,
      out: '',
      err: ['serve: option --port: "65536" is not a port (0 to 65535)'],
    })
    expect((await run(['serve', '--port', '-1'])).status).toBe(2)
    expect(await run(['serve', 'file.json'])).toMatchObject({
      status: 2,
      err: ['serve: unexpected argument "file.json"'],
    })
  })

  it('says a port in use in words, without a stack', async () => {
    const taken = createServer()
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done))
    const port = (taken.address() as { port: number }).port
    const catalog = {
      list: async () => [],
      counts: async () => null,
      locate: async () => null,
      containing: async () => [],
    }
    const follow = () => ({ close() {} })
    try {
      const error = await startServe({ webDir: '/nonexistent', port, catalog, follow }).catch(
        (e: unknown) => e,
      )
      expect(listenProblem(error)).toBe(
        'the port is in use (choose another with --port, or 0 for any)',
      )
    } finally {
      taken.close()
    }
  })

  it('says the web build is missing and how to make it', () => {
    expect(() => findWebBuild('/nonexistent/dist')).toThrow(
      new CliError(
        "serve: the web build (out/web/index.html) is missing beside the tool: run 'npm run build'",
      ),
    )
  })
})
