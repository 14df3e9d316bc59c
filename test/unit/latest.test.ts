import { describe, expect, it } from 'vitest'
import { latestOfEach, type Request } from '../../renderer/workers/latest'

/** Requests that record when they are sent (with their id) and what they are answered. */
function recorder() {
  const sent: string[] = []
  const settled: string[] = []
  let id = 1
  const latest = latestOfEach<string, string>(() => id++)
  const request = (name: string): Request<string> => ({
    send: (at) => sent.push(`${name}#${at}`),
    settle: (reply) => settled.push(`${name}:${reply}`),
  })
  return { latest, request, sent, settled }
}

describe('one request at a time, the newest of each kind', () => {
  it('sends at once when idle, and the next in turn once answered', () => {
    const { latest, request, sent, settled } = recorder()
    latest.ask('diagnose', request('d1'))
    latest.ask('prompt', request('p1'))
    expect(sent).toEqual(['d1#1'])
    latest.answer(1, 'ok')
    expect(settled).toEqual(['d1:ok'])
    expect(sent).toEqual(['d1#1', 'p1#2'])
  })

  it('drops an older waiting request of the same kind unanswered', () => {
    const { latest, request, sent, settled } = recorder()
    latest.ask('diagnose', request('d1'))
    latest.ask('prompt', request('p1'))
    latest.ask('engines', request('e1'))
    latest.ask('prompt', request('p2'))
    latest.answer(1, 'a')
    latest.answer(2, 'b')
    latest.answer(3, 'c')
    // The newest prompt goes to the end of the turn.
    expect(sent).toEqual(['d1#1', 'e1#2', 'p2#3'])
    expect(settled).toEqual(['d1:a', 'e1:b', 'p2:c'])
  })

  it('ignores an answer to any id but the running one', () => {
    const { latest, request, settled } = recorder()
    latest.ask('diagnose', request('d1'))
    latest.answer(7, 'stale')
    expect(settled).toEqual([])
  })

  it('clearWaiting keeps the running one; clear drops it too', () => {
    const { latest, request, sent, settled } = recorder()
    latest.ask('diagnose', request('d1'))
    latest.ask('prompt', request('p1'))
    latest.clearWaiting()
    latest.answer(1, 'a')
    expect(settled).toEqual(['d1:a'])
    expect(sent).toEqual(['d1#1'])
    latest.ask('prompt', request('p2'))
    latest.clear()
    latest.answer(2, 'b')
    expect(settled).toEqual(['d1:a'])
  })

  it('cancel drops a waiting one, or stops the running one and sends the next', () => {
    const { latest, request, sent, settled } = recorder()
    const d1 = request('d1')
    const p1 = request('p1')
    latest.ask('diagnose', d1)
    latest.ask('prompt', p1)
    latest.cancel(p1, () => sent.push('stopped'))
    expect(sent).toEqual(['d1#1'])
    latest.ask('prompt', request('p2'))
    latest.cancel(d1, () => sent.push('stopped'))
    expect(sent).toEqual(['d1#1', 'stopped', 'p2#2'])
    latest.answer(1, 'late')
    expect(settled).toEqual([])
  })
})
