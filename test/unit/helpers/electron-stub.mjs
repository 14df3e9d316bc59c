/**
 * A stand-in for the 'electron' module, for running the built main process under plain Node
 * (electron-build.test.ts). It records, in order, what main asks of Electron, enforces the
 * before/after-'ready' rules of the protocol module, and "loads" the window's URL through the
 * registered scheme handler, with the scripts and styles it names, as Chromium would. The record is printed as JSON when Node exits.
 */
const events = []
const handlers = new Map()
let ready = false

const record = (name, detail) => events.push(detail === undefined ? { name } : { name, detail })
process.on('exit', () => process.stdout.write(`\nELECTRON-STUB ${JSON.stringify(events)}\n`))

export const app = {
  // Packaged unless the test says otherwise: `npm start` runs the production build unpackaged.
  isPackaged: process.env.ELECTRON_STUB_UNPACKAGED !== '1',
  setPath: (name) => record('app.setPath', name),
  getPath: () => process.env.COMPACTION_INSPECTOR_USER_DATA,
  enableSandbox: () => record('app.enableSandbox'),
  commandLine: {
    appendSwitch(name, value) {
      if (ready) throw new Error('command-line switches must be appended before ready')
      record('app.commandLine.appendSwitch', { name, value })
    },
  },
  requestSingleInstanceLock: () => true,
  quit: () => record('app.quit'),
  exit: (code) => record('app.exit', code),
  on: () => app,
  isReady: () => ready,
  whenReady: () =>
    new Promise((resolve) =>
      setImmediate(() => {
        ready = true
        record('ready')
        resolve()
      }),
    ),
  addRecentDocument: () => {},
  clearRecentDocuments: () => {},
}

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (ready) throw new Error('registerSchemesAsPrivileged must be called before ready')
    record('protocol.registerSchemesAsPrivileged', schemes)
  },
  handle(scheme, handler) {
    if (!ready) throw new Error('protocol.handle must be called after ready')
    handlers.set(scheme, handler)
    record('protocol.handle', scheme)
  },
}

export class BrowserWindow {
  static getAllWindows = () => []
  static getFocusedWindow = () => null
  static fromWebContents = () => null
  webContents = { on: () => {}, send: () => {} }

  constructor(options) {
    const { preload, sandbox, contextIsolation, nodeIntegration } = options.webPreferences
    record('new BrowserWindow', { preload, sandbox, contextIsolation, nodeIntegration })
  }

  once() {}
  on() {}

  loadFile(path) {
    record('BrowserWindow.loadFile', path)
    return Promise.resolve()
  }

  async loadURL(url) {
    record('BrowserWindow.loadURL', url)
    const handler = handlers.get(new URL(url).protocol.slice(0, -1))
    if (!handler) throw new Error(`no handler for ${url}`)
    const response = await handler(new Request(url))
    const body = await response.text()
    record('page', {
      status: response.status,
      contentType: response.headers.get('content-type'),
      csp: response.headers.get('content-security-policy'),
      nosniff: response.headers.get('x-content-type-options'),
      body,
    })
    // The scripts and styles the page names, resolved against its URL as Chromium does.
    for (const [, relative] of body.matchAll(/\s(?:src|href)="(\.\/[^"]+)"/g)) {
      const asset = new URL(relative, url).href
      const answer = await handler(new Request(asset))
      record('asset', {
        url: asset,
        status: answer.status,
        contentType: answer.headers.get('content-type'),
      })
    }
  }
}

/** Every role in a menu template, submenus included. */
const rolesOf = (items) =>
  items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? rolesOf(item.submenu) : []),
  ])

export const Menu = {
  buildFromTemplate: (template) => template,
  setApplicationMenu: (template) => record('Menu.setApplicationMenu', rolesOf(template)),
}
export const dialog = {}
export const ipcMain = {
  handle: (channel) => record('ipcMain.handle', channel),
  on: (channel) => record('ipcMain.on', channel),
}
export const session = {
  defaultSession: { setPermissionRequestHandler: () => {}, setPermissionCheckHandler: () => {} },
}
