/**
 * Electron's security checklist, applied to every web contents and to the session: the window
 * shows one page, ours, and nothing in a conversation can navigate it, open windows, attach
 * webviews or ask for permissions.
 */
import type { Session, WebContents } from 'electron'

/** The web-contents events and hooks this module uses (a real WebContents has them all). */
export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>

/** The session hooks this module uses. */
export type GuardedSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler'
>

/** Whether a URL is our own renderer page (see ipc-validation.ts). */
export type TrustedUrl = (url: string) => boolean

/**
 * Denies every navigation away from our renderer (a dropped file, a link in a conversation, a
 * script setting `location`), every redirect, every new window and every webview.
 */
export function guardWebContents(contents: GuardedContents, isTrusted: TrustedUrl): void {
  contents.on('will-navigate', (event) => {
    if (!isTrusted(event.url)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!isTrusted(event.url)) event.preventDefault()
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
}

/**
 * Refuses every permission (camera, notifications, geolocation and the rest), except writing
 * text to the clipboard from our own page, which the prompt preview's Copy button needs.
 */
export function guardSession(session: GuardedSession, isTrusted: TrustedUrl): void {
  session.setPermissionRequestHandler((contents, permission, callback) => {
    callback(permission === 'clipboard-sanitized-write' && isTrusted(contents.getURL()))
  })
  session.setPermissionCheckHandler((contents, permission) => {
    return (
      permission === 'clipboard-sanitized-write' &&
      contents !== null &&
      isTrusted(contents.getURL())
    )
  })
}
