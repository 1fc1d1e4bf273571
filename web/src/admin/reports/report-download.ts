import { apiRequest } from '../../lib/api';

/** "revenue-report-2025-06-14.csv": the report's slug and the Los Angeles business date. */
export function defaultCsvFilename(report: string, now: Date = new Date()): string {
  const slug = report
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${slug || 'report'}-${day}.csv`;
}

/**
 * The file name the server gave in Content-Disposition (`filename="x.csv"` or RFC 5987
 * `filename*=UTF-8''x.csv`), reduced to a safe base name; otherwise the fallback.
 */
export function csvFilename(contentDisposition: string | null | undefined, fallback: string, extension = '.csv'): string {
  if (!contentDisposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition);
  let name = extended ? safeDecode(extended[1].trim()) : plain ? plain[1].trim() : '';
  name = name.replace(/^.*[\\/]/, '').replace(/[^\w.\- ]/g, '_');
  if (!name || name.startsWith('.')) return fallback;
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Fetches a CSV with the admin's credentials and hands it to the browser as a download. */
export const downloadCsv = (path: string, fallbackName: string): Promise<string> => downloadFile(path, fallbackName, 'text/csv', '.csv');

/** Fetches a file with the admin's credentials (a CSV, a statement's PDF) and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string, type: string, extension: string): Promise<string> {
  const res = await apiRequest('GET', path);
  const blob = await res.blob();
  const name = csvFilename(res.headers.get('Content-Disposition'), fallbackName, extension);
  const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled so the download is not cut off.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return name;
}
