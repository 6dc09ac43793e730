import { Link } from '@tanstack/react-router';

/** Placeholder until the sign-in capability lands its profile menu (it owns and replaces this file). */
export function UserMenu() {
  return (
    <Link to="/profile" aria-label="View Profile" className="btn btn-circle btn-primary shadow-lg">
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
        <circle cx="12" cy="9" r="4" fill="currentColor" />
        <path d="M4 21a8 8 0 0 1 16 0z" fill="currentColor" />
      </svg>
    </Link>
  );
}
