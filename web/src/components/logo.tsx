import { Link } from '@tanstack/react-router';
import { LOGO_LINK, LogoContent } from '@/components/logo-mark';

/** Mark plus wordmark, linking home. The accessible name is the product name alone. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to="/" {...LOGO_LINK}>
      <LogoContent tone={tone} />
    </Link>
  );
}
