/*
 * The rule every free-text field of the API follows: no control characters (Unicode category
 * Cc: C0 U+0000-U+001F, DEL, C1 U+0080-U+009F). Postgres refuses NUL in text, which made any
 * field a way to a 500; the others have no place in a name, an address or a note and can
 * garble logs, CSV downloads and terminals. Multi-line fields (special requests, admin notes)
 * keep tab and line breaks (CR too: non-browser clients send CRLF). Refused, not stripped: a
 * silently altered name or address is worse than a 400 that says which field is wrong.
 *
 * No zod here, so any code (a form, the gateway's Basic credentials) can apply the same rule;
 * the schemas use it through `noControlCharacters` in text-rule.ts.
 */

export type TextKind = 'single-line' | 'multi-line';

// Also the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069):
// they make text display in another order than it is stored ("Trojan Source"), so a name or an
// address would read one way on the admin's screen and another in a search or a CSV. Text in
// Arabic or Hebrew needs none of them; the zero-width joiners of emoji are left alone.
const ANY_CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

const UNPAIRED_SURROGATE = /\p{Cs}/u;

export function hasControlCharacters(value: string, kind: TextKind = 'single-line'): boolean {
  return (kind === 'multi-line' ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value);
}

/** True when the string holds half of a UTF-16 surrogate pair on its own (with the u flag, a whole pair is one code point, never Cs). */
export function hasUnpairedSurrogates(value: string): boolean {
  return UNPAIRED_SURROGATE.test(value);
}

/** "First name must not contain control characters"; the 400's summary prefixes the field's path. */
export const controlCharactersMessage = (label: string): string => `${label} must not contain control characters`;
/** "First name must be valid Unicode text" (an unpaired surrogate). */
export const unpairedSurrogatesMessage = (label: string): string => `${label} must be valid Unicode text`;
