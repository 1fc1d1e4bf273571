/**
 * The amount an admin types into the Credit dialog as the Money string the API takes: "5", "+5.5"
 * and "−5" (a typographic minus too) become "5.00", "5.50" and "-5.00". Anything else is sent as
 * typed, so the server's message says what is wrong with it.
 */
export function adjustmentAmount(typed: string): string {
  const trimmed = typed.trim().replace(/^\u2212/, '-').replace(/^\$/, '');
  const match = /^([+-]?)\$?(\d{1,8})(?:\.(\d{1,2}))?$/.exec(trimmed);
  if (!match) return trimmed;
  const [, sign, dollars, cents = ''] = match;
  return `${sign === '-' ? '-' : ''}${dollars}.${cents.padEnd(2, '0')}`;
}
