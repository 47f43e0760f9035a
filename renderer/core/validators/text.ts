/**
 * The text of a form value: strings as they are, finite numbers and bigints in decimal notation,
 * anything else `null` (which every validator rejects).
 */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** A validator built from a complete regular expression and its message. */
export function patternValidator(pattern: RegExp, message: string): (value: unknown) => true | string {
  return (value) => {
    const text = asText(value);
    return text !== null && pattern.test(text) ? true : message;
  };
}
