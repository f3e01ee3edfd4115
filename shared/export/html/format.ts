// How the report writes numbers: fixed formats (en-US grouping), so a report reads the same on
// every machine and its tests can compare exact text.

// One formatter per precision: toLocaleString builds a new one at every call, which a report of
// thousands of rows would pay for thousands of times.
const formats = new Map<number, Intl.NumberFormat>();

/** `1,600`. */
export function number(value: number, digits = 0): string {
  let format = formats.get(digits);
  if (!format) formats.set(digits, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return format.format(value);
}

/** `1 read`, `1,600 reads`. */
export function count(value: number, unit: string, units = `${unit}s`): string {
  return `${number(value)} ${value === 1 ? unit : units}`;
}

/** Milliseconds with one decimal: `182.1 ms`. */
export function ms(value: number): string {
  return `${number(value, 1)} ms`;
}

/** A metric's value: milliseconds with one decimal, rates with two, counts whole. */
export function metricValue(key: string, value: number): string {
  if (key.endsWith('_ms')) return ms(value);
  return Number.isInteger(value) ? number(value) : number(value, 2);
}

/** A time-axis label for a tick step: ms below a second, seconds above, as many decimals as the step needs (a zoomed view's steps go below 0.1 ms). */
export function tickLabel(value: number, step: number): string {
  if (step >= 1000) return `${number(value / 1000, step % 1000 === 0 ? 0 : 1)} s`;
  return `${number(value, step < 1 ? Math.max(1, Math.ceil(-Math.log10(step) - 1e-9)) : 0)} ms`;
}
