import type { Command } from '../command'
import { applyCommand } from './apply'
import { checkCommand } from './check'
import { diagnoseCommand } from './diagnose'
import { enginesCommand } from './engines'
import { promptCommand } from './prompt'
import { serveCommand } from './serve'
import { sessionsCommand } from './sessions'
import { tokensCommand } from './tokens'
import { watchCommand } from './watch'

/** Every subcommand, in the order the tool's help lists them. */
export const COMMANDS: readonly Command[] = [
  checkCommand,
  promptCommand,
  applyCommand,
  diagnoseCommand,
  tokensCommand,
  enginesCommand,
  sessionsCommand,
  watchCommand,
  serveCommand,
]
