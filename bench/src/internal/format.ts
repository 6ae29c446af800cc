/** A number with thousands separators and at most `digits` decimals, for README tables. */
export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** A ratio such as `0.93×`. */
export function formatRatio(value: number): string {
  return `${value.toFixed(2)}×`;
}
