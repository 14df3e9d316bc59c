// `npm start`: runs the built desktop app in Electron. Electron's binary is fetched from GitHub the
// first time; where that fails (no GitHub access), this says so in one line and points to the same
// app in a browser, instead of Electron's own stack trace, whose advice cannot work offline.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const electronDir = dirname(require.resolve('electron/package.json'))

/** The Electron executable when it is installed, else null. */
function installedElectron() {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const executable = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(executable) ? executable : null
}

let electron = installedElectron()
if (!electron) {
  console.log("Downloading Electron's binary (once)…")
  spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'ignore' })
  electron = installedElectron()
}
if (!electron) {
  console.error(
    "Electron's binary is not installed and could not be downloaded (it comes from github.com): run `npm run web` for the same app in a browser, or `npx install-electron` where GitHub is reachable.",
  )
  process.exit(1)
}

const child = spawn(electron, ['.', ...process.argv.slice(2)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
