import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MessageList } from '../../renderer/components/MessageList'
import { makeStore, renderWithStore } from './fixtures'

const rows = () => screen.getAllByTestId('message-row')

// Long messages in the scripts whose shaping is the cost of a row: CJK, Arabic, emoji sequences.
const CJK = '压缩会丢失早期对话中的标识符。'.repeat(40)
const ARABIC = 'الملخص يحذف المعرفات من الرسائل القديمة. '.repeat(40)
const EMOJI = '👩🏽‍💻🇯🇵😀'.repeat(100)

describe('a message row shows one line of its message, and no more', () => {
  it('cuts long CJK, Arabic and emoji text to what a wide text column shows', async () => {
    const { store } = makeStore()
    const messages = [
      { type: 'user', id: 'cjk', text: CJK },
      { type: 'bot', id: 'arabic', text: ARABIC },
      { type: 'user', id: 'emoji', text: EMOJI },
    ]
    await store.getState().loadFile({
      path: null,
      name: 'scripts.json',
      content: JSON.stringify({ messages }),
    })
    renderWithStore(<MessageList />, store)
    await waitFor(() => expect(rows()).toHaveLength(3))
    const previews = rows().map((row) => row.querySelector('.row-preview')!.textContent!)

    // 160 columns, a CJK character taking two: 79 characters and the ellipsis.
    expect(previews[0]).toBe(`${CJK.slice(0, 79)}…`)
    // Arabic letters take one column each: 159 characters, spaces included, and the ellipsis.
    expect(previews[1]).toBe(`${ARABIC.slice(0, 159).trimEnd()}…`)
    // Each repeat is three clusters: the technologist (👩 and 💻, four columns), a flag (two
    // regional indicators, four) and a face (two): ten columns. Fifteen repeats fill 150; the
    // technologist of the 16th would end at 154 and the flag at 158, and the face at 160 leaves
    // no room for the ellipsis.
    expect(previews[2]).toBe(`${'👩🏽‍💻🇯🇵😀'.repeat(15)}👩🏽‍💻🇯🇵…`)

    // Nothing of the message beyond its preview is in the page, shown or hidden, until it opens.
    for (const [i, row] of rows().entries()) {
      expect(row.textContent!.length, messages[i].id).toBeLessThan(previews[i].length + 40)
      expect(row.querySelector('[title]')?.getAttribute('title')).toBe(messages[i].id)
    }
  })
})
