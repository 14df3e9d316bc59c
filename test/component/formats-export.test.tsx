import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { applySummary, exportConversation, serializeConversation } from '../../src'
import { App } from '../../renderer/App'
import { exportName } from '../../renderer/store'
import { fakeApi } from './fake-api'
import { RUN, renderWithStore, runStore } from './fixtures'

const SUMMARY = 'Berlin totals were rounded before tax; fixed in src/billing/total.ts. Prüfung ✓'

// The split of RUN by hand (see fixtures.tsx): the two instructions are hoisted, b2 and u3 are the
// tail, and the other six are summarised.
const KEEP = [RUN[0], RUN[3], RUN[8], RUN[9]]
const HEAD = [RUN[1], RUN[2], RUN[4], RUN[5], RUN[6], RUN[7]]

/** RUN in the app, tuned to compact, with SUMMARY applied: ready to export. */
async function appliedRun() {
  const user = userEvent.setup()
  const api = fakeApi()
  const { store } = runStore(api)
  renderWithStore(<App />, store)
  await user.click(screen.getByTestId('summary-input'))
  await user.paste(SUMMARY)
  await user.click(screen.getByTestId('apply-summary'))
  return { user, api }
}

interface Request {
  model: string
  max_tokens?: number
  system?: { type: string; text: string }[]
  messages: { role: string; content: unknown }[]
}

describe('export formats', () => {
  it('offers the wire shape, OpenAI Chat Completions and Anthropic Messages; the wire shape first', async () => {
    await appliedRun()
    const select = screen.getByTestId('export-format') as HTMLSelectElement
    expect(select.value).toBe('native')
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['native', 'Compaction Inspector (native)'],
      ['openai', 'OpenAI Chat Completions'],
      ['anthropic', 'Anthropic Messages'],
    ])
  })

  it('writes an OpenAI request, named for its format, with the system prompt, the summary, then the tail', async () => {
    const { user, api } = await appliedRun()
    await user.selectOptions(screen.getByTestId('export-format'), 'openai')
    await user.click(screen.getByTestId('export'))

    const [request] = api.exports
    expect(request.suggestedName).toBe('run.compacted.openai.json')
    // The same bytes as `apply --to openai`: the core's export of the applied result, naming the model.
    const applied = applySummary(KEEP, SUMMARY, HEAD)
    expect(request.text).toBe(exportConversation(applied, 'openai', { model: 'gpt-4o' }))
    const body = JSON.parse(request.text) as Request
    expect(body.model).toBe('gpt-4o')
    expect(body.messages.map((m) => m.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'user',
    ])
    expect(body.messages[2].content).toBe(SUMMARY)
    expect(body.messages[4].content).toBe(RUN[9].text)
  })

  it('writes an Anthropic request with the instructions as its system blocks', async () => {
    const { user, api } = await appliedRun()
    await user.selectOptions(screen.getByTestId('export-format'), 'anthropic')
    await user.click(screen.getByTestId('export'))

    const [request] = api.exports
    expect(request.suggestedName).toBe('run.compacted.anthropic.json')
    const applied = applySummary(KEEP, SUMMARY, HEAD)
    expect(request.text).toBe(exportConversation(applied, 'anthropic', { model: 'gpt-4o' }))
    const body = JSON.parse(request.text) as Request
    expect(body.system?.map((block) => block.text)).toEqual([RUN[0].text, RUN[3].text])
    expect(body.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', SUMMARY],
      ['assistant', RUN[8].text],
      ['user', RUN[9].text],
    ])
  })

  it('shows, after the export, what the format had no place for', async () => {
    const { user } = await appliedRun()
    expect(screen.queryByTestId('export-report')).toBeNull()
    await user.selectOptions(screen.getByTestId('export-format'), 'openai')
    await user.click(screen.getByTestId('export'))

    // It opens by itself: the user has just caused it. Chat Completions messages carry no id, so
    // the ids of the four kept messages are not written; nor is the summary's meta.
    const report = (await screen.findByTestId('export-report')) as HTMLDetailsElement
    expect(report.open).toBe(true)
    expect(report.textContent).toContain('OpenAI Chat Completions')
    const notes = within(report)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(notes.some((note) => note.includes('id') && note.includes('×4'))).toBe(true)
    expect(notes.some((note) => note.includes('messages[2]') && note.includes('meta'))).toBe(true)
  })

  it('keeps the wire shape byte-identical to `apply`, and the plain name', async () => {
    const { user, api } = await appliedRun()
    await user.selectOptions(screen.getByTestId('export-format'), 'anthropic')
    await user.selectOptions(screen.getByTestId('export-format'), 'native')
    await user.click(screen.getByTestId('export'))
    expect(api.exports[0].suggestedName).toBe('run.compacted.json')
    expect(api.exports[0].text).toBe(serializeConversation(applySummary(KEEP, SUMMARY, HEAD)))
  })

  it('names an export of a JSONL session as JSON, since every export is JSON', () => {
    expect(exportName('session.jsonl', 'native')).toBe('session.compacted.json')
    expect(exportName('session.jsonl', 'anthropic')).toBe('session.compacted.anthropic.json')
  })
})
