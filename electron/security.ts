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

/** A test on a URL: our renderer's origin, or its page (see ipc-validation.ts). */
export type TrustedUrl = (url: string) => boolean

/**
 * Denies every navigation (a dropped file, a link in a conversation, a script setting
 * `location`, another page of our own origin) except to our renderer's page itself, every
 * redirect, every new window and every webview.
 */
export function guardWebContents(contents: GuardedContents, isRendererPage: TrustedUrl): void {
  contents.on('will-navigate', (event) => {
    if (!isRendererPage(event.url)) event.preventDefault()
  })
  contents.on('will-frame-navigate', (event) => {
    if (!isRendererPage(event.url)) event.preventDefault()
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
