import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The store's modules and what each imports from its own folder, read from the source: the
// layering is checked on the files as written, not on what a bundler makes of them.
const STORE = join(__dirname, '../../renderer/store')

interface Edge {
  to: string
  /** `import type { … }`, or every name imported marked `type`: erased, never run. */
  typeOnly: boolean
}

function storeImports(): Map<string, Edge[]> {
  const graph = new Map<string, Edge[]>()
  for (const file of readdirSync(STORE).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(join(STORE, file), 'utf8')
    const edges: Edge[] = []
    const statement = /^(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s+'\.\/([^']+)'/gm
    for (const [, typeKeyword, names, target] of source.matchAll(statement)) {
      const braced = /^\{([\s\S]*)\}$/.exec(names.trim())?.[1]
      const specifiers =
        braced
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean) ?? []
      const allTypes = specifiers.length > 0 && specifiers.every((s) => s.startsWith('type '))
      edges.push({ to: `${target}.ts`, typeOnly: Boolean(typeKeyword) || allTypes })
    }
    graph.set(file, edges)
  }
  return graph
}

/** A cycle in `graph` as the files along it (the first repeated at the end), or null: a DFS. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string): string[] | null => {
    const at = path.indexOf(file)
    if (at >= 0) return [...path.slice(at), file]
    if (done.has(file)) return null
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    done.add(file)
    return null
  }
  for (const file of graph.keys()) {
    const cycle = visit(file)
    if (cycle) return cycle
  }
  return null
}

// AppState is the slices' interfaces together (types.ts), and each slice is typed against it:
// that one type-level loop is the zustand slice pattern, erased at build. Every other import,
// of a value or of a type, points one way.
const COMPOSES_TYPES = 'types.ts'

// What wires the slices together: these may reach into slices; selectors and helpers may not.
const isSlice = (file: string) => file.endsWith('-slice.ts')
const ASSEMBLY = new Set(['app-store.ts', 'effects.ts', 'index.ts', 'conversation-reset.ts'])

describe('the store’s imports', () => {
  it('finds a cycle, and the files along it, where there is one', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ])
    expect(findCycle(looped)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts'])
    expect(
      findCycle(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toBeNull()
  })

  it('reads the store’s files: the slices, the selectors and what composes them', () => {
    const graph = storeImports()
    expect(graph.has('types.ts')).toBe(true)
    expect(graph.get('app-store.ts')!.map((e) => e.to)).toContain('options-slice.ts')
    expect(graph.get('types.ts')!.map((e) => e.to)).toContain('options-slice.ts')
  })

  it('has no import circle, counting type imports, but for types.ts composing AppState', () => {
    const graph = storeImports()
    const edges = new Map(
      [...graph].map(([file, out]) => [file, file === COMPOSES_TYPES ? [] : out.map((e) => e.to)]),
    )
    expect(findCycle(edges)).toBeNull()
    // …and types.ts's imports of the slices are types only, so nothing of it runs in a circle.
    const runtime = graph.get(COMPOSES_TYPES)!.filter((e) => !e.typeOnly)
    expect(runtime.map((e) => e.to)).toEqual([])
  })

  it('lets selectors and helpers depend on no slice: slices import selectors, not the reverse', () => {
    const graph = storeImports()
    const reaching: string[] = []
    for (const [file, out] of graph) {
      if (isSlice(file) || ASSEMBLY.has(file)) continue
      for (const edge of out) {
        if (!edge.typeOnly && isSlice(edge.to)) reaching.push(`${file} → ${edge.to}`)
      }
    }
    expect(reaching).toEqual([])
  })
})
