import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { App } from '../../renderer/App'
import { makeStore, referenceCounts, renderWithStore } from './fixtures'

/** A testdata/diagnostics fixture: its conversation, options and pasted summary. */
interface DiagnosticsFixture {
  options: { maxTokens: number; keepRecentCount?: number }
  summary?: string
  conversation: { messages: { id: string; type: string; text: string; payload?: string }[] }
}

function readDiagnostics(name: string): DiagnosticsFixture {
  const path = resolve(import.meta.dirname, '../../testdata/diagnostics', name)
  return JSON.parse(readFileSync(path, 'utf8')) as DiagnosticsFixture
}

/** The app on a fixture's conversation with the fixture's options typed into the controls. */
function openDiagnostics(name: string) {
  const fixture = readDiagnostics(name)
  const { store } = makeStore()
  const text = JSON.stringify(fixture.conversation)
  act(() => {
    store.getState().loadFile({ path: null, name, content: text })
    const { maxTokens, keepRecentCount } = fixture.options
    store.getState().setOptionInput('maxTokens', String(maxTokens))
    if (keepRecentCount !== undefined) {
      store.getState().setOptionInput('keepRecentCount', String(keepRecentCount))
    }
  })
  renderWithStore(<App />, store)
  return { fixture, store }
}

const panel = () => within(screen.getByTestId('findings'))
const findings = () =>
  panel()
    .queryAllByTestId('finding')
    .map((f) => `${f.getAttribute('data-severity')} ${f.getAttribute('data-code')}`)
const finding = (code: string) =>
  panel()
    .getAllByTestId('finding')
    .find((f) => f.getAttribute('data-code') === code)!
/** The button that picks a finding: its name starts with the finding's code. */
const pick = (code: string) =>
  within(finding(code)).getByRole('button', { name: new RegExp(`^${code}`) })
const highlightedRows = () =>
  screen
    .getAllByTestId('message-row')
    .filter((row) => row.getAttribute('data-highlighted') === 'true')
    .map((row) => Number(row.getAttribute('data-index')))

describe('the findings panel', () => {
  // summary-before-instructions.json: an earlier summary (0) ahead of the system prompt (1), then a
  // user and a bot turn; at MaxTokens 100,000 the check declines as below the threshold.
  it('groups the findings by severity, each with its messages, tokens and sentence', async () => {
    const user = userEvent.setup()
    const { fixture } = openDiagnostics('summary-before-instructions.json')
    const groups = panel().getAllByTestId('finding-group')
    expect(groups.map((g) => within(g).getAllByRole('button')[0].textContent)).toEqual([
      '▾ Errors (1)',
      '▾ Warnings (1)',
      '▾ Info (2)',
    ])
    expect(findings()).toEqual([
      'error summary-before-instructions',
      'warning instructions-not-first',
      // Within a severity, findings about the whole conversation come first.
      'info compaction-declined',
      'info earlier-summary',
    ])

    const counts = referenceCounts(fixture.conversation.messages)
    const persona = finding('summary-before-instructions')
    expect(persona.textContent).toContain('#0, #1 (s1, sys)')
    expect(persona.textContent).toContain(`${counts[0] + counts[1]} tokens`)
    expect(persona.textContent).toContain('before learning who it is')
    // A finding about the whole conversation names no messages and has nothing to highlight.
    const declined = finding('compaction-declined')
    expect(declined.textContent).not.toContain('tokens —')
    expect(within(declined).queryByRole('button')).toBeNull()

    await user.click(within(groups[2]).getByRole('button', { name: /Info/ }))
    expect(findings()).toEqual([
      'error summary-before-instructions',
      'warning instructions-not-first',
    ])
  })

  it('highlights the messages of a clicked finding, steps through them, and clears', async () => {
    const user = userEvent.setup()
    openDiagnostics('summary-before-instructions.json')
    expect(highlightedRows()).toEqual([])

    await user.click(pick('summary-before-instructions'))
    expect(highlightedRows()).toEqual([0, 1])
    expect(panel().getByTestId('finding-step').getAttribute('data-index')).toBe('0')
    await user.click(panel().getByTestId('finding-next'))
    expect(panel().getByTestId('finding-step').getAttribute('data-index')).toBe('1')
    expect(panel().getByTestId<HTMLButtonElement>('finding-next').disabled).toBe(true)
    expect(screen.getAllByTestId('message-row')[1].className).toContain('highlight-current')

    // Clicking the picked finding again clears it.
    await user.click(pick('summary-before-instructions'))
    expect(highlightedRows()).toEqual([])

    // Enter on another picks it; Escape clears it.
    pick('instructions-not-first').focus()
    await user.keyboard('{Enter}')
    expect(highlightedRows()).toEqual([1])
    expect(panel().queryByTestId('finding-next')).toBeNull()
    await user.keyboard('{Escape}')
    expect(highlightedRows()).toEqual([])
  })

  // summary-drops-identifier.json: instructions (0), then u1 and b1 (1, 2) naming a build hash, a
  // staging URL with ?env=blue, the tag REL-2041 and a log path, then a short user/bot turn (3, 4).
  it('follows the controls: a head of only instructions has nothing to compact', async () => {
    const user = userEvent.setup()
    openDiagnostics('summary-drops-identifier.json')
    // KeepRecentCount 2: the head is 0–2, and the instructions in it are hoisted.
    expect(findings()).toEqual(['info instructions-hoisted'])
    expect(finding('instructions-hoisted').textContent).toContain('#0 (sys)')

    await user.clear(screen.getByTestId('keep-recent-input'))
    await user.type(screen.getByTestId('keep-recent-input'), '4')
    // KeepRecentCount 4: the head is the instructions alone, so the check declines.
    expect(findings()).toEqual(['info compaction-declined'])
  })

  it('judges a pasted summary once typing pauses, and marks what it drops in the messages', async () => {
    const user = userEvent.setup()
    const { fixture } = openDiagnostics('summary-drops-identifier.json')
    await user.click(screen.getByTestId('summary-input'))
    await user.paste(fixture.summary!)

    await waitFor(() =>
      expect(findings()).toEqual(['warning summary-drops-identifier', 'info instructions-hoisted']),
    )
    const dropped = finding('summary-drops-identifier')
    expect(dropped.textContent).toContain('#1, #2 (u1, b1)')
    // The summary keeps the hash 9f8e7d6c and the bare URL, but not these, verbatim.
    const listed = within(within(dropped).getByTestId('dropped-identifiers')).getAllByRole(
      'listitem',
    )
    expect(listed.map((li) => li.textContent)).toEqual([
      'https://staging.quill.dev/app?env=blue',
      'REL-2041',
      '/var/log/quill/deploy.log',
    ])

    // Expanded, the messages that held them mark them where they stand, as text.
    const row = screen.getAllByTestId('message-row')[1]
    await user.click(within(row).getAllByRole('button')[0])
    const marks = within(row).getAllByTestId('dropped-identifier')
    expect(marks.map((m) => m.textContent)).toEqual([
      'https://staging.quill.dev/app?env=blue',
      'REL-2041',
    ])
    expect(row.querySelector('.message-text')?.textContent).toBe(
      fixture.conversation.messages[1].text,
    )

    // A summary that keeps every identifier leaves nothing to report or mark.
    await user.clear(screen.getByTestId('summary-input'))
    await user.paste(
      'Deployed 9f8e7d6c to https://staging.quill.dev/app?env=blue as REL-2041; logs in /var/log/quill/deploy.log.',
    )
    await waitFor(() => expect(findings()).toEqual(['info instructions-hoisted']))
    expect(within(row).queryAllByTestId('dropped-identifier')).toEqual([])
  })

  it('waits for counts rather than show findings against another conversation', () => {
    const { store } = openDiagnostics('summary-drops-identifier.json')
    // The counts of another conversation, as when a worker is still counting this one.
    act(() => store.setState({ counts: { ...store.getState().counts, messages: [] } }))
    expect(panel().getByTestId('findings-waiting').textContent).toContain('Waiting for counts')
    expect(findings()).toEqual([])
  })
})

describe('the findings panel on an agent log that keeps its system prompt out', () => {
  it('says the compacted Claude Code session’s system prompt is not in the file, as info', async () => {
    // Claude Code never writes its system prompt to a transcript; the file holds a compaction's
    // summary and no instructions message, which in a file that records its system prompt would
    // mean a compaction lost it (an error).
    const path = resolve(import.meta.dirname, '../../testdata/formats/claude-code-compacted.jsonl')
    const { store } = makeStore()
    act(() => {
      store
        .getState()
        .loadFile({ path: null, name: 'session.jsonl', content: readFileSync(path, 'utf8') })
      store.getState().setOptionInput('maxTokens', '100000')
    })
    renderWithStore(<App />, store)
    await waitFor(() => expect(findings()).toContain('info no-instructions'))
    expect(findings().filter((f) => f.startsWith('error'))).toEqual([])
    expect(finding('no-instructions').textContent).toContain('does not record its system prompt')
  })
})
