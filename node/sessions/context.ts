import { homedir } from 'node:os'
import { delimiter } from 'node:path'
import type { LocationContext, Platform } from './locations'

/** The variable that names folders of the user's to search too, separated as PATH is. */
export const FOLDERS_VARIABLE = 'COMPACTION_INSPECTOR_SESSION_FOLDERS'

/** This process's OS, environment and home folder. */
export function contextFromProcess(): LocationContext {
  const platform: Platform =
    process.platform === 'win32' ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux'
  return { platform, env: process.env, home: homedir() }
}

/** The folders FOLDERS_VARIABLE names, empty entries left out. */
export function foldersFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  return (env[FOLDERS_VARIABLE] ?? '').split(delimiter).filter((d) => d.trim() !== '')
}
