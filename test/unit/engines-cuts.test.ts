import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { countEachMessage, diagnose, parseConversation, runEngines, type Options } from '@core'

// The presets find cut tool exchanges with the pairing the tool-exchange-cut finding uses: on the
// hand-written diagnostics fixtures, the seed preset says it cuts one exactly when diagnose does.
const DIAGNOSTICS = resolve(import.meta.dirname, '../../testdata/diagnostics')

const fixtures = readdirSync(DIAGNOSTICS)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => {
    const f = JSON.parse(readFileSync(join(DIAGNOSTICS, name), 'utf8'))
    return { name, options: f.options as Options, conversation: f.conversation as unknown }
  })

describe('cutsToolExchange agrees with the tool-exchange-cut finding', () => {
  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_, f) => {
    const { messages } = parseConversation(JSON.stringify(f.conversation))
    const model = f.options.model ?? ''
    const [seed] = runEngines(
      {
        messages,
        counts: countEachMessage(model, messages),
        window: f.options.maxTokens,
        maxOutput: 1,
        spec: { model },
        settings: {
          seed: {
            triggerRatio: f.options.triggerRatio,
            keepRecentCount: f.options.keepRecentCount,
          },
        },
      },
      ['seed'],
    )
    const cut = diagnose({ messages, options: f.options }).some(
      (finding) => finding.code === 'tool-exchange-cut',
    )
    expect(seed.cutsToolExchange).toBe(cut)
  })
})
