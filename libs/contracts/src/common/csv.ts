/**
 * One CSV document (RFC 4180, CRLF line ends). Text that a spreadsheet would run as a formula
 * (=, +, -, @, tab or carriage return at the start) is prefixed with an apostrophe, since route
 * names and customer details come from the public booking form. No zod here: the browser's
 * driver revenue Export builds its file with this too.
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
