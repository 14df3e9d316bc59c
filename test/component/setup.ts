import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => cleanup())

// jsdom has no layout engine. The virtualised lists need a ResizeObserver to exist and a viewport
// height on their scroll element to decide how many rows to draw; rows themselves measure 0 high,
// so every row of a test conversation fits in that viewport and is drawn.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver

const VIEWPORT = { clientHeight: 800, clientWidth: 1000 }
for (const [property, size] of Object.entries(VIEWPORT)) {
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroll') ? size : 0
    },
  })
}

// jsdom's Blob (and so File) has no text(); the app reads opened and dropped files with it.
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as string)
      reader.onerror = () => reject(reader.error)
      reader.readAsText(this)
    })
  }
}

// uPlot draws on a canvas, which jsdom lacks (and reads matchMedia as it loads): every component
// test gets a stand-in that draws nothing. The chart's own test records what it is given instead.
vi.mock('uplot', () => ({
  default: class {
    static pxRatio = 1
    setSize() {}
    redraw() {}
    destroy() {}
  },
}))
