export { formatPhone } from '../../lib/phone';

/** A rating out of 5.0 with one decimal; a missing rating is the default 5.0. */
export function formatRating(rating: string | number | null | undefined): string {
  const n = rating == null || rating === '' ? NaN : Number(rating);
  return (Number.isFinite(n) ? n : 5).toFixed(1);
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
