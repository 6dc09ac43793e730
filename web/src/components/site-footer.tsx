import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ClinkingGlassesIllustration } from '@/components/illustrations/clinking-glasses';
import { Logo } from '@/components/logo';

export const CONTACT_EMAIL = 'hello@tablemates.in';

const infoLinks = [
  { to: '/about-us', label: 'About Us' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  { to: '/payment-refund', label: 'Payment & Refund Policy' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/shipping-policy', label: 'Shipping & Delivery Policy' },
] as const;

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
const icons: Record<string, ReactNode> = {
  Instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" {...stroke} />
      <circle cx="12" cy="12" r="4" {...stroke} />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
    </>
  ),
  Facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" {...stroke} />,
  Twitter: <path d="M4 4l16 16M20 4L4 20" {...stroke} />,
  LinkedIn: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" {...stroke} />
      <path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 0 1 4 0v4M12 10v7" {...stroke} />
    </>
  ),
  WhatsApp: (
    <>
      <path d="M4 20l1.3-4A8 8 0 1 1 8 18.7z" {...stroke} />
      <path d="M9 9.5c.5 2.5 2.5 4.5 5 5l1-1.5-2-1-1 1c-1-.5-1.5-1-2-2l1-1-1-2z" fill="currentColor" />
    </>
  ),
  Threads: (
    <path
      d="M16.5 11.5c-.5-3-2.5-4.5-5-4.5-3 0-5 2.5-5 5.5S8.5 18 12 18c3 0 5-2 5-4.5 0-2-1.5-3-3.5-3s-3 1-3 2.5 1.2 2 2.3 2c2.2 0 3-2.5 2.7-5"
      {...stroke}
    />
  ),
};

/**
 * Social accounts (SPEC §2 Home "Footer"). Facebook and Twitter have no real address yet, so they
 * render as "coming soon" text rather than dead links.
 */
export const SOCIAL_LINKS: Array<{ name: string; href: string | null }> = [
  { name: 'Instagram', href: 'https://www.instagram.com/tablemates.in' },
  { name: 'Facebook', href: null },
  { name: 'Twitter', href: null },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/tablemates-in' },
  { name: 'WhatsApp', href: 'https://wa.me/message/TABLEMATES' },
  { name: 'Threads', href: 'https://www.threads.net/@tablemates.in' },
];

function SocialIcon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
      {icons[name]}
    </svg>
  );
}

/**
 * Site footer (SPEC §2 Home "Footer"): info pages, newsletter, social links, contact, ©.
 * The footer is shared chrome, but the newsletter form belongs to a feature (it owns the API
 * call), so the route that renders the footer passes it in: `newsletter={<NewsletterForm />}`.
 */
export function SiteFooter({ newsletter }: { newsletter: ReactNode }) {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1.3fr]">
        <div className="flex flex-col gap-4">
          <Logo tone="light" />
          <p className="max-w-xs text-neutral-content/85">
            Curated weekend dinners where six to eight strangers share a table — and leave as friends.
          </p>
          <p>
            <a href={`mailto:${CONTACT_EMAIL}`} className="link link-hover font-medium text-accent">
              {CONTACT_EMAIL}
            </a>
          </p>
          <ClinkingGlassesIllustration className="mt-2 h-16 w-16 text-accent" />
        </div>

        <nav aria-labelledby="footer-explore">
          <h2
            id="footer-explore"
            className="font-sans text-sm font-semibold tracking-widest text-neutral-content/85 uppercase"
          >
            Explore
          </h2>
          <ul className="mt-4 flex flex-col gap-2">
            {infoLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="link link-hover text-neutral-content/90">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex flex-col gap-6">
          <div>
            <h2 className="font-display text-2xl font-semibold">Save me a seat</h2>
            <p className="mt-1 mb-4 text-neutral-content/85">New cities and dinner dates, straight to your inbox.</p>
            {newsletter}
          </div>
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-widest text-neutral-content/85 uppercase">
              Follow us
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.name}>
                  {s.href ? (
                    <a
                      href={s.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={s.name}
                      title={s.name}
                      className="btn btn-circle border-none bg-neutral-content/10 text-neutral-content hover:bg-primary"
                    >
                      <SocialIcon name={s.name} />
                    </a>
                  ) : (
                    <span
                      role="img"
                      aria-label={`${s.name} (coming soon)`}
                      title={`${s.name} — coming soon`}
                      className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-dashed border-neutral-content/50 text-neutral-content/75"
                    >
                      <SocialIcon name={s.name} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="border-t border-neutral-content/15">
        <p className="mx-auto max-w-6xl px-5 py-6 text-sm text-neutral-content/80 sm:px-8">
          © 2025 Tablemates. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
