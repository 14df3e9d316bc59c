import { describe, expect, it } from 'vitest'
import { callIdsOf } from '../../src/diagnose/tool-calls'

// Payloads in the shapes the provider APIs document, and the call ids a reader would pair them by.
describe('callIdsOf', () => {
  it('reads the OpenAI Chat shapes: tool_calls[].id on the request, tool_call_id on the result', () => {
    const request = JSON.stringify({
      role: 'assistant',
      tool_calls: [
        { id: 'call_1a', type: 'function', function: { name: 'f', arguments: '{}' } },
        { id: 'call_2b', type: 'function', function: { name: 'g', arguments: '{}' } },
      ],
    })
    expect(callIdsOf(request)).toEqual(['call_1a', 'call_2b'])
    expect(callIdsOf('{"role":"tool","tool_call_id":"call_1a","content":"ok"}')).toEqual([
      'call_1a',
    ])
  })

  it('reads the OpenAI Responses shapes by call_id, not by the item id', () => {
    expect(
      callIdsOf(
        '{"type":"function_call","id":"fc_9","call_id":"call_9","name":"f","arguments":"{}"}',
      ),
    ).toEqual(['call_9'])
    expect(callIdsOf('{"type":"function_call_output","call_id":"call_9","output":"x"}')).toEqual([
      'call_9',
    ])
  })

  it('pairs an MCP approval request with its response, not with the call it approved', () => {
    // OpenAI Responses: mcp_approval_request {id, name, arguments}; the client's
    // mcp_approval_response {approval_request_id, approve}; the mcp_call OpenAI then ran quotes
    // approval_request_id too, but carries its own output and answers nothing. The reader keeps
    // each whole, as {"item": …}.
    const item = (o: object) => JSON.stringify({ item: o })
    expect(
      callIdsOf(
        item({
          type: 'mcp_approval_request',
          id: 'mcpr_7',
          server_label: 'dice',
          name: 'roll',
          arguments: '{}',
        }),
      ),
    ).toEqual(['mcpr_7'])
    expect(
      callIdsOf(
        item({
          type: 'mcp_approval_response',
          id: 'mcpa_7',
          approval_request_id: 'mcpr_7',
          approve: true,
        }),
      ),
    ).toEqual(['mcpr_7'])
    expect(
      callIdsOf(
        item({
          type: 'mcp_call',
          id: 'mcp_7',
          approval_request_id: 'mcpr_7',
          server_label: 'dice',
          name: 'roll',
          arguments: '{}',
          output: '4',
        }),
      ),
    ).toEqual(['mcp_7'])
  })

  it('reads the Anthropic shapes, bare or as content blocks', () => {
    expect(callIdsOf('{"type":"tool_use","id":"toolu_01","name":"f","input":{}}')).toEqual([
      'toolu_01',
    ])
    const blocks = JSON.stringify({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok' }],
    })
    expect(callIdsOf(blocks)).toEqual(['toolu_01'])
  })

  it('ignores an id that is data rather than a call', () => {
    expect(callIdsOf('{"id":"user-42","name":"Ada"}')).toEqual([])
    expect(callIdsOf('{"call_id":"call_1","output":{"id":"row-7","type":"function"}}')).toEqual([
      'call_1',
    ])
  })

  it('finds nothing in text, malformed JSON, scalars or an empty payload', () => {
    expect(callIdsOf(undefined)).toEqual([])
    expect(callIdsOf('')).toEqual([])
    expect(callIdsOf('read_file("id": 3)')).toEqual([])
    expect(callIdsOf('{"call_id": "call_1"')).toEqual([])
    expect(callIdsOf('"call_id"')).toEqual([])
  })

  it('reads a top-level array of calls', () => {
    expect(
      callIdsOf(
        '[{"tool_call_id":"call_a1"},{"type":"tool_use","id":"toolu_b2","name":"f","input":{}}]',
      ),
    ).toEqual(['call_a1', 'toolu_b2'])
  })
})
