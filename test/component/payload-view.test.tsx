import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FORMATTED_MAX_CHARS, PayloadView } from '../../renderer/components/PayloadView'

// A bot message's tool call as the importers encode it: compact JSON on one line.
const TOOL_CALL =
  '{"tool_calls":[{"id":"call_7","name":"write_file","arguments":{"path":"fix.py","content":"def total(x):\\n    return round(x * 1.19, 2)\\n"}}]}'

// The same payload laid out by hand: two-space indent, and the file's text as its own lines, one
// level deeper than its key, between quotes on lines of their own.
const TOOL_CALL_FORMATTED = `{
  "tool_calls": [
    {
      "id": "call_7",
      "name": "write_file",
      "arguments": {
        "path": "fix.py",
        "content": "
          def total(x):
              return round(x * 1.19, 2)
          
        "
      }
    }
  ]
}`

const shown = () => screen.getByTestId('payload-text').textContent
const mode = (name: string) => screen.getByRole('button', { name })

function view(payload: string) {
  return render(<PayloadView payload={payload} parts={[]} marked={null} />)
}

describe("a message's payload", () => {
  it('opens formatted, and Raw shows the exact string it carries', async () => {
    const user = userEvent.setup()
    view(TOOL_CALL)
    expect(shown()).toBe(TOOL_CALL_FORMATTED)
    expect(shown()).not.toContain('\\n')
    expect(mode('Formatted').getAttribute('aria-pressed')).toBe('true')
    expect(mode('Raw').getAttribute('aria-pressed')).toBe('false')

    await user.click(mode('Raw'))
    expect(shown()).toBe(TOOL_CALL)
    expect(mode('Raw').getAttribute('aria-pressed')).toBe('true')
    await user.click(mode('Formatted'))
    expect(shown()).toBe(TOOL_CALL_FORMATTED)
  })

  it('switches with the keyboard alone', async () => {
    const user = userEvent.setup()
    view(TOOL_CALL)
    await user.tab()
    expect(document.activeElement).toBe(mode('Formatted'))
    await user.tab()
    expect(document.activeElement).toBe(mode('Raw'))
    await user.keyboard('{Enter}')
    expect(shown()).toBe(TOOL_CALL)
    await user.tab({ shift: true })
    await user.keyboard(' ')
    expect(shown()).toBe(TOOL_CALL_FORMATTED)
  })

  it('shows a payload that is not JSON as it is, with a note and no toggle', () => {
    const text = 'total.ts:12: expected 119.00, got 118.99\nFAIL 1 of 40 tests'
    view(text)
    expect(shown()).toBe(text)
    expect(screen.getByTestId('payload-note').textContent).toBe('not JSON, so shown as it is')
    expect(screen.queryByRole('button', { name: 'Raw' })).toBeNull()
  })

  it('draws markup in a payload as text, in both views', async () => {
    const user = userEvent.setup()
    const payload = '{"html":"<img src=x onerror=alert(1)>\\n<script>alert(2)</script>"}'
    const { container } = view(payload)
    expect(shown()).toBe(
      '{\n  "html": "\n    <img src=x onerror=alert(1)>\n    <script>alert(2)</script>\n  "\n}',
    )
    await user.click(mode('Raw'))
    expect(shown()).toBe(payload)
    expect(container.querySelector('img, script')).toBeNull()
  })

  it('lays out the first 20,000 characters of a big payload until asked for all', async () => {
    const user = userEvent.setup()
    // 3,000 lines of "    \"line 1234\"," and so on: far past the cap once formatted.
    const lines = Array.from({ length: 3000 }, (_, i) => `line ${i}`)
    const payload = JSON.stringify({ output: lines })
    view(payload)
    expect(shown()).toHaveLength(20_000)
    expect(screen.getByTestId('payload-show-all').textContent).toBe(
      'Showing the first 20,000 characters: show all',
    )
    await user.click(mode('Raw'))
    expect(shown()).toBe(payload.slice(0, 20_000))
    // 3,000 × "line N" quoted and comma-separated, inside {"output":[…]}: counted independently.
    const length = '{"output":[]}'.length + lines.reduce((n, l) => n + l.length + 3, 0) - 1
    expect(payload.length).toBe(length)
    expect(screen.getByTestId('payload-show-all').textContent).toBe(
      `Showing 20,000 of ${length.toLocaleString('en-US')} characters: show all`,
    )
    await user.click(screen.getByTestId('payload-show-all'))
    expect(shown()).toBe(payload)
    await user.click(mode('Formatted'))
    expect(shown()).toBe(JSON.stringify(JSON.parse(payload), null, 2))
    expect(screen.queryByTestId('payload-show-all')).toBeNull()
  })

  it('stops formatting at 5,000,000 characters even when all is asked for, and says Raw has it all', async () => {
    const user = userEvent.setup()
    expect(FORMATTED_MAX_CHARS).toBe(5_000_000)
    // 1,000,000 ones, each on a line of its own two levels deep: "    1,\n" is 7 characters, so
    // formatted it is about 7,000,000, past the ceiling; raw it is 2,000,003.
    const payload = `[[${new Array(1_000_000).fill(1).join(',')}]]`
    view(payload)
    await user.click(screen.getByTestId('payload-show-all'))
    expect(shown()).toHaveLength(5_000_000)
    expect(screen.getByTestId('payload-note').textContent).toBe(
      'Formatted, a payload stops at 5,000,000 characters; Raw shows all of it.',
    )
    await user.click(mode('Raw'))
    expect(shown()).toBe(payload)
    expect(screen.queryByTestId('payload-note')).toBeNull()
  })
})
