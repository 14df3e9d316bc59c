import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { buildSummaryPrompt } from '../../src'
import { PromptPanel } from '../../renderer/components/PromptPanel'
import { RUN, makeStore, referenceCounts, renderWithStore, runStore, sum } from './fixtures'

// The head of RUN that is summarised, by hand: indexes 1, 2, 4, 5, 6, 7.
const HEAD = [1, 2, 4, 5, 6, 7].map((i) => RUN[i])

describe('the summary prompt panel', () => {
  it('shows exactly the prompt the core builds for the head', () => {
    const { store } = runStore()
    renderWithStore(<PromptPanel />, store)
    expect(screen.getByTestId('summary-prompt').textContent).toBe(buildSummaryPrompt(HEAD))
  })

  it('lists the head messages that never reach the prompt, with their tokens', () => {
    const { store } = runStore()
    renderWithStore(<PromptPanel />, store)
    const counts = referenceCounts(RUN)
    const excluded = screen.getAllByTestId('excluded-row')
    // activity, reasoning and the unknown telemetry type: 4, 5 and 6.
    expect(excluded.map((row) => row.getAttribute('data-index'))).toEqual(['4', '5', '6'])
    expect(excluded.map((row) => Number(row.getAttribute('data-tokens')))).toEqual([
      counts[4],
      counts[5],
      counts[6],
    ])
    expect(screen.getByTestId('excluded-messages').textContent).toContain(
      `${counts[4] + counts[5] + counts[6]} tokens`,
    )
  })

  it('lists the first 20 of a long run of them, and counts the rest in grouped figures', () => {
    // 1,200 tool results in the head, each the answer to a call, and a prompt at each end.
    const results = Array.from({ length: 1200 }, (_, i) => ({
      type: 'activity',
      text: `result ${i}`,
    }))
    const messages = [{ type: 'user', text: 'Go.' }, ...results, { type: 'user', text: 'Done?' }]
    const { store } = makeStore()
    store.getState().loadFile({
      token: 'long-token',
      path: '/work/long.json',
      name: 'long.json',
      content: JSON.stringify({ model: 'gpt-4o', messages }),
    })
    store.getState().setOptionInput('maxTokens', '50')
    store.getState().setOptionInput('keepRecentCount', '1')
    renderWithStore(<PromptPanel />, store)
    const counts = referenceCounts(messages)
    const rows = screen.getAllByTestId('excluded-row')
    expect(rows.map((row) => Number(row.getAttribute('data-index')))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
    const tokens = sum(counts.slice(1, 1201))
    const list = screen.getByTestId('excluded-messages').textContent
    expect(list).toContain(
      `Not in the prompt: 1,200 head messages, ${tokens.toLocaleString('en-US')} tokens`,
    )
    expect(list).toContain('and 1,180 more')
  })

  it('gives the prompt’s cost with the chosen model’s tokenizer', () => {
    const { store } = runStore()
    renderWithStore(<PromptPanel />, store)
    const [withOverhead] = referenceCounts([{ text: buildSummaryPrompt(HEAD) }])
    const bare = withOverhead - 4
    expect(screen.getByTestId('prompt-tokens').textContent).toBe(
      `${bare} tokens with o200k_base; ${withOverhead} sent as one message`,
    )
  })

  it('copies the whole prompt and says so', async () => {
    const user = userEvent.setup()
    const { store } = runStore()
    renderWithStore(<PromptPanel />, store)
    await user.click(screen.getByRole('button', { name: 'Copy prompt' }))
    expect(await navigator.clipboard.readText()).toBe(buildSummaryPrompt(HEAD))
    expect(screen.getByTestId('copy-prompt').textContent).toBe('Copied')
  })
})

describe('the summary prompt panel on a Claude session', () => {
  it('states how Claude’s count is made: the factor, and what a Han character and a Hangul syllable add before it', () => {
    // A Claude Code session's lines, as Claude Code 2.1 writes them (docs/formats/claude-code.md).
    const line = (uuid: string, parentUuid: string | null, message: object) =>
      JSON.stringify({
        type: 'role' in message && message.role === 'user' ? 'user' : 'assistant',
        uuid,
        parentUuid,
        sessionId: 's',
        version: '2.1.14',
        message,
      })
    const content = [
      line('u1', null, { role: 'user', content: '发票的到期日按柏林时间计算，请检查。' }),
      line('a1', 'u1', {
        id: 'msg_1',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'text', text: '好的，我来看一下 src/billing。' }],
      }),
      line('u2', 'a1', { role: 'user', content: 'Thanks.' }),
    ].join('\n')
    const { store } = makeStore()
    store
      .getState()
      .loadFile({ token: 'claude-token', path: '/work/s.jsonl', name: 's.jsonl', content })
    store.getState().setOptionInput('maxTokens', '50')
    store.getState().setOptionInput('keepRecentCount', '1')
    renderWithStore(<PromptPanel />, store)
    expect(screen.getByTestId('prompt-tokens').textContent).toMatch(
      /^[\d,]+ tokens with o200k_base × 1\.14, plus 0\.15 a Han character, 0\.5 a Hangul syllable before the factor; [\d,]+ sent as one message$/,
    )
  })
})
