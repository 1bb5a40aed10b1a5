/**
 * Exact decimal text for laboratory values ('4.50', '-0.3', '120'): a result is typed as text and judged against
 * limits written as text, so '4.5' is exactly at a range's low '4.50' — never a binary float a boundary can fall on
 * either side of (0.1 + 0.2 !== 0.3). Like billing's amounts (invoice-totals.ts), the arithmetic is BigInt on a
 * common scale; nothing is rounded.
 */

/** Decimal text as a lab value or limit: an optional minus, at most 12 whole digits and 6 fraction digits. */
export const DECIMAL_TEXT_PATTERN = /^-?\d{1,12}(\.\d{1,6})?$/;

/** An exact decimal: `units` × 10^−`scale`. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** The decimal a text writes, or null when it is not decimal text (spaces around it are allowed). */
export function parseDecimal(text: string): Decimal | null {
  const trimmed = text.trim();
  if (!DECIMAL_TEXT_PATTERN.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? trimmed.slice(1) : trimmed).split('.');
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** The decimal a text writes; a RangeError when it is not decimal text (for limits a schema already checked). */
export function decimalOf(text: string): Decimal {
  const value = parseDecimal(text);
  if (!value) throw new RangeError(`not decimal text: ${JSON.stringify(text)}`);
  return value;
}

function atScale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

/** −1, 0 or 1 as `a` is below, equal to or above `b` ('4.5' equals '4.50'). */
export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = atScale(a, scale);
  const y = atScale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a − b, exactly. */
export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: atScale(a, scale) - atScale(b, scale), scale };
}

/** |a| */
export function absDecimal(a: Decimal): Decimal {
  return a.units < 0n ? { units: -a.units, scale: a.scale } : a;
}

/** a × b, exactly. */
export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** The decimal as text, without trailing fraction zeros ('4.50' → '4.5', '-0' → '0'). */
export function decimalText(d: Decimal): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}
