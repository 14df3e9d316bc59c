// One formatter for every call: toLocaleString builds a new one each time, and the CLI formats a
// count for every row of a table that can hold a million messages.
const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

/**
 * How the product writes a number for people: grouped in thousands, and never with a double's
 * noise. A threshold is maxTokens × triggerRatio as an IEEE double (2708 × 0.9 = 2437.2000000000003);
 * people read it to one decimal, "2,437.2". The exact double stays in the JSON output.
 */
export function formatNumber(n: number): string {
  // Most counts on screen (a message's tokens, an index) are whole and below a thousand.
  if (Number.isInteger(n) && n > -1000 && n < 1000) return String(n)
  return GROUPED.format(n)
}

/** A count and its noun, as people read it: "1 message", "1,204 messages". */
export function plural(n: number, noun: string): string {
  return `${formatNumber(n)} ${noun}${n === 1 ? '' : 's'}`
}
