import type { Api } from '../electron/contract'

// The renderer's only door to its host, typed from the contract rather than restated here.
declare global {
  interface Window {
    api: Api
  }
}

export {}
