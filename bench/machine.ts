import { cpus, loadavg, totalmem, type as osType, release } from 'node:os'

/** Lines describing the machine and runtime, for the top of the report. */
export function machineLines(): string[] {
  const cores = cpus()
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')
  return [
    `CPU: ${cores[0]?.model.trim() ?? 'unknown'} × ${cores.length} cores`,
    `Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB; OS: ${osType()} ${release()}`,
    `Node ${process.version} (V8 ${process.versions.v8})`,
    // Other work on the machine shows up here: the ratios are measured side by side for that reason.
    `Load average at start (1, 5, 15 min): ${load}`,
  ]
}
