import { describe, expect, it } from 'vitest'
import { countEachMessage, importConversation, type Message } from '../../src/index'
import { fixture, fixtureJson, tiktokenCost } from './formats-fixtures'

describe('OpenAI Chat Completions in', () => {
  const file = fixture('openai-chat.json')

  it('maps a request body message by message, tools first', () => {
    const imported = importConversation(file, 'openai')
    const tools = JSON.stringify({ tools: fixtureJson('openai-chat.json').tools })
    const expected: Message[] = [
      { type: 'instructions', text: '', payload: tools },
      {
        type: 'instructions',
        text: "You are a travel assistant. Answer in the user's language when you can.",
      },
      {
        type: 'user',
        text: '下周去京都，天气怎么样？也帮我找一家每晚 200 美元以内的酒店。',
        payload: '{"name":"mei"}',
      },
      {
        type: 'bot',
        text: '',
        payload:
          '{"tool_calls":[{"id":"call_wx_01","name":"get_weather","arguments":{"city":"Kyoto"}},' +
          '{"id":"call_ht_02","name":"search_hotels","arguments":{"city":"Kyoto","max_price":200}}]}',
      },
      {
        id: 'call_wx_01',
        type: 'activity',
        text: '',
        payload: '{"city":"Kyoto","forecast":"light rain","high_c":18,"low_c":11}',
      },
      {
        id: 'call_ht_02',
        type: 'activity',
        text: '',
        payload: 'Hotel Kanra Kyoto — $185/night\n\nSakura Terrace — $120/night',
      },
      {
        type: 'bot',
        text: '京都下周有小雨 🌧️，最高 18°C。推荐 Sakura Terrace（每晚 120 美元）或 Hotel Kanra Kyoto（185 美元）。',
      },
      {
        type: 'user',
        text: "Voilà ma réservation — c'est bien l'hôtel près de la gare ?",
        payload:
          '{"attachments":[{"type":"image_url","image_url":{"url":"https://example.com/booking.png","detail":"low"}}]}',
      },
      { type: 'bot', text: 'Oui ! Sakura Terrace est à 5 minutes à pied de la gare de Kyoto. 🚉' },
    ]
    expect(imported.messages).toEqual(expected)
    expect(imported.model).toBe('gpt-4o-2024-08-06')
    expect(imported.format).toBe('openai')
    expect(imported.detected).toBe(false)
  })

  it('prices a tool call as its rendered payload, as OpenAI’s tokenizer counts it', () => {
    const { messages, model } = importConversation(file)
    const counts = countEachMessage(model ?? '', messages)
    expect(counts[3]).toBe(tiktokenCost('', messages[3].payload))
    expect(counts[5]).toBe(
      tiktokenCost('', 'Hotel Kanra Kyoto — $185/night\n\nSakura Terrace — $120/night'),
    )
    expect(counts[6]).toBe(
      tiktokenCost(
        '京都下周有小雨 🌧️，最高 18°C。推荐 Sakura Terrace（每晚 120 美元）或 Hotel Kanra Kyoto（185 美元）。',
      ),
    )
  })

  it('reads "tools": null as no tools, as the API does (LiteLLM sends it)', () => {
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], tools: null }
    const imported = importConversation(JSON.stringify(body), 'openai')
    expect(imported.messages).toEqual([{ type: 'user', text: 'hi' }])
    expect(imported.report.map((n) => n.path)).not.toContain('tools')
  })

  it('reads the legacy "functions" list as function tools, priced and exported as tools', () => {
    const fn = {
      name: 'get_current_weather',
      description: 'Get the current weather in a given location',
      parameters: {
        type: 'object',
        properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
        required: ['location'],
      },
    }
    const legacy = { model: 'gpt-4', messages: [{ role: 'user', content: 'Weather in Boston?' }] }
    const old = importConversation(
      JSON.stringify({ ...legacy, functions: [fn], function_call: 'auto' }),
      'openai',
    )
    const current = importConversation(
      JSON.stringify({ ...legacy, tools: [{ type: 'function', function: fn }] }),
      'openai',
    )
    expect(old.messages).toEqual(current.messages)
    expect(old.report.find((n) => n.path === 'functions')?.problem).toBe(
      'legacy functions; read as function tools',
    )
    expect(old.report.find((n) => n.path === 'function_call')?.severity).toBe('info')
  })

  it('reports request settings and the image by path', () => {
    const { report } = importConversation(file)
    expect(report).toEqual([
      {
        severity: 'info',
        path: 'temperature',
        problem: 'request setting; not part of the conversation',
      },
      {
        severity: 'warning',
        path: 'messages[6].content[1]',
        problem:
          'image by reference (a URL or file id): the file holds only its address, so it is counted as its JSON; the provider prices the image by its size',
      },
    ])
  })

  it('warns that a file sent by its id is read by the provider, not counted from the file', () => {
    // Chat Completions' file part (API reference, "Create chat completion", content part "file").
    const text = JSON.stringify([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Summarise this.' },
          { type: 'file', file: { file_id: 'file-abc123' } },
        ],
      },
    ])
    expect(importConversation(text, 'openai').report).toContainEqual({
      severity: 'warning',
      path: '[0].content[1]',
      problem:
        "file by reference (a file id or URL): the file holds only its address, so it is counted as its JSON; the provider reads the file's contents (a PDF's pages), which this file does not hold, so the count is low",
    })
  })

  it('reads a bare array: developer → instructions, refusal → text, legacy function_call', () => {
    const text = JSON.stringify([
      { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'user', content: 'Write malware.' },
      { role: 'assistant', content: null, refusal: 'I can’t help with that.' },
      { role: 'assistant', content: '', function_call: { name: 'lookup', arguments: '{"q":' } },
      { role: 'function', name: 'lookup', content: 'no result' },
    ])
    const imported = importConversation(text, 'openai')
    expect(imported.messages).toEqual([
      { type: 'instructions', text: 'Be brief.' },
      { type: 'user', text: 'Write malware.' },
      { type: 'bot', text: 'I can’t help with that.' },
      // Arguments that are not valid JSON stay the raw string that was sent.
      {
        type: 'bot',
        text: '',
        payload: '{"tool_calls":[{"name":"lookup","arguments":"{\\"q\\":"}]}',
      },
      { type: 'activity', text: '', payload: '{"name":"lookup","content":"no result"}' },
    ])
    expect(imported.model).toBeUndefined()
    expect(imported.report.map((n) => n.path)).toEqual([
      '[2].refusal',
      '[3].function_call',
      '[4].role',
    ])
  })

  it('reports a field with no place in the wire shape, and does not load it', () => {
    const text = JSON.stringify({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'hi', audio: { id: 'audio_1' } }],
      plugins: [{ name: 'f' }],
    })
    const { report, messages } = importConversation(text, 'openai')
    expect(messages).toEqual([{ type: 'user', text: 'hi' }])
    expect(report).toEqual([
      {
        severity: 'warning',
        path: 'plugins',
        problem: 'not a field of this format; not loaded',
      },
      {
        severity: 'warning',
        path: 'messages[0].audio',
        problem: 'not a field of this format; not loaded',
      },
    ])
  })

  it("reads a spoken reply's transcript as what the model said, and warns of one sent back by its id", () => {
    // A request for a spoken reply ({voice, format} with modalities), the reply as the API returns
    // it (content null, the words in audio.transcript), then the next turn sending it back by id.
    const text = JSON.stringify({
      model: 'gpt-4o-audio-preview',
      modalities: ['text', 'audio'],
      audio: { voice: 'alloy', format: 'wav' },
      messages: [
        { role: 'user', content: 'Say hi' },
        {
          role: 'assistant',
          content: null,
          audio: {
            id: 'audio_1',
            data: 'UklGRg==',
            expires_at: 1730003600,
            transcript: 'Hi there!',
          },
        },
        { role: 'assistant', content: null, audio: { id: 'audio_1' } },
        { role: 'user', content: 'Again' },
      ],
    })
    const { report, messages } = importConversation(text, 'openai')
    expect(messages.slice(0, 3)).toEqual([
      { type: 'user', text: 'Say hi' },
      { type: 'bot', text: 'Hi there!' },
      { type: 'bot', text: '' },
    ])
    expect(report).toEqual([
      {
        severity: 'info',
        path: 'modalities',
        problem: 'request setting; not part of the conversation',
      },
      { severity: 'info', path: 'audio', problem: 'request setting; not part of the conversation' },
      {
        severity: 'info',
        path: 'messages[1].audio',
        problem:
          "a spoken reply: its transcript is read as the reply's text, and its sound is not counted (OpenAI bills it as audio output tokens); a later request sends it back by its id, and the model hears it again",
      },
      {
        severity: 'warning',
        path: 'messages[2].audio',
        problem:
          'an earlier spoken reply, sent back by its id: the model hears that audio again, which this file does not hold, so the count is low by its audio tokens',
      },
    ])
  })

  it('takes an empty "audio" and a streamed call\'s "index" as no loss: nothing unread is warned', () => {
    // llama-stack sends a streamed reply's tool calls back with the chunk's `index`, and a reply
    // message carries `audio: null` when it spoke nothing.
    const text = JSON.stringify({
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          audio: null,
          tool_calls: [
            { index: 0, id: 'call_1', type: 'function', function: { name: 'w', arguments: '{}' } },
          ],
        },
      ],
    })
    const { report } = importConversation(text, 'openai')
    expect(report.filter((n) => n.severity === 'warning')).toEqual([])
    expect(report).toContainEqual(
      expect.objectContaining({ severity: 'info', path: 'messages[1].tool_calls[0].index' }),
    )
  })
})
