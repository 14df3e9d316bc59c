/**
 * How the product writes a number for people: grouped in thousands, and never with a double's
 * noise. A threshold is maxTokens × triggerRatio as an IEEE double (2708 × 0.9 = 2437.2000000000003);
 * people read it to one decimal, "2,437.2". The exact double stays in the JSON output.
 */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 1 })
}
