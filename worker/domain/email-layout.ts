/**
 * The one look of every email we send (docs/decisions/025): the Tablemates wordmark, the dinner as
 * a card when the email is about one, the message, a button, and a footer with our address.
 * Table-based and inline-styled, as mail clients render it (no stylesheets, no external images:
 * the logo is type). Every piece of text is escaped here; callers pass plain strings.
 */

/** The brand's colours (web/src/styles.css: base-100, base-200, base-content, primary). */
const BRAND = { paper: '#fffaf3', card: '#f8efe3', border: '#eddcc6', ink: '#2b1d14', primary: '#9a3412' };
/** The address on every page's footer (web/src/components/site-footer.tsx) and the contact page. */
export const CONTACT_EMAIL = 'hello@tablemates.in';

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Text for HTML: `&`, `<`, `>`, `"` and `'` as character references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The dinner an email is about, as its card shows it. */
export type EmailDinner = { title: string; when: string; where: string };

/** One block of an email's body: a paragraph, or a link drawn as a button. */
export type EmailBlock = { text: string } | { label: string; href: string };

const paragraph = (text: string) =>
  `<p style="margin:0 0 14px;font:16px/1.55 ${SANS};color:${BRAND.ink}">${escapeHtml(text)}</p>`;

const button = (label: string, href: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:6px 0 20px"><tr>` +
  `<td style="background:${BRAND.primary};border-radius:8px">` +
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;font:600 15px ${SANS};color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>` +
  `</td></tr></table>`;

const card = (dinner: EmailDinner) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" data-dinner-card style="margin:0 0 22px;background:${BRAND.card};border:1px solid ${BRAND.border};border-radius:12px"><tr><td style="padding:16px 18px">` +
  `<div style="font:700 19px/1.3 ${SERIF};color:${BRAND.ink}">${escapeHtml(dinner.title)}</div>` +
  `<div style="margin-top:6px;font:15px/1.5 ${SANS};color:${BRAND.ink}">${escapeHtml(dinner.when)}</div>` +
  `<div style="font:15px/1.5 ${SANS};color:${BRAND.ink}">${escapeHtml(dinner.where)}</div>` +
  `</td></tr></table>`;

/**
 * An email's HTML: wordmark, the dinner's card (if any), the blocks in order, footer.
 * @example emailLayout({ dinner: { title: 'Saturday Supper', when: 'Sat, 6 Dec, 7:00 PM', where: 'Bandra, Mumbai' },
 *   blocks: [{ text: 'Hi Asha,' }, { label: 'My Booking', href: 'https://tablemates.in/booking/bkg_1' }] })
 */
export function emailLayout(o: {
  blocks: EmailBlock[];
  dinner?: EmailDinner;
  /**
   * A marketing email's footer line and unsubscribe link (issue 22): every marketing email has
   * one, booking messages none. Set only by services/marketing.ts, the one sender of marketing.
   */
  unsubscribe?: { why: string; label: string; href: string };
}): string {
  const body = o.blocks.map((b) => ('href' in b ? button(b.label, b.href) : b.text ? paragraph(b.text) : '')).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
    `<body style="margin:0;padding:0;background:${BRAND.paper}">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${BRAND.paper}"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border:1px solid ${BRAND.border};border-radius:14px">` +
    `<tr><td data-logo style="padding:22px 28px 8px;font:700 26px ${SERIF};color:${BRAND.primary};letter-spacing:-0.5px">Tablemates</td></tr>` +
    `<tr><td style="padding:12px 28px 8px">${o.dinner ? card(o.dinner) : ''}${body}</td></tr>` +
    `<tr><td data-footer style="padding:16px 28px 22px;border-top:1px solid ${BRAND.border};font:13px/1.5 ${SANS};color:#6b5a4e">` +
    `Tablemates, where strangers become friends. Questions? Write to <a href="mailto:${CONTACT_EMAIL}" style="color:${BRAND.primary}">${CONTACT_EMAIL}</a>.` +
    (o.unsubscribe
      ? `<br>${escapeHtml(o.unsubscribe.why)} <a data-unsubscribe href="${escapeHtml(o.unsubscribe.href)}" style="color:${BRAND.primary}">${escapeHtml(o.unsubscribe.label)}</a>`
      : '') +
    `</td></tr></table></td></tr></table></body></html>`
  );
}
