import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { byTestId, openFile, readNumber, screenshot, showTab } from './harness/app'
import { useAppSession } from './harness/browser'
import { gemmaCount } from '../unit/helpers/gemma'
import { REFERENCE_FRAMING_TOKENS } from '../unit/helpers/tiktoken'
import { sum, tiktokenCounts } from './harness/expected'
import { formatsFile } from './harness/format-fixtures'
import { cli } from './harness/cli'

// claude-code-usage.jsonl: its first request (line 2) reports 3 + 15230 + 0 = 15233 prompt tokens,
// and that prompt is the user's first message alone. Claude on Anthropic's wire costs, as
// docs/tokens.md documents it, round(1.14 × (o200k_base tokens + 16)); the o200k count by tiktoken.
const FILE = formatsFile('claude-code-usage.jsonl')
const FIRST_REPORTED = 15233
const firstPrompt = () => {
  const first = JSON.parse(readFileSync(FILE, 'utf8').split('\n')[0])
  const o200k = tiktokenCounts([{ type: 'user', text: first.message.content }], 'o200k_base')
  return Math.round(1.14 * (sum(o200k) - REFERENCE_FRAMING_TOKENS + 16))
}
const n = (v: number) => v.toLocaleString('en-US')

/**
 * Opens a format fixture, once `tokens --json` has read it (the CLI and the app read the same
 * core), and waits for the figures under the chart to say `says` (or what it makes of the CLI's
 * report); returns the CLI's report.
 */
async function openSaying(
  page: Page,
  fixture: string,
  says: string | ((report: ReturnType<typeof JSON.parse>) => string),
) {
  const file = formatsFile(fixture)
  const report = JSON.parse((await cli(['tokens', file, '--json'])).toString('utf8'))
  const text = typeof says === 'string' ? says : says(report)
  await page.locator(byTestId('total-tokens')).waitFor()
  await openFile(page, file)
  await expect.poll(() => page.locator(byTestId('growth-figures')).textContent()).toContain(text)
  return report
}

/** The per-request table, unfolded: its column heads and each row's cells. */
async function usageTable(page: Page): Promise<{ head: string[]; rows: (string | null)[][] }> {
  const table = page.locator(byTestId('usage-table'))
  await page.getByText('Each request: reported · estimated').click()
  const head = await table.locator('thead th').allTextContents()
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    )
  return { head, rows }
}

describe('the context-growth chart', () => {
  const app = useAppSession()

  it('draws the run and shows each request’s reported size beside the estimate', async () => {
    const { page, pageErrors } = app()
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, FILE)
    const chart = page.locator(`${byTestId('growth-chart')} canvas`)
    await chart.waitFor()
    const box = await chart.boundingBox()
    expect(box?.width).toBeGreaterThan(300)
    expect(box?.height).toBeGreaterThan(100)
    const estimated = firstPrompt()
    const figures = page.locator(byTestId('growth-figures'))
    expect(await figures.textContent()).toContain(
      `reported ${n(FIRST_REPORTED)} · estimated ${n(estimated)}`,
    )
    // The reply that reported it carries the same figures.
    const badge = page.locator(
      `${byTestId('message-row')}[data-index="1"] ${byTestId('row-usage')}`,
    )
    expect(await badge.textContent()).toBe(
      `reported ${n(FIRST_REPORTED)} · estimated ${n(estimated)}`,
    )
    // The fixture is of Claude Code 2.1.92, which kept its attachments out of the file: the page
    // says why the estimate can fall behind, in the CLI's words.
    const text = (await cli(['tokens', FILE])).toString('utf8')
    const said = text.split('\n').find((line) => line.startsWith('Claude Code before 2.1.97'))
    expect(said).toBeDefined()
    expect(await page.locator(byTestId('growth-attachments')).textContent()).toBe(`${said}.`)
    await screenshot(page, 'context-growth')

    // Including the context the file lacks adds it to the total the check decides on.
    const total = page.locator(byTestId('total-tokens'))
    const before = await readNumber(total)
    await page.getByRole('checkbox', { name: /Include the .* tokens not in the file/ }).check()
    await expect
      .poll(() => readNumber(total), { message: 'the total with the hidden context' })
      .toBe(before + FIRST_REPORTED - estimated)
    expect(await badge.textContent()).toBe(
      `reported ${n(FIRST_REPORTED)} · estimated ${n(FIRST_REPORTED)}`,
    )
    expect(pageErrors).toEqual([])
  })

  it('keeps the per-request table’s column heads in view while its rows scroll', async () => {
    // claude-code-usage.jsonl reports 12 requests: more rows than the table's box shows at once.
    const { page, pageErrors } = app()
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, FILE)
    const { rows } = await usageTable(page)
    expect(rows).toHaveLength(12)
    const box = page.locator('.usage-table-box')
    const scrolled = await box.evaluate((el) => {
      el.scrollTop = el.scrollHeight
      return el.scrollTop
    })
    expect(scrolled, 'the rows overflow the box').toBeGreaterThan(0)
    const top = (await box.boundingBox())!.y
    const head = page.locator(`${byTestId('usage-table')} thead th`).first()
    await expect.poll(async () => Math.round((await head.boundingBox())!.y - top)).toBe(0)
    // The head is drawn over the rows, not beside them: the point at its middle is the head.
    const over = await head.evaluate((th) => {
      const r = th.getBoundingClientRect()
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === th
    })
    expect(over).toBe(true)
    // And the last request's row is in the box.
    const last = (await page
      .locator(`${byTestId('usage-table')} tbody tr`)
      .last()
      .boundingBox())!
    const frame = (await box.boundingBox())!
    expect(last.y + last.height).toBeLessThanOrEqual(frame.y + frame.height + 1)
    await screenshot(
      page,
      'context-growth-table-scrolled',
      page.locator(byTestId('growth-details')),
    )
    expect(pageErrors).toEqual([])
  })

  it('follows the window’s width', async () => {
    const { page } = app()
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, FILE)
    const chart = page.locator(`${byTestId('growth-chart')} canvas`)
    await chart.waitFor()
    // The canvas is drawn again when the series change (the last counts arriving): read it as
    // it is when measured.
    const widthNow = async () => (await chart.boundingBox())?.width ?? 0
    await expect.poll(widthNow).toBeGreaterThan(0)
    const wide = await widthNow()
    // The suite's window is a laptop's already: a smaller laptop's, 1024 wide, narrows the chart.
    await page.setViewportSize({ width: 1024, height: 768 })
    await expect
      .poll(async () => {
        const now = await widthNow()
        return now > 0 && now < wide
      })
      .toBe(true)
    await screenshot(page, 'context-growth-1024')
  })

  it('prices each request of a session that switched model as the model that served it', async () => {
    // claude-code-model-switch.jsonl: requests 1 – 6 served by Claude Sonnet 4.5, 7 – 12 by Claude
    // Opus 4.7, the model in force. The CLI and the app read the same core: the same rows.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-model-switch.jsonl',
      '6 of the 12 requests were served by claude-sonnet-4-5-20250929, and each is estimated as the model that served it counts.',
    )
    // A screen reader hears the same.
    expect(await page.locator(byTestId('growth-chart')).getAttribute('aria-label')).toContain(
      '; 6 of the 12 requests were served by claude-sonnet-4-5-20250929',
    )
    const { head, rows } = await usageTable(page)
    expect(head).toEqual([
      'request',
      'at',
      'prompt messages',
      'reported',
      'estimated',
      'priced as',
      'ratio',
    ])
    expect(rows.map((cells) => [cells[4], cells[5]])).toEqual(
      report.requests.map((q: { estimated: number; pricedAs?: string }) => [
        n(q.estimated),
        q.pricedAs ?? 'claude-opus-4-7',
      ]),
    )
    await screenshot(page, 'context-growth-model-switch', page.locator(byTestId('growth-details')))
    expect(pageErrors).toEqual([])
  })

  it('estimates the requests after a microcompaction with the results it cleared', async () => {
    // claude-code-microcompact.jsonl: a microcompaction after request 9 clears the first four tool
    // results in requests 10 – 12. The CLI and the app read the same core: the same rows.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-microcompact.jsonl',
      '3 of the 12 requests were sent with up to 4 tool results cleared by Claude Code, and each is estimated as sent (the conversation holds them whole).',
    )
    // The conversation is loaded whole: its total is the CLI's.
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(report.total)
    const { head, rows } = await usageTable(page)
    expect(head).toEqual([
      'request',
      'at',
      'prompt messages',
      'sent cleared',
      'reported',
      'estimated',
      'ratio',
    ])
    expect(rows.map((cells) => [cells[3], cells[5]])).toEqual(
      report.requests.map((q: { estimated: number; cleared?: number }) => [
        n(q.cleared ?? 0),
        n(q.estimated),
      ]),
    )
    await screenshot(page, 'context-growth-microcompact', page.locator(byTestId('growth-details')))
    expect(pageErrors).toEqual([])
  })

  it('estimates the requests after a model switch without the other model’s thinking', async () => {
    // claude-code-model-switch.jsonl as Claude Code 2.1.160 would write it: its requests 7 – 12
    // go to Opus 4.7, which 2.1.152 and later send none of the signed thinking Sonnet wrote
    // (five blocks, one a reply; docs/tokens.md, "Thinking another model wrote").
    const dir = mkdtempSync(join(tmpdir(), 'switch-e2e-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const file = join(dir, 'claude-code-2.1.160-switch.jsonl')
    const text = readFileSync(formatsFile('claude-code-model-switch.jsonl'), 'utf8')
    writeFileSync(file, text.replaceAll('"2.1.92"', '"2.1.160"'))
    const report = JSON.parse((await cli(['tokens', file, '--json'])).toString('utf8'))
    const { page, pageErrors } = app()
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, file)
    await expect
      .poll(() => page.locator(byTestId('growth-figures')).textContent())
      .toContain(
        '6 of the 12 requests were sent without up to 5 earlier thinking blocks that Claude Code took out, and each is estimated as sent (the conversation holds them whole)',
      )
    // Opus is sent a context of its own: the one not in the file is measured again at its first
    // request, in the CLI's words.
    const change = report.modelChanges[0]
    expect(change).toMatchObject({ model: 'claude-opus-4-7', request: 7, at: 'line 24' })
    const include = page.locator(byTestId('include-hidden')).locator('xpath=..')
    expect(await include.textContent()).toContain(
      `; ${n(Math.abs(change.tokens))} ${change.tokens < 0 ? 'fewer' : 'of them'} from request 7 (line 24) on, the first claude-opus-4-7 served after another model)`,
    )
    expect(await page.locator(byTestId('growth-figures')).first().textContent()).toContain(
      'the context not in the file measured again where another model served included',
    )
    const { rows } = await usageTable(page)
    type Row = { estimated: number; stripped?: number }
    expect(rows.map((cells) => [cells.at(-5), cells.at(-3)])).toEqual(
      report.requests.map((q: Row) => [n(q.stripped ?? 0), n(q.estimated)]),
    )
    expect(report.requests.map((q: Row) => q.stripped ?? 0)).toEqual([
      0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5,
    ])
    await screenshot(page, 'context-growth-model-switch', page.locator(byTestId('growth-details')))
    // The import report says why, at the first request to Opus (line 24).
    const importReport = page.locator(byTestId('import-report'))
    await importReport.locator('summary').click()
    const note = importReport.locator('.report-note', { hasText: 'other models wrote' })
    expect(await note.textContent()).toContain(
      'line 24: message.model: Claude Code 2.1.160 sent this request to claude-opus-4-7 without the 5 thinking blocks other models wrote before it',
    )
    await screenshot(page, 'context-growth-model-switch-report')
    expect(pageErrors).toEqual([])
  })

  it('estimates the requests after a return from idle without what Claude Code took out', async () => {
    // claude-code-idle-return.jsonl: a Claude Code 2.1.332 session whose records after request 9
    // take out the thinking so far and cut the first four tool results, for requests 10 – 12; the
    // API's context editing cleared 312 more tokens from request 12.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-idle-return.jsonl',
      '3 of the 12 requests were sent without up to 7 earlier thinking blocks that Claude Code took out, and each is estimated as sent (the conversation holds them whole)',
    )
    await expect
      .poll(() => page.locator(byTestId('growth-figures')).textContent())
      .toContain('3 of the 12 requests were sent with up to 4 tool results cleared by Claude Code')
    expect(await page.locator(byTestId('growth-figures')).textContent()).toContain(
      '1 of the 12 requests had up to 312 tokens cleared by Anthropic’s context editing before the model read them, by its count, and each estimate leaves them out',
    )
    expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(report.total)
    const { head, rows } = await usageTable(page)
    expect(head).toEqual([
      'request',
      'at',
      'prompt messages',
      'sent cleared',
      'thinking left out',
      'API cleared',
      'reported',
      'estimated',
      'ratio',
    ])
    type Row = { estimated: number; cleared?: number; stripped?: number; apiCleared?: number }
    expect(rows.map((cells) => [cells[3], cells[4], cells[5], cells[7]])).toEqual(
      report.requests.map((q: Row) => [
        n(q.cleared ?? 0),
        n(q.stripped ?? 0),
        n(q.apiCleared ?? 0),
        n(q.estimated),
      ]),
    )
    await screenshot(page, 'context-growth-idle-return', page.locator(byTestId('growth-details')))
    expect(pageErrors).toEqual([])
  })

  it('says which requests another backend answered under a Claude model’s name', async () => {
    // claude-code-router.jsonl: claude-code-usage.jsonl as a router answered it, every reply named
    // claude-opus-4-8 with an id that is not Anthropic's (msg_…). The CLI marks all 12 requests.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-router.jsonl',
      (r) =>
        `${r.requests.filter((q: { otherBackend?: true }) => q.otherBackend).length} of the 12 requests were answered by another backend under a Claude model’s name (their replies’ ids are not of Anthropic’s form): their reported sizes are that backend’s counts, which the Claude calibration does not describe.`,
    )
    expect(report.requests).toHaveLength(12)
    await screenshot(page, 'context-growth-router', page.locator(byTestId('growth-details')))
    expect(pageErrors).toEqual([])
  })

  it('prices earlier thinking the file’s requests keep, and says so under the model', async () => {
    // claude-code-kept-thinking.jsonl: claude-code-usage.jsonl as Claude Code 2.1.136 wrote it,
    // which asks Anthropic's API to keep every earlier turn's thinking. The app's estimate of each
    // request is the CLI's, and the words under the model picker are the CLI's under its method.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-kept-thinking.jsonl',
      (r) => `reported ${n(r.requests[0].reported)} · estimated ${n(r.requests[0].estimated)}`,
    )
    expect(report.thinking).toBe('kept')
    const note = page.locator(byTestId('model-thinking'))
    await expect
      .poll(() => note.textContent())
      .toBe(
        'Earlier turns’ thinking priced as sent: the file’s requests ask Anthropic’s API to keep it, where claude-sonnet-4-5-20250929 on its own keeps only the last turn’s.',
      )
    const { head, rows } = await usageTable(page)
    const estimated = rows.map((r) => r[head.indexOf('estimated')])
    expect(estimated).toEqual(report.requests.map((q: { estimated: number }) => n(q.estimated)))
    await screenshot(page, 'model-kept-thinking', page.locator('.model-picker'))
    // The same conversation as 2.1.92 wrote it follows the model's rule: no words.
    await openFile(page, FILE)
    await expect.poll(() => note.count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('derives what a subagent was sent unrecorded from its second request, and includes it', async () => {
    // claude-code-subagent.jsonl: a subagent's own file, no attachment recorded; its requests from
    // the second on (the first after a tool result) report 612 tokens the file does not hold.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-subagent.jsonl',
      (r) =>
        `${n(r.unrecorded.tokens)} tokens this subagent was sent from request 2 on are not in its file (its skill listing and reminders, which Claude Code did not record); they are derived from that request, as the system prompt is from the first, and counted in the growth.`,
    )
    const late: number = report.unrecorded.tokens
    const hidden: number = report.calibration.hiddenTokens
    await expect
      .poll(() => page.locator('label.growth-include').textContent())
      .toBe(
        `Include the ${n(hidden)} tokens not in the file (system prompt and tool schemas, derived from the first reported request; ${n(late)} of them sent to this subagent unrecorded, derived from request 2)`,
      )
    // Included, each request's estimate holds the hidden context its prompt held: the first
    // request's alone, then the subagent's unrecorded context too.
    await page.locator(byTestId('include-hidden')).check()
    const { rows } = await usageTable(page)
    expect(rows.map((cells) => cells[4])).toEqual(
      report.requests.map((q: { estimated: number; unrecorded?: number }) =>
        n(q.estimated + hidden - late + (q.unrecorded ?? 0)),
      ),
    )
    // So does the badge on the reply that reported the first request.
    const first = report.requests[0]
    expect(await page.locator(byTestId('row-usage')).first().textContent()).toBe(
      `reported ${n(first.reported)} · estimated ${n(first.estimated + hidden - late)}`,
    )
    await screenshot(page, 'context-growth-subagent', page.locator(byTestId('growth-details')))
    expect(pageErrors).toEqual([])
  })

  it('derives the definition of a tool ToolSearch loaded from the request first sent it', async () => {
    // claude-code-tool-search.jsonl: the first tool call is a ToolSearch whose result names
    // WebFetch; every request from the second on reports its definition, which the file lacks.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'claude-code-tool-search.jsonl',
      (r) =>
        `${n(r.toolsLoaded[0].tokens)} tokens are the definition of a deferred tool a ToolSearch result loaded (WebFetch), which the file does not hold; it is derived from request 2, where it was first sent, and counted in the growth.`,
    )
    const loaded: number = report.toolsLoaded[0].tokens
    const hidden: number = report.calibration.hiddenTokens
    await expect
      .poll(() => page.locator('label.growth-include').textContent())
      .toBe(
        `Include the ${n(hidden)} tokens not in the file (system prompt and tool schemas, derived from the first reported request; ${n(loaded)} of them deferred tools’ definitions, derived from the requests first sent them)`,
      )
    // Included, the first request's estimate holds the first request's hidden context alone, and
    // every later one the definition too.
    await page.locator(byTestId('include-hidden')).check()
    const { rows } = await usageTable(page)
    expect(rows.map((cells) => cells[4])).toEqual(
      report.requests.map((q: { estimated: number; toolsLoaded?: number }) =>
        n(q.estimated + hidden - loaded + (q.toolsLoaded ?? 0)),
      ),
    )
    await screenshot(page, 'context-growth-tool-search', page.locator(byTestId('growth-details')))
    expect(pageErrors).toEqual([])
  })

  it('prices a Gemini reply’s thinking by its reported thoughts, and names the method', async () => {
    // gemini-cli-thoughts.json: g2 (record 2) reported 150 thoughts tokens and recorded no thought;
    // turn 2 has begun, so that thinking is no longer in the context: 0 tokens on the wire.
    const { page, pageErrors } = app()
    const file = formatsFile('gemini-cli-thoughts.json')
    const report = JSON.parse((await cli(['tokens', file, '--json'])).toString('utf8'))
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, file)
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(report.total)
    // The words docs/tokens.md measures (90% of 4,376 reported requests within ±1.54%), as the
    // CLI prints them too.
    expect(report.method).toBe(
      'approximate: within ±2% of provider counts on 90% of 4,376 requests',
    )
    expect(await page.locator(byTestId('model-method')).textContent()).toBe(
      `Google Gemini: ${report.method}`,
    )
    const carrier = page.locator(`${byTestId('message-row')}[data-index="4"]`)
    expect(await carrier.getAttribute('data-type')).toBe('reasoning')
    await carrier.getByRole('button').first().click()
    await expect
      .poll(() => carrier.locator(byTestId('opaque-parts')).textContent())
      .toBe('thinking, not in this context: 0 tokens')
    await page.locator(`${byTestId('growth-chart')} canvas`).waitFor()
    await screenshot(page, 'gemini-thinking', carrier)
    expect(pageErrors).toEqual([])
  })

  it('prices no Gemini thinking where the reports show none was sent, and says so', async () => {
    // gemini-cli-thoughts-unsent.jsonl: at each new turn the reported prompt grew by the last reply
    // and the prompt alone, so the 600, 500 and 200 tokens of thinking were never in a request.
    const { page, pageErrors } = app()
    const report = await openSaying(
      page,
      'gemini-cli-thoughts-unsent.jsonl',
      (r) => `reported ${n(r.requests[0].reported)} · estimated ${n(r.requests[0].estimated)}`,
    )
    expect(report.thinking).toBe('dropped')
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(report.total)
    const note = page.locator(byTestId('model-thinking'))
    await expect
      .poll(() => note.textContent())
      .toBe(
        'Thinking priced at 0 in every request: the file’s reported prompts show that none of its requests held an earlier reply’s thinking, not even its own turn’s.',
      )
    // The last turn's thinking (row 11) is no more in the next request than the earlier turns'.
    const last = page.locator(`${byTestId('message-row')}[data-index="11"]`)
    expect(await last.getAttribute('data-type')).toBe('reasoning')
    await last.getByRole('button').first().click()
    await expect
      .poll(() => last.locator(byTestId('opaque-parts')).textContent())
      .toBe('thinking, not in this context: 0 tokens')
    const { head, rows } = await usageTable(page)
    const estimated = rows.map((r) => r[head.indexOf('estimated')])
    expect(estimated).toEqual(report.requests.map((q: { estimated: number }) => n(q.estimated)))
    await screenshot(page, 'gemini-unsent-thinking', page.locator('.model-picker'))
    // The file whose reports show the turn's thinking was sent follows the model's rule: no words.
    await openFile(page, formatsFile('gemini-cli-thoughts.json'))
    await expect.poll(() => note.count()).toBe(0)
    expect(pageErrors).toEqual([])
  })

  it('prices Claude thinking by its reply’s output, the file holding only its signature', async () => {
    // claude-code-silent-thinking.jsonl: the first reply's thinking block has no text; the reply
    // reported 412 output tokens. The CLI and the app read the same core, so their totals agree.
    const { page, pageErrors } = app()
    const file = formatsFile('claude-code-silent-thinking.jsonl')
    const report = JSON.parse((await cli(['tokens', file, '--json'])).toString('utf8'))
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, file)
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(report.total)
    const thinking = page.locator(`${byTestId('message-row')}[data-index="1"]`)
    expect(await thinking.getAttribute('data-type')).toBe('reasoning')
    await thinking.getByRole('button').first().click()
    await expect
      .poll(() => thinking.locator(byTestId('opaque-parts')).textContent())
      .toContain("thinking, its reply's reported 412 output tokens less the reply's text and calls")
    await screenshot(page, 'claude-silent-thinking', thinking)
    expect(pageErrors).toEqual([])
  })
  it('prices a Gemini function call as its name and arguments, as the CLI does', async () => {
    // gemini-cli.json: m-02 (row 2) says a sentence and calls read_file twice. docs/tokens.md,
    // "Gemini's function calls": the text's tokens + each name's + each arguments object's compact
    // JSON's, in Gemma 3's vocabulary (Gemini's), the call ids and the payload's JSON left out.
    const { page, pageErrors } = app()
    const file = formatsFile('gemini-cli.json')
    const reply = JSON.parse(readFileSync(file, 'utf8')).messages[1]
    const calls = reply.toolCalls.map(
      (c: { name: string; args: unknown }) =>
        gemmaCount(c.name) + gemmaCount(JSON.stringify(c.args)),
    )
    const expected = gemmaCount(reply.content) + sum(calls)
    const report = JSON.parse((await cli(['tokens', file, '--json'])).toString('utf8'))
    expect(report.tokens[2]).toBe(expected)
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, file)
    const row = page.locator(`${byTestId('message-row')}[data-index="2"]`)
    await expect.poll(() => row.getAttribute('data-tokens')).toBe(String(expected))
    await screenshot(page, 'gemini-function-call', row)
    expect(pageErrors).toEqual([])
  })

  it('prices Chinese text for Claude as measured: each Han character adds 0.15 before the factor', async () => {
    // claude-code-chinese.jsonl: the first prompt holds 40 Han characters (and four full-width
    // punctuation marks, which add nothing); docs/tokens.md, "Chinese text": its cost is
    // round(1.14 × (o200k_base tokens + round(0.15 × 40) + 16)), the o200k count by tiktoken.
    const { page, pageErrors } = app()
    const file = formatsFile('claude-code-chinese.jsonl')
    const first = JSON.parse(readFileSync(file, 'utf8').split('\n')[0]).message.content
    const o200k = sum(tiktokenCounts([{ type: 'user', text: first }], 'o200k_base'))
    const expected = Math.round(1.14 * (o200k - REFERENCE_FRAMING_TOKENS + 6 + 16))
    await page.locator(byTestId('total-tokens')).waitFor()
    await openFile(page, file)
    const row = page.locator(`${byTestId('message-row')}[data-index="0"]`)
    await expect.poll(() => row.getAttribute('data-tokens')).toBe(String(expected))
    await showTab(page, 'prompt')
    await expect
      .poll(() => page.locator(byTestId('prompt-tokens')).textContent())
      .toMatch(
        /tokens with o200k_base × 1\.14, plus 0\.15 a Han character, 0\.5 a Hangul syllable before the factor;/,
      )
    await screenshot(page, 'claude-chinese', row)
    expect(pageErrors).toEqual([])
  })
})
