import { formatNumber, plural } from '@core/numbers'
import { SESSIONS_BUTTON_ID } from '../dom-ids'
import { SAMPLE_MAX_TOKENS, selectCheck, useApp } from '../store'
import { ExportButton } from './ExportButton'
import { ForkParent } from './ForkParent'
import { VibeMeta } from './VibeMeta'
import { WriteAheadLog } from './WriteAheadLog'
import { FormatPicker } from './FormatPicker'
import { ImportReport } from './ImportReport'
import { LiveStatus } from './LiveStatus'
import { RecentMenu } from './RecentMenu'
import { RequestPicker } from './RequestPicker'
import { SessionPicker } from './SessionPicker'

/** The file on screen and the file actions. */
export function Header() {
  const name = useApp((s) => s.file.name)
  const path = useApp((s) => s.file.path)
  const isSample = useApp((s) => s.file.isSample)
  const count = useApp((s) => s.messages.length)
  // The sample's hint says why it opens compacting; it shows only while that is still so.
  const sampleCompacts = useApp(
    (s) => s.options.maxTokens === SAMPLE_MAX_TOKENS && selectCheck(s)?.shouldCompact === true,
  )
  const openDialog = useApp((s) => s.openDialog)
  const setHelpOpen = useApp((s) => s.setHelpOpen)
  const canListSessions = useApp((s) => s.canListSessions)
  const openSessions = useApp((s) => s.openSessions)

  return (
    <header className="header">
      <h1 className="app-title">Compaction Inspector</h1>
      <div className="file-info">
        <div className="file-line">
          <span className="file-name" data-testid="file-name" title={path ?? name}>
            {name}
          </span>
          {isSample && (
            <>
              <span className="tag">sample conversation</span>
              {sampleCompacts && (
                <span className="muted" data-testid="sample-hint">
                  opened with MaxTokens {formatNumber(SAMPLE_MAX_TOKENS)}, so it is over its
                  threshold
                </span>
              )}
            </>
          )}
          <span className="muted file-count" data-testid="file-count">
            {plural(count, 'message')}
          </span>
          <LiveStatus />
        </div>
        <div className="file-line">
          <FormatPicker />
          <RequestPicker />
          <SessionPicker />
          <ForkParent />
          <VibeMeta />
          <WriteAheadLog />
          <ImportReport />
        </div>
      </div>
      <nav className="header-actions" aria-label="File">
        {/* Hidden where the host cannot list sessions: the shortcut says why there. */}
        {canListSessions && (
          <button
            type="button"
            id={SESSIONS_BUTTON_ID}
            data-testid="sessions-button"
            onClick={openSessions}
            title="The agents' sessions on this computer (Ctrl/Cmd+Shift+O)"
          >
            Sessions
          </button>
        )}
        <button
          type="button"
          onClick={() => void openDialog()}
          title="Open a conversation (Ctrl/Cmd+O)"
        >
          Open…
        </button>
        <RecentMenu />
        <ExportButton />
        <button
          type="button"
          className="icon-button"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={() => setHelpOpen(true)}
        >
          ?
        </button>
      </nav>
    </header>
  )
}
