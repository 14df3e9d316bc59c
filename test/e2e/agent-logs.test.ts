import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { allRows, byTestId, openFile, readNumber, screenshot } from './harness/app'
import { useAppSession } from './harness/browser'
import { cli } from './harness/cli'
import { formatsFile } from './harness/format-fixtures'
import { ROOT } from './harness/paths'

/** What the CLI's `tokens --json` says of a file: the other surface over the same core. */
async function cliTokens(
  file: string,
  ...args: string[]
): Promise<{ tokens: number[]; total: number }> {
  return JSON.parse((await cli(['tokens', file, '--json', ...args])).toString('utf8'))
}

/** Opens a file and waits until its total (the CLI's) is on screen. */
async function openAndWait(page: Page, file: string, total: number): Promise<void> {
  await page.locator(byTestId('total-tokens')).waitFor()
  await openFile(page, file)
  await expect
    .poll(() => readNumber(page.locator(byTestId('total-tokens'))), { message: file })
    .toBe(total)
}

const detected = (page: Page) => page.locator(byTestId('format-detected')).textContent()

// One fixture per agent's own log format (testdata/formats, written to each engine's schema).
const LOGS: [file: string, label: string][] = [
  ['claude-code-2.1.jsonl', 'Claude Code session (JSONL)'],
  ['codex.jsonl', 'OpenAI Codex CLI rollout'],
  ['codex-legacy.jsonl', 'OpenAI Codex CLI rollout'],
  ['codex-agents.jsonl', 'OpenAI Codex CLI rollout'],
  ['gemini-cli.jsonl', 'Gemini CLI session'],
  ['pi.jsonl', 'pi coding-agent session (JSONL)'],
  ['opencode.json', 'opencode session (export)'],
  ['swe-agent.traj', 'SWE-agent or mini-swe-agent trajectory'],
  ['mini-swe-agent-2.traj.json', 'SWE-agent or mini-swe-agent trajectory'],
  ['cline.json', 'Cline / Roo Code task history'],
  ['roo-code.json', 'Cline / Roo Code task history'],
  ['api-traffic.jsonl', 'API traffic log ({request, response} pairs)'],
  ['openai-responses-list.json', 'OpenAI Responses'],
]

describe("every agent's own log opens in the app", () => {
  const app = useAppSession()

  it.each(LOGS)(
    '%s: detected as %s, every message listed, as the CLI reads it',
    async (name, label) => {
      const { page, pageErrors } = app()
      const file = formatsFile(name)
      const expected = await cliTokens(file)
      await openAndWait(page, file, expected.total)
      expect(await detected(page)).toBe(`${label} · detected`)
      // Every message is a row, with the cost the CLI gives it.
      const rows = await allRows(page, expected.tokens.length)
      expect(rows.map((row) => row.tokens)).toEqual(expected.tokens)
      expect(pageErrors).toEqual([])
      if (name === 'claude-code-2.1.jsonl') {
        // The report counts what the import left out, by kind.
        const report = page.locator(byTestId('import-report'))
        await report.locator('summary').click()
        expect(await report.textContent()).toMatch(/sidechain|progress|attachment/)
        await screenshot(page, 'formats-claude-code-2.1')
      }
      if (name === 'opencode.json') {
        // What opencode no longer sends after its compaction is counted, and the reply that failed.
        const report = page.locator(byTestId('import-report'))
        await report.locator('summary').click()
        expect(await report.textContent()).toMatch(/2 messages before the latest compaction/)
        expect(await report.textContent()).toMatch(/a reply that failed/)
        await screenshot(page, 'formats-opencode')
      }
    },
  )

  it('shows the system prompt and tools a current Claude Code session recorded as its instructions', async () => {
    // claude-code-snapshot.jsonl: Claude Code 2.1.318 wrote a prompt_snapshot at lines 1 and 2;
    // line 2's (the prefix, three blocks and three tools) was in force at the first request.
    const { page, pageErrors } = app()
    const file = formatsFile('claude-code-snapshot.jsonl')
    const expected = await cliTokens(file)
    await openAndWait(page, file, expected.total)
    const rows = await allRows(page, expected.tokens.length)
    expect(rows.map((row) => row.tokens)).toEqual(expected.tokens)
    const first = page.locator(`${byTestId('message-row')}[data-index="0"]`)
    expect(await first.getAttribute('data-type')).toBe('instructions')
    expect(await first.textContent()).toContain('You are Claude Code, an agent for software work')
    const tools = page.locator(`${byTestId('message-row')}[data-index="4"]`)
    expect(await tools.getAttribute('data-type')).toBe('instructions')
    // The file holds its system prompt: no finding says it does not, and the context the first
    // request held beyond it is named for what it is.
    await expect
      .poll(() => page.locator('label.growth-include').textContent())
      .toContain(
        '(what the requests held beyond the messages and the instructions the file records, derived from the first reported request)',
      )
    expect(await page.getByText('does not record its system prompt').count()).toBe(0)
    await screenshot(page, 'formats-claude-code-snapshot')
    expect(pageErrors).toEqual([])
  })

  it("shows a Codex sub-agent's messages as context, an encrypted one as encrypted content", async () => {
    // codex-agents.jsonl: a Codex 0.171 thread that delegates to /root/tz_tests. The helper's
    // answer (line 12) and its encrypted message (line 18) reach the model as agent messages.
    const { page, pageErrors } = app()
    const file = formatsFile('codex-agents.jsonl')
    const expected = await cliTokens(file)
    await openAndWait(page, file, expected.total)
    const answer = page.locator(`${byTestId('message-row')}[data-index="7"]`)
    expect(await answer.getAttribute('data-type')).toBe('context')
    expect(await answer.textContent()).toContain('Message Type: FINAL_ANSWER')
    const sealed = page.locator(`${byTestId('message-row')}[data-index="10"]`)
    expect(await sealed.getAttribute('data-type')).toBe('context')
    await sealed.getByRole('button').first().click()
    // 1,086 base64 characters decode to 814 bytes: at 4 bytes a token, 204 tokens.
    await expect
      .poll(() => sealed.locator(byTestId('opaque-parts')).textContent())
      .toBe('encrypted content, 1.1 kB encrypted, ~204 tokens (estimated from its size)')
    await screenshot(page, 'formats-codex-agents', sealed)
    expect(pageErrors).toEqual([])
  })

  it('says where a file holds less than its requests did, and which file to open instead', async () => {
    const { page, pageErrors } = app()
    const dir = await mkdtemp(join(tmpdir(), 'compaction-inspector-notes-'))
    try {
      // A Gemini CLI session whose first result Gemini CLI masked after it was sent, as
      // ToolOutputMaskingService writes it (our own text, in its shape).
      const masked =
        '<tool_output_masked>\n{\n  "output": "def main():\\n... [TRUNCATED] ...\\n    main()\\n"\n}\n\n' +
        'Output too large. Full output available at: /home/ana/.gemini/tmp/app/tool-outputs/read_file_1.txt\n</tool_output_masked>'
      const session = join(dir, 'session-2026-04-20T04-27-masked.json')
      await writeFile(
        session,
        JSON.stringify({
          sessionId: 's-1',
          projectHash: 'p-1',
          startTime: '2026-04-20T04:27:00.000Z',
          lastUpdated: '2026-04-20T04:29:00.000Z',
          messages: [
            {
              id: 'u1',
              timestamp: '2026-04-20T04:27:10.000Z',
              type: 'user',
              content: 'Read app.py.',
            },
            {
              id: 'g1',
              timestamp: '2026-04-20T04:27:20.000Z',
              type: 'gemini',
              content: 'I will read it.',
              model: 'gemini-3-flash-preview',
              toolCalls: [
                {
                  id: 'read_file_1',
                  name: 'read_file',
                  args: { file_path: 'app.py' },
                  status: 'success',
                  result: [
                    {
                      functionResponse: {
                        id: 'read_file_1',
                        name: 'read_file',
                        response: { output: masked },
                      },
                    },
                  ],
                },
              ],
            },
            {
              id: 'g2',
              timestamp: '2026-04-20T04:27:30.000Z',
              type: 'gemini',
              content: 'app.py starts the server in main().',
              model: 'gemini-3-flash-preview',
            },
          ],
        }),
      )
      const expected = await cliTokens(session)
      await openAndWait(page, session, expected.total)
      expect(await detected(page)).toBe('Gemini CLI session · detected')
      const report = page.locator(byTestId('import-report'))
      await report.locator('summary').click()
      await expect
        .poll(() => report.textContent())
        .toContain('a tool result Gemini CLI masked after it was sent')
      await screenshot(page, 'formats-gemini-masked', report)
      await report.locator('summary').click()

      // Cline's ui_messages.json beside the conversation: the error names the file to open, and
      // the session stays on screen.
      const ui = join(dir, 'ui_messages.json')
      await writeFile(
        ui,
        JSON.stringify([
          { ts: 1767644899093, type: 'say', say: 'text', text: 'Rename the upload helper.' },
          { ts: 1767644900962, type: 'say', say: 'checkpoint_created' },
        ]),
      )
      await openFile(page, ui)
      const error = page.locator(byTestId('error'))
      await expect.poll(() => error.textContent()).toContain('api_conversation_history.json')
      expect(await error.textContent()).toContain("this is the task's ui_messages.json")
      expect(await readNumber(page.locator(byTestId('total-tokens')))).toBe(expected.total)
      expect(pageErrors).toEqual([])
      await screenshot(page, 'formats-cline-ui-messages')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('an API traffic log shows its main thread, and the picker reads another request', async () => {
    const { page, pageErrors } = app()
    const file = formatsFile('api-traffic.jsonl')
    const main = await cliTokens(file)
    await openAndWait(page, file, main.total)
    const picker = page.locator(byTestId('request-select'))
    const chosen = Number(await picker.inputValue())
    const other = chosen === 2 ? 3 : 2
    const expected = await cliTokens(file, '--request', String(other))
    expect(expected.total).not.toBe(main.total)
    await picker.selectOption(String(other))
    await expect.poll(() => readNumber(page.locator(byTestId('total-tokens')))).toBe(expected.total)
    expect(Number(await picker.inputValue())).toBe(other)
    expect(pageErrors).toEqual([])
    await screenshot(page, 'formats-api-traffic-request')
  })

  it('an opencode database shows its latest session, and the picker reads another', async () => {
    const { page, pageErrors } = app()
    // The database alone, as a browser is given it (its write-ahead log is not beside the copy).
    const dir = await mkdtemp(join(tmpdir(), 'ci-opencode-e2e-'))
    try {
      const file = join(dir, 'opencode.db')
      await copyFile(join(ROOT, 'testdata/sqlite/opencode.db'), file)
      const main = await cliTokens(file)
      await openAndWait(page, file, main.total)
      expect(await detected(page)).toContain('opencode or Kilo database')
      const picker = page.locator(byTestId('session-select'))
      expect(await picker.inputValue()).toBe('ses_3f1a2b4c5ffeWx8Kq2Lm9Np0Rt')
      const older = 'ses_2a0000000001Older0000000001'
      const expected = await cliTokens(file, '--session', older)
      expect(expected.tokens).toHaveLength(2)
      await picker.selectOption(older)
      await expect
        .poll(() => readNumber(page.locator(byTestId('total-tokens'))))
        .toBe(expected.total)
      expect(await picker.inputValue()).toBe(older)
      const rows = await allRows(page, 2)
      expect(rows[0].text).toContain('Rename loadCfg to loadConfig.')
      expect(rows[1].text).toContain('Renamed it in three files.')
      expect(pageErrors).toEqual([])
      await screenshot(page, 'formats-opencode-db-session')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
