/**
 * What only a development build may do: load the renderer from electron-vite's dev server, trust
 * that server's origin with IPC, and offer Reload and the developer tools. `electron-vite dev`
 * builds main in development mode and sets ELECTRON_RENDERER_URL for the Electron it starts;
 * `electron-vite build` (which `npm start` and packaging run) builds it in production mode, where
 * `import.meta.env.DEV` is false and main.ts never reads the variable. Being unpackaged is not
 * enough: `npm start` runs a production build unpackaged.
 */

/** The development-only powers of one run of main. */
export interface DevelopmentTrust {
  /** The dev server the window loads and whose pages IPC trusts; undefined in production. */
  devServerUrl: string | undefined
  /** Whether the menu offers Reload, Force Reload and the developer tools. */
  devTools: boolean
}

/** A production build's: no dev server, no developer tools. */
export const PRODUCTION_TRUST: DevelopmentTrust = Object.freeze({
  devServerUrl: undefined,
  devTools: false,
})

/** How main was built and started. */
export interface BuildFacts {
  /** `import.meta.env.DEV`: true only in a build made by `electron-vite dev`. */
  isDevBuild: boolean
  /** `app.isPackaged`: an installed app is never a development build. */
  isPackaged: boolean
  /** ELECTRON_RENDERER_URL, as electron-vite dev sets it. */
  rendererUrl: string | undefined
}

/** The development powers of a run: all of them only in an unpackaged development build. */
export function developmentTrust(build: BuildFacts): DevelopmentTrust {
  if (!build.isDevBuild || build.isPackaged) return PRODUCTION_TRUST
  return { devServerUrl: build.rendererUrl || undefined, devTools: true }
}
