/** Thrown for an input no preset can run on: it names the field and the value. */
export class EngineInputError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`)
    this.name = 'EngineInputError'
  }
}
