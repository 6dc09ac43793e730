import { FEEDBACK_COPY } from '@domain/copy-feedback';
import type { ShareKind } from '@domain/feedback';

/** Where a shared contact opens: a WhatsApp chat, an Instagram profile, an email. */
const HREF: Record<ShareKind, (value: string) => string> = {
  whatsapp: (v) => `https://wa.me/${v.replace(/^\+/, '')}`,
  instagram: (v) => `https://www.instagram.com/${encodeURIComponent(v)}/`,
  email: (v) => `mailto:${v}`,
};

/** What it shows: the number as stored (E.164), the handle with its '@', the address. */
const shown = (kind: ShareKind, value: string) => (kind === 'instagram' ? `@${value}` : value);

/**
 * A contact another guest chose to share with a mutual 'dine again' (issue 21), as a link that
 * opens it, named by its kind ('WhatsApp: +91…'), so it reads alone out of context.
 * @example <ContactLink contact={{ kind: 'instagram', value: 'asha.travels' }} />
 */
export function ContactLink({ contact }: { contact: { kind: ShareKind; value: string } }) {
  const external = contact.kind !== 'email';
  return (
    <span className="break-all">
      {FEEDBACK_COPY.shareKindShort[contact.kind]}:{' '}
      <a
        className="link link-primary font-medium"
        href={HREF[contact.kind](contact.value)}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {shown(contact.kind, contact.value)}
      </a>
    </span>
  );
}
