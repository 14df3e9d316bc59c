/**
 * Memoises a derived value on the identity of its inputs, keeping only the last result. Selectors
 * built with it return the same object until an input changes, which is what zustand needs to
 * avoid re-rendering (and, for objects, re-render loops).
 */
export function memoSelector<S, I extends unknown[], R>(
  inputs: (state: S) => [...I],
  compute: (...args: I) => R,
): (state: S) => R {
  let last: { inputs: I; result: R } | undefined
  return (state) => {
    const next = inputs(state) as I
    if (last && next.every((v, i) => Object.is(v, last!.inputs[i]))) return last.result
    const result = compute(...next)
    last = { inputs: next, result }
    return result
  }
}
