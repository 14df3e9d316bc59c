import type { ImportedConversation } from '@core'

/**
 * What a read of the file says besides its messages, as the store holds it: one rule for the
 * first read (conversation-slice) and for each change of a followed file (live-slice).
 */
export function importedFields(imported: Omit<ImportedConversation, 'messages'>) {
  return {
    fileModel: imported.model ?? null,
    wire: imported.wire,
    thinking: imported.thinking ?? ('model' as const),
    format: imported.format,
    requests: imported.requests ?? [],
    request: imported.request ?? null,
    sessions: imported.sessions ?? [],
    session: imported.session ?? null,
    usage: imported.usage ?? [],
    fileWindow: imported.contextWindow ?? null,
    fileEngineSettings: imported.engineSettings ?? null,
    importReport: imported.report,
    systemPromptUnrecorded: imported.systemPromptUnrecorded === true,
    attachmentsUnrecorded: imported.attachmentsUnrecorded === true,
    logUnread: imported.logUnread === true,
    forkedFrom: imported.forkedFrom ?? null,
  }
}
