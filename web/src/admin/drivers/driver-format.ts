export { formatPhone } from '../../lib/phone';
export { driverFullName, formatRating } from '../../lib/format';

/**
 * The username the server will propose (spec section 9): first 4 letters of the last name plus
 * the first 2 of the first name, lowercase. Shown as a preview only; the server adds a number
 * when the name is taken.
 */
export function usernamePreview(firstName: string, lastName: string): string {
  const letters = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return `${letters(lastName).slice(0, 4)}${letters(firstName).slice(0, 2)}`;
}
