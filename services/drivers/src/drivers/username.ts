/**
 * The spec's username rule: the first 4 letters of the last name plus the first 2 letters of the
 * first name, lower-case. Accents are dropped and non-letters ignored; shorter names use what
 * letters there are (decisions.md). A name with no usable letters falls back to "driver".
 */
export function usernameBase(firstName: string, lastName: string): string {
  const letters = (name: string) =>
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  const base = letters(lastName).slice(0, 4) + letters(firstName).slice(0, 2);
  return base || 'driver';
}

/** The base when free, else the base with the smallest free number from 2 up (smitjo, smitjo2, ...). */
export function pickUsername(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}${n}`)) return `${base}${n}`;
}
