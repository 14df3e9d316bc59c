import {
  CONVERSATIONAL_TYPES,
  promptBoundary,
  promptClosing,
  promptOpening,
  type PromptedMessage,
} from './prompt'

/** A text that is not a summary prompt as buildSummaryPrompt writes it; says where, and why. */
export class PromptParseError extends Error {
  constructor(
    readonly offset: number,
    problem: string,
  ) {
    super(`summary prompt, at character ${offset}: ${problem}`)
    this.name = 'PromptParseError'
  }
}

/**
 * The messages a summary prompt holds, in order: each one's type, id (absent when it has none)
 * and text (with its payload after a newline, as written). The inverse of buildSummaryPrompt:
 * for any messages, it gives back exactly the ones that reached the prompt. Anything that is not
 * such a prompt, byte for byte, is a PromptParseError: a prompt whose boundary is not the one its
 * messages call for too, so every prompt it accepts is the one its messages build.
 */
export function parseSummaryPrompt(prompt: string): PromptedMessage[] {
  let at = 0
  const fail = (problem: string): never => {
    throw new PromptParseError(at, problem)
  }
  const expect = (text: string, what: string) => {
    if (!prompt.startsWith(text, at)) fail(`expected ${what}`)
    at += text.length
  }
  /** The text from here to the next `end`, which it steps over. */
  const upTo = (end: string, what: string) => {
    const found = prompt.indexOf(end, at)
    if (found === -1) fail(`${what} is not closed by ${JSON.stringify(end)}`)
    const text = prompt.slice(at, found)
    at = found + end.length
    return text
  }

  const opening = promptOpening('')
  const head = opening.slice(0, opening.length - '>\n'.length)
  expect(head, 'the preamble and <conversation')
  const suffix = /^(?:-[1-9][0-9]{0,8})?>\n/.exec(prompt.slice(at, at + 12))
  if (!suffix) fail('expected ">" or a boundary such as "-1>" after <conversation')
  const boundary = suffix![0].slice(0, -2)
  at += suffix![0].length
  const closing = promptClosing(boundary)
  const atClosing = () => prompt.length - at === closing.length && prompt.endsWith(closing)

  const messages: PromptedMessage[] = []
  if (!atClosing()) {
    for (;;) {
      const start = at
      let type: string
      let id: string | undefined
      if (boundary === '') {
        expect('<message type="', '<message type="')
        type = upTo('"', 'the type')
        if (prompt.startsWith(' id="', at)) {
          at += ' id="'.length
          id = upTo('"', 'the id')
        }
        expect('>\n', '">" and a newline')
      } else {
        expect(
          `<message${boundary}>\n<type${boundary}>`,
          `<message${boundary}> and <type${boundary}>`,
        )
        type = upTo(`</type${boundary}>\n`, 'the type')
        if (prompt.startsWith(`<id${boundary}>`, at)) {
          at += `<id${boundary}>`.length
          id = upTo(`</id${boundary}>\n`, 'the id')
        }
      }
      if (!CONVERSATIONAL_TYPES.has(type)) {
        at = start
        fail(`a message of type ${JSON.stringify(type)}, which never reaches the prompt`)
      }
      if (id === '') fail('an empty id, which the prompt never writes')
      const text = upTo(`\n</message${boundary}>`, 'the message')
      messages.push(id === undefined ? { type, text } : { type, id, text })
      if (atClosing()) break
      expect('\n\n', 'a blank line before the next message, or the end of the conversation')
    }
  }
  if (promptBoundary(messages) !== boundary) {
    at = head.length
    fail(`the boundary ${JSON.stringify(boundary)} is not the one these messages call for`)
  }
  return messages
}
