import { firstNameOf } from '@domain/first-name';
import type { PendingQuiz } from '../hooks/use-pending-quiz';

/** Closing line by social battery (SPEC §2; the default is SPEC copy, the others ours). */
export function closingLine(battery: string | undefined): string {
  switch (battery) {
    case 'extrovert':
      return 'Your spark is exactly what a table of strangers needs. One last step and the conversation starts!';
    case 'introvert':
      return 'Small table, real conversations, no shouting over music. One last step and your seat is saved.';
    case 'ambivert':
      return 'Happy to chat, happy to listen: you make every table better. One last step to meet your people!';
    default:
      return 'One last step to join the vibe!';
  }
}

function BatteryIcon({ battery }: { battery: string | undefined }) {
  // Extrovert: a sun; introvert: a moon; anyone else: two chairs at a table (neutral).
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-7 w-7"
      aria-hidden="true"
      focusable="false"
      data-icon={battery === 'extrovert' ? 'sun' : battery === 'introvert' ? 'moon' : 'table'}
    >
      {battery === 'extrovert' ? (
        <g {...common}>
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </g>
      ) : battery === 'introvert' ? (
        <path {...common} d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
      ) : (
        <g {...common}>
          <path d="M4 10h16M7 10v9M17 10v9" />
          <path d="M2 6c2 0 3 1 3 4M22 6c-2 0-3 1-3 4" />
        </g>
      )}
    </svg>
  );
}

/** The personalised card shown on /auth when saved quiz answers are waiting (SPEC §2). */
export function QuizWelcomeCard({ pending }: { pending: PendingQuiz }) {
  const name = firstNameOf(pending.name, '');
  return (
    <section
      aria-label="Your vibe check"
      className="bg-primary/10 border-primary/20 flex items-start gap-4 rounded-2xl border p-4"
    >
      <span className="bg-primary text-primary-content flex h-12 w-12 shrink-0 items-center justify-center rounded-full">
        <BatteryIcon battery={pending.social_battery} />
      </span>
      <div>
        <p className="font-semibold">{name ? `Nice to meet you, ${name}!` : 'Your vibe check is saved!'}</p>
        <p className="text-base-content/80 text-sm">Sign in so we can match you with your table.</p>
        <p className="mt-1 text-sm font-medium">{closingLine(pending.social_battery)}</p>
      </div>
    </section>
  );
}
