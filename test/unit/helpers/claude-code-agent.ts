/**
 * A fixture Claude Code agent: the lines a session's JSONL log gets as it works, in the shape
 * Claude Code writes (docs/formats/claude-code.md; testdata/formats/claude-code-usage.jsonl is a
 * real-shaped sample): a user prompt, the assistant's tool call, the tool's result, and the
 * assistant's reply, each assistant line with the usage the provider reported.
 */

export interface AgentSession {
  sessionId: string
  cwd: string
  model: string
  /** The time of the first line; each line is a second after the one before. */
  start: Date
}

/** Writes the lines of a session's turns, numbering uuids and timestamps as it goes. */
export function claudeCodeAgent(session: AgentSession) {
  let line = 0
  let parent: string | null = null
  // What the provider reports grows with the conversation, as a prompt's size does: a system
  // prompt and tools of about 1,400 tokens, and about 3.5 characters a token of what was said.
  let said = 0
  const promptTokens = () => 1400 + Math.round(said / 3.5)

  const event = (type: 'user' | 'assistant', message: unknown, extra: object = {}) => {
    line++
    const uuid = `${session.sessionId.slice(0, 8)}-${String(line).padStart(4, '0')}`
    const record = {
      parentUuid: parent,
      isSidechain: false,
      userType: 'external',
      cwd: session.cwd,
      sessionId: session.sessionId,
      version: '2.1.92',
      gitBranch: 'main',
      type,
      uuid,
      timestamp: new Date(session.start.getTime() + line * 1000).toISOString(),
      message,
      ...extra,
    }
    parent = uuid
    return JSON.stringify(record) + '\n'
  }

  const assistant = (id: string, content: unknown[], outputTokens: number) => {
    const usage = {
      input_tokens: 3,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: promptTokens(),
      output_tokens: outputTokens,
    }
    said += JSON.stringify(content).length
    return event(
      'assistant',
      {
        id,
        type: 'message',
        role: 'assistant',
        model: session.model,
        content,
        stop_reason: null,
        usage,
      },
      { requestId: `req_${id}` },
    )
  }

  return {
    /**
     * One turn: the prompt, a tool call reading `path`, its result (`lines` lines of text), and
     * the reply. Returns the JSONL it appends, four lines.
     */
    turn(n: number, prompt: string, path: string, lines: number, reply: string): string {
      const toolId = `toolu_${String(n).padStart(4, '0')}`
      const body = Array.from(
        { length: lines },
        (_, i) =>
          `${String(i + 1).padStart(3)}\tconst total${i} = round(ledger[${i}] * rate) // turn ${n}`,
      ).join('\n')
      // Each reply reports the prompt it answered: what was said before it.
      said += prompt.length
      let out = event('user', { role: 'user', content: prompt })
      out += assistant(
        `msg_${n}a`,
        [{ type: 'tool_use', id: toolId, name: 'Read', input: { file_path: path } }],
        40,
      )
      said += body.length
      out += event('user', {
        role: 'user',
        content: [{ tool_use_id: toolId, type: 'tool_result', content: body }],
      })
      return out + assistant(`msg_${n}b`, [{ type: 'text', text: reply }], 120)
    },
  }
}
