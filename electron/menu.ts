/**
 * The application menu. Commands that act on the conversation are sent to the window as
 * `MenuCommand`s (the renderer owns that state); main handles only Open Recent itself.
 */
import { basename } from 'node:path'
import type { MenuItemConstructorOptions } from 'electron'
import type { MenuCommand } from './contract'
import type { RecentEntry } from './recent-files'
import { printable } from '../src/printable'
import { previewLine } from '../src/text-clip'

/** What the menu needs to know and to call. */
export interface MenuContext {
  /** Development builds get Reload and the developer tools (see development.ts); others do not. */
  devTools: boolean
  platform: NodeJS.Platform
  /** Recent files, newest first. */
  recentFiles: readonly RecentEntry[]
  /** Sends a command to the focused window. */
  send(command: MenuCommand): void
  openRecent(entry: RecentEntry): void
  clearRecent(): void
}

/** The menu template for the current platform and recent-files list. */
export function buildMenuTemplate(context: MenuContext): MenuItemConstructorOptions[] {
  const isMac = context.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []
  if (isMac) template.push({ role: 'appMenu' })
  template.push(
    {
      label: '&File',
      submenu: [
        { label: '&Open…', accelerator: 'CmdOrCtrl+O', click: () => context.send('open') },
        { label: 'Open &Recent', submenu: recentSubmenu(context) },
        {
          label: '&Sessions…',
          accelerator: 'CmdOrCtrl+Shift+O',
          click: () => context.send('sessions'),
        },
        { type: 'separator' },
        { label: '&Export…', accelerator: 'CmdOrCtrl+E', click: () => context.send('export') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: '&Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&Summary',
      submenu: [
        {
          label: '&Paste a Summary',
          accelerator: 'CmdOrCtrl+L',
          click: () => context.send('focus-summary'),
        },
        {
          label: '&Apply Summary',
          accelerator: 'CmdOrCtrl+Enter',
          click: () => context.send('apply-summary'),
        },
      ],
    },
    {
      label: '&View',
      submenu: [
        ...(context.devTools
          ? [
              { role: 'reload' as const },
              { role: 'forceReload' as const },
              { role: 'toggleDevTools' as const },
              { type: 'separator' as const },
            ]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
  )
  if (isMac) template.push({ role: 'windowMenu' })
  return template
}

function recentSubmenu(context: MenuContext): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] =
    context.recentFiles.length === 0
      ? [{ label: 'No Recent Files', enabled: false }]
      : context.recentFiles.map((entry) => ({
          // A bare `&` would become a mnemonic on Windows and Linux; `&&` shows one ampersand.
          label: recentLabel(entry).replaceAll('&', '&&'),
          click: () => context.openRecent(entry),
        }))
  return [
    ...items,
    { type: 'separator' },
    {
      label: 'Clear Recently Opened',
      enabled: context.recentFiles.length > 0,
      click: () => context.clearRecent(),
    },
  ]
}

/** How many columns of a session's title a recent file's menu item shows. */
export const RECENT_TITLE_COLUMNS = 60

/**
 * A recent file as the menu names it, then its path: by its session's title where it has one
 * (session logs are named by ids), cut to one short line and with no control character; else by
 * its name and, for a database's, its session's id.
 */
export function recentLabel(entry: RecentEntry): string {
  if (entry.title !== undefined) {
    return `${printable(previewLine(entry.title, RECENT_TITLE_COLUMNS))} — ${entry.path}`
  }
  const session = entry.session !== undefined ? ` (session ${entry.session})` : ''
  return `${basename(entry.path)}${session} — ${entry.path}`
}
