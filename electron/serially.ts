/**
 * Runs operations one after another, in the order asked, whether the one before succeeded or not:
 * a store that reads, changes and writes its whole file must never have two writes interleave,
 * and the last write asked for is the one left on disk.
 */
export function serialQueue(): <T>(operation: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve()
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const result = queue.then(operation, operation)
    queue = result.catch(() => undefined)
    return result
  }
}
