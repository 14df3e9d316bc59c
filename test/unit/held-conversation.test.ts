import { describe, expect, it } from 'vitest'
import { FormatError } from '../../src/index'
import { holdConversation } from '../../renderer/workers/held-conversation'

describe("the app's reading of a file", () => {
  it('hands the file its name to the import: an empty logs.json is refused as the CLI refuses it', () => {
    // Gemini CLI creates a project's logs.json holding `[]` (core/logger.ts, Logger.initialize).
    const read = (name: string, follow: boolean) => () =>
      holdConversation().read(new TextEncoder().encode('[]'), { format: 'auto', name, follow })
    for (const follow of [false, true]) {
      expect(read('logs.json', follow)).toThrow(FormatError)
      expect(read('logs.json', follow)).toThrow(/logs\.json holds only the prompts typed/)
      expect(read('empty.json', follow)().imported.messages).toEqual([])
    }
  })
})
