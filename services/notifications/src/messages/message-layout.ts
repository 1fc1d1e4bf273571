import { COMPANY, companyAddressLine } from '@limo/contracts/common/company';

/** What one customer message says, by channel. */
export interface ComposedMessage {
  subject: string;
  text: string;
  html: string;
  /** The text message, short; sent only to customers who asked for SMS updates. */
  sms: string;
}

/** Text that goes into HTML: customer-typed names and addresses included. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A block of the email: a heading-less paragraph, a table of label/value rows, or a button link. */
export type Block = { paragraph: string } | { rows: [label: string, value: string][] } | { link: { label: string; href: string } };

/** The plain-text email: the blocks, then the company's signature. */
export function textEmail(greeting: string, blocks: Block[]): string {
  const lines = [greeting, ''];
  for (const block of blocks) {
    if ('paragraph' in block) lines.push(block.paragraph, '');
    else if ('rows' in block) {
      const width = Math.max(...block.rows.map(([label]) => label.length));
      for (const [label, value] of block.rows) lines.push(`${`${label}:`.padEnd(width + 2)}${value}`);
      lines.push('');
    } else lines.push(`${block.link.label}: ${block.link.href}`, '');
  }
  lines.push(COMPANY.name, `${COMPANY.phone.display} · ${COMPANY.email}`, companyAddressLine());
  return lines.join('\n');
}

/** The HTML email: inline styles only (mail clients drop style sheets), no images from outside. */
export function htmlEmail(title: string, greeting: string, blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if ('paragraph' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`;
      if ('rows' in block) {
        const rows = block.rows
          .map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0;color:#666">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
          .join('');
        return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
      }
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link.href)}" style="display:inline-block;padding:10px 18px;background:#111;color:#d4af37;text-decoration:none;border-radius:4px">${escapeHtml(block.link.label)}</a></p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#111;background:#fafafa">
<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-top:4px solid #d4af37">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${body}
<p style="margin:24px 0 0;color:#666;font-size:13px">${escapeHtml(COMPANY.name)} · <a href="tel:${COMPANY.phone.e164}">${escapeHtml(COMPANY.phone.display)}</a> · ${escapeHtml(COMPANY.email)}<br>${escapeHtml(companyAddressLine())}</p>
</div></body></html>`;
}
