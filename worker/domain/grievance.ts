/**
 * Grievances under the Consumer Protection (E-Commerce) Rules 2020 (issue 22): acknowledged at
 * once (the rules allow 48 hours), resolved within a month. The form's schema is here so the web
 * form and the API check the same rules; the emails are built here from plain values.
 */
import * as v from 'valibot';
import { GRIEVANCE_COPY } from './copy-grievances';
import { emailSchema } from './email';
import { emailLayout } from './email-layout';
import { firstNameOf } from './first-name';
import { formatIstDate } from './time';

export const GRIEVANCE_STATUSES = ['open', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

/** Field lengths, shared by the form's hints and the schema. */
export const GRIEVANCE_LIMITS = {
  name: { min: 2, max: 100 },
  subject: { min: 3, max: 150 },
  description: { min: 20, max: 5000 },
  reply: { min: 10, max: 5000 },
} as const;

const text = (limits: { min: number; max: number }, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(limits.min, message), v.maxLength(limits.max, message));

const I = GRIEVANCE_COPY.invalid;

/** What the form asks (POST /api/grievances), canonicalised here: trimmed, the email lower-cased. */
export const GrievanceSchema = v.object({
  name: text(GRIEVANCE_LIMITS.name, I.name),
  email: emailSchema({ invalid: I.email }),
  subject: text(GRIEVANCE_LIMITS.subject, I.subject),
  description: text(GRIEVANCE_LIMITS.description, I.description),
  /** The invisible bot check's token, when the bot check is on (as sign-in's). */
  turnstile_token: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});
export type GrievanceInput = v.InferInput<typeof GrievanceSchema>;

/** The operator's reply (POST /api/admin/grievances/:id/reply). */
export const GrievanceReplySchema = v.object({ reply: text(GRIEVANCE_LIMITS.reply, I.reply) });

/**
 * The reference a guest quotes, from the grievance's consecutive number.
 * @example grievanceReference(42) // 'GRV-000042'
 */
export const grievanceReference = (seq: number) => `GRV-${String(seq).padStart(6, '0')}`;
/** The same, as SQL's printf builds it inside the INSERT that takes the number. */
export const GRIEVANCE_REFERENCE_PRINTF = 'GRV-%06d';

/**
 * When a grievance filed at `filedAt` must be resolved: one calendar month later (the rules'
 * "within one month from the date of receipt"), on the last day of a shorter month when the day
 * does not exist there (31 January → 28 or 29 February), never into the month after.
 * @example grievanceDueAt('2026-01-31T10:00:00.000Z') // '2026-02-28T10:00:00.000Z'
 */
export function grievanceDueAt(filedAt: Date | string): string {
  const at = new Date(filedAt);
  const due = new Date(at);
  due.setUTCDate(1);
  due.setUTCMonth(at.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return due.toISOString();
}

/** Whether a grievance is past its due date and still unanswered. */
export const isGrievanceOverdue = (g: { status: GrievanceStatus; due_at: string }, now: Date = new Date()) =>
  g.status === 'open' && Date.parse(g.due_at) < now.getTime();

/** The `deliveries` keys of a grievance's two emails (worker/services/deliveries.ts). */
export const GRIEVANCE_DELIVERY_KEYS = {
  acknowledgement: (grievanceId: string) => `grievance-ack:${grievanceId}`,
  reply: (grievanceId: string) => `grievance-reply:${grievanceId}`,
} as const;

/** The grievance officer, as config names them. */
export type GrievanceOfficer = { name: string; email: string };

/**
 * The acknowledgement sent the moment a grievance is filed: its reference, the date it will be
 * resolved by, and who handles it.
 */
export function grievanceAcknowledgement(g: {
  name: string;
  reference: string;
  subject: string;
  dueAt: string;
  officer: GrievanceOfficer;
}) {
  const lines = [
    `Hi ${firstNameOf(g.name, 'there')},`,
    `We have received your grievance "${g.subject}". Your reference is ${g.reference}: please quote it if you write to us about it.`,
    `Our grievance officer, ${g.officer.name}, will look into it and reply by ${formatIstDate(g.dueAt)} at the latest.`,
    `If you have anything to add, write to ${g.officer.email} with your reference.`,
    'Team Tablemates',
  ];
  return {
    subject: GRIEVANCE_COPY.email.ackSubject(g.reference),
    text: lines.join('\n\n'),
    html: emailLayout({ blocks: lines.map((line) => ({ text: line })) }),
  };
}

/** The operator's answer to a grievance, as written, with its reference. */
export function grievanceReplyEmail(g: {
  name: string;
  reference: string;
  subject: string;
  reply: string;
  officer: GrievanceOfficer;
}) {
  const head = [
    `Hi ${firstNameOf(g.name, 'there')},`,
    `Here is our reply to your grievance ${g.reference}, "${g.subject}":`,
  ];
  const paragraphs = g.reply
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const tail = [
    `If this does not resolve it, write to our grievance officer, ${g.officer.name}, at ${g.officer.email}, quoting ${g.reference}. You may also take a complaint about your personal data to the Data Protection Board of India.`,
    'Team Tablemates',
  ];
  return {
    subject: GRIEVANCE_COPY.email.replySubject(g.reference),
    text: [...head, ...paragraphs, ...tail].join('\n\n'),
    html: emailLayout({ blocks: [...head, ...paragraphs, ...tail].map((line) => ({ text: line })) }),
  };
}
