import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

/**
 * A character device to aim a write at. As root, a private copy of the null device (1, 3) made in
 * `dir`: a test that replaced /dev/null itself would break every process on the machine if the
 * code under test were wrong. Anyone else gets /dev/null, which they cannot replace.
 */
export function characterDevice(dir: string): string {
  if (process.getuid?.() !== 0) return '/dev/null'
  const device = join(dir, 'null-device')
  execFileSync('mknod', ['-m', '666', device, 'c', '1', '3'])
  return device
}
