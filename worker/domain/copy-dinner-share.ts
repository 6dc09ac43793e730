/**
 * 'Share my dinner' in words (issue 21): My Booking's section, the public page a trusted contact
 * opens, and the API's refusals. Read only by that section, that page and the Worker, so kept out
 * of `copy.ts` (in every guest's first bundle).
 */
import type { ShareEnded, ShareRefusal } from './dinner-share';

/** 'Asha's dinner'; a guest without a name on file is 'A Tablemates dinner'. */
const dinnerOf = (firstName: string | null) => (firstName ? `${firstName}'s dinner` : 'A Tablemates dinner');

export const DINNER_SHARE_COPY = {
  section: {
    title: 'Share my dinner',
    intro:
      "Meeting new people? Give someone you trust a link with your dinner's date, time and venue (once it is revealed). It shows nothing about the other guests, and you can turn it off at any time.",
    create: 'Create a link',
    creating: 'Creating…',
    linkLabel: 'Your link',
    copy: 'Copy link',
    copied: 'Link copied.',
    copyFailed: 'Your browser did not let us copy it: the link is selected above, so copy it from there.',
    share: 'Share link',
    /** What the share sheet (Web Share) sends with the link. */
    shareTitle: 'My Tablemates dinner',
    shareText: 'Here is my Tablemates dinner: the date, the time and the venue once it is revealed.',
    /** While the link answers: who can see what, and until when. */
    live: (day: string) =>
      `Anyone with this link can see your dinner's date, time and venue (once revealed) until the end of ${day}.`,
    /** An active link that no longer shows the dinner (the booking or the dinner changed). */
    ended: 'This link no longer shows your dinner: whoever opens it is told it is no longer active.',
    turnOff: 'Turn off link',
    confirmTitle: 'Turn off this link?',
    confirmText:
      'Whoever has it will see that it is no longer active. You can create a new link afterwards, to send again.',
    keep: 'Keep it on',
    confirm: 'Turn it off',
    turningOff: 'Turning off…',
    turnedOff: 'Your link is off: nobody can open it any more.',
  },
  /** Why a booking cannot be shared (409 `share_unavailable`), in the guest's words. */
  refusal: {
    not_seated: 'Only a booking that holds a seat can be shared.',
    dinner_cancelled: "This dinner was cancelled, so it can't be shared.",
    over: 'This dinner has taken place, so it can no longer be shared.',
  } satisfies Record<ShareRefusal, string>,
  /** The public page a trusted contact opens. */
  page: {
    title: dinnerOf,
    /** The tab's title: no name, so a browser's history or a shared screen shows none. */
    tabTitle: 'A dinner shared with you',
    kicker: 'Shared with you',
    sharedBy: (firstName: string | null) =>
      `${firstName ?? 'A Tablemates guest'} shared this page with you, so you know when and where their dinner is. It stops working if they turn it off, and at the end of the day after the dinner.`,
    date: 'Date',
    time: 'Time',
    city: 'City',
    venue: 'Venue',
    /** The venue's address in a maps app, for a contact who needs to find it. */
    map: 'Open in Google Maps',
    mapNewTab: '(opens in a new tab)',
    venueLater: (at: string) => `The venue is revealed 48 hours before the dinner: ${at}. Come back then.`,
    venueConfirming: 'The venue is being confirmed: it will appear here shortly.',
    privacy: "For everyone's privacy, this page shows nothing about the other guests.",
    loading: 'Loading the dinner…',
    loadFailed: "We couldn't load this dinner. Please try again in a moment.",
    retry: 'Try again',
    home: 'About Tablemates',
  },
  /** The public view's 404s: one heading, the reason in words. */
  inactive: {
    title: 'This link is no longer active',
    not_found:
      "Whoever shared it may have turned it off. If you still need the dinner's details, ask them for a new link.",
    dinner_cancelled: 'The dinner it was for was cancelled.',
    booking_ended: 'The booking it was for no longer has a seat at this dinner. Ask whoever shared it for a new link.',
    expired: 'The dinner is over, and links close at the end of the day after it.',
  } satisfies Record<ShareEnded | 'not_found', string> & { title: string },
  /** The booking is not the guest's (or does not exist): as My Booking answers it. */
  bookingNotFound: 'Booking not found.',
} as const;
