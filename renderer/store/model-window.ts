import { offeredWindow, type OfferedWindow, type RecordedWindow } from '@core'
import { memoSelector } from './memo'
import type { AppState } from './types'

/**
 * What the file says of its model and the window its engine ran with, as the core's offeredWindow
 * and recordedWindowFor take it. The same object while they hold.
 */
export const selectFileLimits: (s: AppState) => { model?: string; contextWindow?: RecordedWindow } =
  memoSelector(
    (s: AppState) => [s.fileModel, s.fileWindow],
    (fileModel, fileWindow) => ({
      ...(fileModel !== null ? { model: fileModel } : {}),
      ...(fileWindow !== null ? { contextWindow: fileWindow } : {}),
    }),
  )

/**
 * The window "Use this model's window" sets MaxTokens to (the core's offeredWindow): the one the
 * log records its engine ran with, while the model in force is the file's, else the model's
 * documented window; null when neither is known. The same object while its inputs hold.
 */
export const selectOfferedWindow: (s: AppState) => OfferedWindow | null = memoSelector(
  (s: AppState) => [s.options.model, selectFileLimits(s)],
  (model, file) => offeredWindow(model, file),
)
