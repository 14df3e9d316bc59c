import { offeredWindow, type OfferedWindow } from '@core'
import { memoSelector } from './memo'
import type { AppState } from './types'

/**
 * The window "Use this model's window" sets MaxTokens to (the core's offeredWindow): the one the
 * log records its engine ran with, while the model in force is the file's, else the model's
 * documented window; null when neither is known. The same object while its inputs hold.
 */
export const selectOfferedWindow: (s: AppState) => OfferedWindow | null = memoSelector(
  (s: AppState) => [s.options.model, s.fileModel, s.fileWindow],
  (model, fileModel, fileWindow) =>
    offeredWindow(model, {
      ...(fileModel !== null ? { model: fileModel } : {}),
      ...(fileWindow !== null ? { contextWindow: fileWindow } : {}),
    }),
)
