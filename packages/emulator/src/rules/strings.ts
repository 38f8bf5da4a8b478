// String helpers that count and index Unicode code points: rules strings are sequences of
// characters, so `'😀'.size() == 1` although JavaScript stores it as two UTF-16 units.

export function codePointLength(s: string): number {
  let length = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    length++;
  }
  return length;
}

/** Code points [from, to) of `s`; callers check the bounds. */
export function codePointSlice(s: string, from: number, to: number): string {
  return Array.from(s).slice(from, to).join('');
}

/** `string(2.0) == "2.0"`: floats always show a fraction or an exponent. */
export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) {
    return `${Object.is(value, -0) ? '-' : ''}${Math.abs(value).toFixed(0)}.0`;
  }
  return String(value);
}
