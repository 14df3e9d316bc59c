import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { createWebApi } from './bridge/web-api'
import { PanelBoundary } from './components/PanelBoundary'
import { StoreProvider, createAppStore } from './store'
import { SAMPLE_FILE } from './store/sample'
import { createWebWorkers } from './workers/web-workers'
import './styles/base.css'
import './styles/layout.css'
import './styles/workspace.css'
import './styles/controls.css'
import './styles/list.css'
import './styles/panels.css'
import './styles/findings.css'
import './styles/formats.css'
import './styles/loading.css'
import './styles/engines.css'
import './styles/sessions.css'

// Electron's preload defines window.api before this runs; a plain browser gets the web bridge.
window.api ??= createWebApi()

const store = createAppStore({ api: window.api, sample: SAMPLE_FILE, workers: createWebWorkers() })
void store.getState().init()
// A change still waiting for its debounced write is written as the page goes (a reload, a close).
window.addEventListener('pagehide', () => void store.getState().flushSettings())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreProvider store={store}>
      <PanelBoundary name="window">
        <App />
      </PanelBoundary>
    </StoreProvider>
  </StrictMode>,
)
