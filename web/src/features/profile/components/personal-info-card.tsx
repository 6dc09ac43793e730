import { Link } from '@tanstack/react-router';
import { RELATIONSHIP_LABELS, SEX_LABELS, WORK_LABELS } from '@domain/profile';
import { formatCalendarDate } from '@domain/time';
import type { Profile } from '../api/get-profile';
import { EmailConfirmationNote } from './email-confirmation-note';

const label = (labels: Record<string, string>, value: string | null) => (value ? (labels[value] ?? value) : '—');

/** The guest's personal information, or the 'Fill Profile Details' empty state. */
export function PersonalInfoCard({ profile }: { profile: Profile | null }) {
  if (!profile) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-base-content/80">You haven't filled in your profile yet.</p>
        <Link to="/profile-details" className="btn btn-primary">
          Fill Profile Details
        </Link>
      </div>
    );
  }
  const rows: Array<[string, string]> = [
    ['Full name', profile.full_name ?? '—'],
    ['Email', profile.email ?? '—'],
    ['Phone', profile.phone_number ?? '—'],
    ['Date of birth', profile.date_of_birth ? formatCalendarDate(profile.date_of_birth) : '—'],
    ['Age', profile.age != null ? String(profile.age) : '—'],
    ['Sex', label(SEX_LABELS, profile.sex)],
    ['Relationship status', label(RELATIONSHIP_LABELS, profile.relationship_status)],
    ['Work profile', label(WORK_LABELS, profile.work_profile)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2" data-testid="personal-info">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-sm text-base-content/80">{k}</dt>
          <dd className="font-medium break-words">{v}</dd>
          {k === 'Email' && profile.email && !profile.email_verified && (
            <dd>
              <EmailConfirmationNote />
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
