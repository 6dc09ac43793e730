/**
 * What the console sends to every confirmed guest of one dinner (DESIGN.md "Operating the
 * product"): `cancellation` when the dinner is cancelled (offering a full refund or a move),
 * `announcement` when an operator writes to the table. `db/schema.ts` builds the CHECKs from
 * these lists.
 */
import * as v from 'valibot';
import { CONSOLE_COPY } from './copy-console';

export const GUEST_MESSAGE_KINDS = ['cancellation', 'announcement'] as const;
export type GuestMessageKind = (typeof GUEST_MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

const G = CONSOLE_COPY.guestMessages;

/** Longest cancellation reason: it goes into the email and a WhatsApp template parameter. */
export const CANCEL_REASON_MAX = 500;
export const MESSAGE_SUBJECT_MAX = 120;
/**
 * Longest announcement body (the email carries all of it). On WhatsApp, whose template body is at
 * most 1,024 characters filled in, a body too long beside the dinner's title and the guest's name
 * is shortened by `guestMessage()` (domain/booking-messages.ts), which the preview shows.
 */
export const MESSAGE_BODY_MAX = 900;

const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));

/** `POST /api/admin/events/:id/cancel`. */
export const CancelDinner = v.strictObject({ reason: text(CANCEL_REASON_MAX, G.reasonRequired) }, G.reasonRequired);

/**
 * `POST /api/admin/events/:id/message`. `message_id`: a UUID the console makes when its
 * confirmation step opens; the message is stored under it, so a repeated request (a lost answer,
 * a second tab) finds it and sends nothing again.
 */
export const MessageGuests = v.strictObject({
  // Missing reads as '' so it gets this message too, not a generic "missing key" one.
  message_id: v.optional(v.pipe(v.string(G.messageIdInvalid), v.uuid(G.messageIdInvalid), v.toLowerCase()), ''),
  subject: text(MESSAGE_SUBJECT_MAX, G.subjectRequired),
  body: text(MESSAGE_BODY_MAX, G.bodyRequired),
});
