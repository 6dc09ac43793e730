/**
 * What the console sends to every confirmed guest of one dinner (DESIGN.md "Operating the
 * product"): `cancellation` when the dinner is cancelled (offering a full refund or a move),
 * `announcement` when an operator writes to the table. `db/schema.ts` builds the CHECKs from
 * these lists.
 */
export const GUEST_MESSAGE_KINDS = ['cancellation', 'announcement'] as const;
export type GuestMessageKind = (typeof GUEST_MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
