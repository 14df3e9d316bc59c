/** Debian's Chromium; `.ci/run` installs it when it is missing. */
export const CHROMIUM = '/usr/bin/chromium'

/** The flags every headless Chromium here starts with: no sandbox, GPU or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
] as const
