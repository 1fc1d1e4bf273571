export { formatPhone } from '../../lib/phone';

/**
 * A rating out of 5.0: one decimal, or two when the stored decimal(3,2) has a second one (4.95
 * must not read as 5.0); a missing rating is the default 5.0.
 */
export function formatRating(rating: string | number | null | undefined): string {
  const n = rating == null || rating === '' ? NaN : Number(rating);
  if (!Number.isFinite(n)) return '5.0';
  const two = n.toFixed(2);
  return two.endsWith('0') ? n.toFixed(1) : two;
}

export function driverFullName(driver: { firstName: string; lastName: string }): string {
  return `${driver.firstName} ${driver.lastName}`.trim();
}

/**
 * The username the server will propose (spec section 9): first 4 letters of the last name plus
 * the first 2 of the first name, lowercase. Shown as a preview only; the server adds a number
 * when the name is taken.
 */
export function usernamePreview(firstName: string, lastName: string): string {
  const letters = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return `${letters(lastName).slice(0, 4)}${letters(firstName).slice(0, 2)}`;
}
