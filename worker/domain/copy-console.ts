/**
 * The operator console's messages: its gate, dashboard, guest list, needs-attention and dinner editor (`POST /api/admin/events`, `/series`, `PATCH
 * /api/admin/events/:id`). Kept beside `copy.ts`, not in it: `copy.ts` is in every guest's first
 * bundle, and no guest ever reads these (docs/decisions/014). One copy each, as in `copy.ts`.
 */
export const CONSOLE_COPY = {
  admin: {
    /** 403 on a console or host route for a signed-in account without the role. */
    forbidden: 'You are not allowed to do this. Ask an operator for access.',
    notAllowedTitle: 'Not allowed',
    notAllowedText: 'This page is for the Tablemates team. If you should have access, ask an operator.',
    eventNotFound: 'No dinner with this id.',
    /** 400 when `?before=` is not a cursor the audit log gave out. */
    auditCursorInvalid: 'That page of the audit log does not exist: start again from the newest entries.',
    availableRequired: 'Say whether the dinner is shown: available must be true or false.',
    eventHidden: 'Dinner hidden from guests.',
    eventShown: 'Dinner shown to guests.',
    loadFailed: 'Could not load the console. Please try again.',
    orderNotFound: 'No order with this id.',
    orderStatusFilter: 'Only ?status=needs_attention is supported.',
    orderNotFlagged: 'This order does not need attention (any more): only a flagged order can be retried or refunded.',
    retryNoSeat: 'No seat is free on this dinner: the booking cannot be retried. Refund the guest instead.',
    refundFailed: 'Razorpay did not accept the refund. Nothing changed; please try again.',
    issueNotFound: 'No payment issue with this payment id.',
    refundedByOperator: 'Refunded in full by the Tablemates team.',
    orderBooked: 'Booking confirmed.',
    orderRefunded: 'Refunded in full.',
    issueRefunded: 'Payment refunded in full.',
    /** 400s of the dashboard's list (`GET /api/admin/events?status=…`). */
    list: {
      statusInvalid: 'Show upcoming or past dinners: status must be upcoming or past.',
      queryTooLong: 'Search for at most 100 characters.',
      cityInvalid: 'Pick a city from the list.',
      dateInvalid: 'Pick a date from the calendar.',
      pageInvalid: 'That page does not exist: go back to the first page.',
    },
  },
  /** What each "Needs attention" item is and what the operator does about it. */
  needsAttention: {
    keptSeatWhat: 'Paid, but the booking did not go through. Their seat is kept for them.',
    keptSeatTodo: 'Retry the booking: it confirms the seat they paid for. Refund only if they no longer want it.',
    noSeatWhat: 'Paid, but no seat was free when the payment came in (the dinner filled up or their hold ran out).',
    noSeatTodo: 'Retry if a seat has freed up since; otherwise refund in full and tell the guest.',
    mismatchWhat: 'A payment whose amount did not match its order, so nothing was booked.',
    deadLetteredWhat: 'A payment no order could carry: the booking pipeline gave up on it.',
    issueTodo: 'Refund it in full. The guest books again if they still want a seat.',
    refundedTodo: 'Razorpay already refunded it: mark it resolved.',
  },
  /** The night: assigning hosts (`/api/admin/events/:id/hosts`) and the host's pages (`/api/host/*`). */
  host: {
    userRequired: "Give the host's phone number (10 digits) or the email they signed in with.",
    userUnknown: 'Nobody has signed in with this phone or email yet: they must sign in to Tablemates once first.',
    /** 409: the account exists but does not hold the host role. */
    notAHost: 'This account is not a host yet: grant it the host role first (npm run role -- <phone or email> host).',
    dinnerCancelled: 'This dinner is cancelled: it has no night to host.',
    hostAssigned: 'Host assigned.',
    hostAlreadyAssigned: 'Already a host of this dinner.',
    hostRemoved: 'Host removed.',
    noHosts: 'No host yet: the guests have nobody to check them in.',
    /** 403 on a dinner that exists but is not assigned to this host. */
    notYourDinner: 'This dinner is not assigned to you. Ask an operator to add you as its host.',
    /** 403 on a ticket of a dinner this host does not host. */
    ticketNotYours: 'This ticket is for a dinner you are not hosting: it cannot be checked in here.',
    ticketCodeInvalid: 'That is not a ticket code: it has 16 letters and digits, e.g. 7K3M-Q9TX-2HDR-WB4N.',
    bookingRequired: 'Pick a guest to check in.',
    ticketUnknown: 'No ticket with this code. Check it letter by letter, or find the guest by name.',
    bookingUnknown: "This guest is not on this dinner's list.",
    /** 409 when the ticket belongs to another of this host's dinners. */
    wrongDinner: (title: string, date: string) =>
      `This ticket is for another dinner: ${title}, ${date}. Not checked in.`,
    /** The exact words a second scan shows (issue 12). */
    alreadyCheckedIn: 'Already checked in',
    checkedIn: 'Checked in',
    noShow: 'This guest was marked a no-show 60 minutes after the start: they can no longer check in.',
    /** 409 before the check-in window (3 hours before the start). */
    checkInNotOpen: (opens: string) => `Check-in opens 3 hours before the start: from ${opens}. Not checked in.`,
    /** 409 after it (the no-show mark, 60 minutes after the start). */
    checkInClosed: 'Check-in closed 60 minutes after the start. Not checked in.',
    notValid: 'This booking was moved or refunded: it is not valid for this dinner.',
    loadFailed: 'Could not load your dinners. Please try again.',
  },
  /** Cities (`/api/admin/cities`, worker/domain/city.ts): the home page's city cards. */
  city: {
    cityInvalid: 'Some fields need fixing.',
    slugInvalid: 'Slug must be lowercase letters and digits, words joined by dashes, e.g. "delhi-ncr" (up to 60).',
    nameRequired: 'Give the city a name (up to 60 characters).',
    blurbRequired: 'Give the card a line, e.g. "Coming soon to your area" (up to 120 characters).',
    statusInvalid: 'Pick available, coming soon or hidden.',
    positionInvalid: 'Position must be a whole number from 0 to 1000.',
    nothingToChange: 'Nothing to change: send at least one field.',
    /** 409 on a second city with the same slug. */
    duplicate: 'A city with this slug already exists.',
    notFound: 'No city with this slug.',
    created: 'City created.',
    saved: 'City saved.',
    hiddenWithDinners: (n: number) =>
      `${n} upcoming ${n === 1 ? 'dinner is' : 'dinners are'} still bookable here: hiding the city only removes its card from the home page; the dinners stay on /events until you hide them.`,
    availableWithoutDinner:
      'No upcoming dinner in this city yet: its card will say Available Now without a date until you create one.',
  },
  dinner: {
    dinnerInvalid: 'Some fields need fixing.',
    titleRequired: 'Give the dinner a title (up to 120 characters).',
    descriptionRequired: 'Describe the dinner (up to 2000 characters).',
    locationRequired: 'Say where in the city it is, e.g. "Golf Course Road" (up to 120 characters).',
    cityInvalid: 'Pick a city.',
    /** 400 when the dinner's city is not in the cities table (add it on the Cities page first). */
    cityUnknown: 'No such city: pick one from the list, or add it on the Cities page first.',
    startsAtInvalid: 'Start must be a date and time, e.g. 2026-12-05T13:30:00Z.',
    dateInvalid: 'Pick the date from the calendar.',
    timeInvalid: 'Time must be HH:mm in IST, e.g. 19:00.',
    startMissing: 'Give the start: starts_at, or date and time (IST).',
    endTimeInvalid: 'Pick the time the dinner ends, e.g. 10:00 PM.',
    endsAtInvalid: 'End must be a date and time, e.g. 2026-12-05T16:30:00Z.',
    endTwice: 'Give the end once: ends_at, or end_time (IST).',
    /** The end is at or before the start. */
    endBeforeStart: 'The dinner must end after it starts.',
    /** The end falls on the next IST day. */
    endNextDay: 'The dinner must end on the day it starts, by midnight.',
    startInPast: 'The dinner cannot start in the past.',
    capacityInvalid: 'Capacity must be a whole number from 1 to 200.',
    priceInvalid: 'Give the price in whole rupees, 0 or more.',
    pricesMissing: 'This city has no dinners yet, so there are no prices to copy: give all three.',
    venueHalf: 'Give both the venue name and its address, or neither.',
    venueTooLong: 'Venue name and address are at most 300 characters.',
    imageUrlInvalid: 'Give the picture as a path like /images/events/gurugram.svg, or an https:// address.',
    availableInvalid: 'Say whether guests see the dinner: tick or untick Shown to guests.',
    weekdayInvalid: 'Pick a weekday.',
    weeksInvalid: 'Repeat for 1 to 26 weeks.',
    nothingToChange: 'Nothing to change: send at least one field.',
    /** 409 when the new capacity is below the seats already taken. */
    capacityBelowTaken: (taken: number) => `${taken} seats are already taken: capacity cannot go below that.`,
    dinnerCreated: 'Dinner created.',
    seriesCreated: (n: number) => `${n} dinners created.`,
    dinnerSaved: 'Dinner saved.',
    venueRevealsAt: 'The venue is revealed to guests on',
    venueRevealed: 'The venue is already revealed to guests.',
    venueMissingSoon: 'No venue yet, and guests should see it within 7 days. Add the venue name and address.',
  },
  /** Cancelling a dinner and messaging its guests (`POST /api/admin/events/:id/cancel`, `…/message`). */
  guestMessages: {
    reasonRequired: 'Say why the dinner is cancelled (up to 500 characters): guests read it.',
    subjectRequired: 'Give the message a subject (up to 120 characters).',
    bodyRequired: 'Write the message (up to 900 characters).',
    /** The console's idempotency key for a message is missing or not a UUID. */
    messageIdInvalid: 'This message has no valid id: reload the page and send it again.',
    /** 409: the id of an earlier message, sent again with another dinner or other words. */
    messageIdReused: 'This message id belongs to another message: reload the page and send it again.',
    /** Under the preview when the WhatsApp text had to be shortened. */
    whatsappShortened:
      'Too long for one WhatsApp message beside the dinner’s details: WhatsApp gets it shortened as shown, the email carries all of it.',
    /** 409: a second cancel; whoever was not told yet is told, nobody twice. */
    alreadyCancelled: 'This dinner is already cancelled. Guests not told yet are being told; nobody is told twice.',
    /** 409: the dinner's start has passed. */
    dinnerStarted: 'This dinner has already started: it can no longer be cancelled.',
    /** 409: writing to the guests of a cancelled dinner (they were told with the cancellation). */
    dinnerCancelled: 'This dinner is cancelled: its guests were told with the cancellation notice.',
    /** 409: nobody holds a confirmed booking. */
    noGuests: 'This dinner has no confirmed guests: there is nobody to message.',
    /** 409 on PATCH of a cancelled dinner (it can never be shown again). */
    cannotEditCancelled: 'This dinner is cancelled: it cannot be edited or shown again.',
    cancelled: 'Dinner cancelled. Its guests are being told by email and WhatsApp.',
    sent: (n: number) => `Message sent to ${n} ${n === 1 ? 'guest' : 'guests'} by email and WhatsApp.`,
    /** The guests who will receive it, as the console counts them before sending. */
    recipients: (n: number) => `${n} confirmed ${n === 1 ? 'guest' : 'guests'}`,
    /** The stored subject of a cancellation notice (each guest's email subject is rendered from the dinner). */
    cancellationSubject: 'Dinner cancelled',
  },
  /** Coupons (`/api/admin/coupons`, worker/domain/coupon.ts). */
  coupon: {
    couponInvalid: 'Some fields need fixing.',
    codeInvalid: 'Code must be 3 to 32 letters, digits or dashes, e.g. WELCOME-10.',
    kindInvalid: 'Pick percent off or rupees off.',
    valueInvalid: 'Value must be a whole number, 1 or more.',
    percentRange: 'A percent coupon takes 1 to 100% off.',
    ticketTypesInvalid: 'Pick at least one ticket type, or none for every ticket.',
    eventInvalid: 'Pick a dinner from the list, or every dinner.',
    eventUnknown: 'No dinner with this id.',
    maxRedemptionsInvalid: 'Usage cap must be a whole number, 1 or more (empty for no cap).',
    expiresAtInvalid: 'Expiry must be a date and time.',
    expiresInPast: 'The expiry must be in the future.',
    activeInvalid: 'Active must be true or false.',
    nothingToChange: 'Nothing to change: send at least one field.',
    /** 409 on a second coupon with the same code (codes ignore case). */
    duplicate: 'A coupon with this code already exists.',
    notFound: 'No coupon with this code.',
    created: 'Coupon created.',
    saved: 'Coupon saved.',
    activated: 'Coupon active: guests can use it.',
    deactivated: 'Coupon paused: guests cannot use it.',
  },
  /** A dinner's tables (`/api/admin/events/:id/tables`, worker/domain/matching.ts). */
  tables: {
    editInvalid: 'The seating sent is not valid: reload the tables.',
    tableNumberInvalid: 'Table numbers are whole numbers from 1 to 50.',
    duplicateGuest: 'A guest can sit at one table only.',
    duplicateTable: 'Each table can be listed once.',
    /** 409: a listed booking is no longer a seated guest of the dinner (moved, refunded). */
    stale: 'The guest list changed since you opened it: reload the tables.',
    noGuests: 'Nobody is booked for this dinner yet.',
    cancelled: 'This dinner is cancelled.',
    matched: 'Tables matched. Locked tables were kept as they were.',
    saved: 'Tables saved.',
    published: 'Tables published: guests see their table on My Booking.',
    alreadyPublished: 'Tables were already published.',
    /**
     * Issue 21: what a table goes against in the guests' history and wishes. Names only, as the
     * table lists them: never which guest asked, nor about whom.
     */
    history: {
      met: (a: string, b: string) => `${a} and ${b} shared a table in the last six months.`,
      apart: (a: string, b: string) => `${a} and ${b} should not share a table: one of them asked to be kept apart.`,
      women: (name: string) => `${name} asked for at least two other women at the table, and this table has fewer.`,
      /** The Tables tab's summary, above the tables, when any table has one of these. */
      summaryTitle: 'Some tables go against what guests asked for or who met lately',
      summaryText:
        'The matching avoids these whenever the numbers allow. Move a guest to fix one, or re-run the matching.',
      tableLabel: (table: number) => `Table ${table}`,
    },
  },
  /** A dinner's waitlist (`/api/admin/events/:id/waitlist`, docs/decisions/027). */
  waitlist: {
    entryNotFound: "No such entry on this dinner's waitlist.",
    /** 409 `no_seat`: "offer now" when the entry's ticket does not fit the seats free. */
    noSeat: 'No seat is free for this ticket right now: nothing was offered. A couple or duo needs two free seats.',
    /** 409 `not_waiting`: the guest already holds an offer, booked, left or was told the dinner is full. */
    notWaiting: 'This guest is no longer waiting (already offered, booked or gone): nothing was offered.',
    /** 409 `closed`: a hidden or cancelled dinner, or inside the last 3 hours before the start. */
    closed:
      'Offers are off for this dinner: it is hidden from guests, cancelled, or starts in under 3 hours. Nothing was offered.',
    offered: (name: string, time: string) => `Offer sent to ${name}. Their seats are held until ${time}.`,
    offersClosedNote: 'Offers are off: the dinner is hidden from guests, cancelled, or starts in under 3 hours.',
    empty: 'Nobody is on the waitlist for this dinner.',
  },
  /** Credit granted by an operator (`POST /api/admin/users/:id/credit`, docs/decisions/027). */
  credit: {
    userNotFound: 'No guest with this id.',
    bodyInvalid: 'Send the amount in rupees and a note saying why, nothing else.',
    amountInvalid: (max: number) => `Give the amount in whole rupees, from ₹1 to ₹${max.toLocaleString('en-IN')}.`,
    noteRequired: 'Say why, in 3 to 200 characters: the note is kept in the audit log.',
    granted: (amount: string, balance: string) => `Granted ${amount}. Their balance is now ${balance}.`,
  },
  /**
   * What operators learn (issue 21, docs/decisions/034): the dashboard's weekly charts
   * (`GET /api/admin/stats`), a dinner's feedback and the hosts' ratings.
   */
  stats: {
    /** 400s of `GET /api/admin/stats`. */
    weeksInvalid: (min: number, max: number) => `Pick between ${min} and ${max} weeks.`,
    cityInvalid: 'Pick a city from the list.',
    queryInvalid: 'Ask for a city and a number of weeks, nothing else.',
    heading: (weeks: number) => `The last ${weeks} weeks`,
    intro: 'Week by week (Monday to Sunday, IST), by the date of each dinner. Cancelled dinners are left out.',
    allCities: 'All cities',
    cityLabel: 'Charts for',
    empty: 'No dinners in these weeks yet. The charts fill in as dinners happen.',
    showEmpty: 'No dinner has ended in these weeks yet.',
    ratingsEmpty: 'No feedback in these weeks yet.',
    repeatEmpty: 'No repeat guests in these weeks yet.',
    matchesEmpty: 'No mutual matches in these weeks yet.',
    showNumbers: 'Show the numbers',
    hideNumbers: 'Hide the numbers',
    noDinner: 'No dinner',
    notYet: 'Not yet',
    week: 'Week of',
    seatsTitle: 'Seats sold',
    seatsWhat: 'Seats of bookings kept to the night (confirmed, checked in or no-show).',
    showTitle: 'Show rate',
    showWhat: 'Seats checked in out of seats booked, at dinners that have ended.',
    ratingsTitle: 'Average ratings',
    ratingsWhat: 'What guests gave the evening, the host and the venue, out of 5.',
    repeatTitle: 'Repeat guests',
    repeatWhat: 'Guests that week who had come to an earlier dinner, in any city.',
    matchesTitle: 'Mutual matches',
    matchesWhat: "Pairs who both said they'd dine again. Who they are stays private.",
    hostsLink: 'Hosts and their ratings',
  },
  /** A dinner's feedback (`GET /api/admin/events/:id/feedback`) and the hosts page (`GET /api/admin/hosts/feedback`). */
  feedback: {
    title: 'Feedback',
    summaryHeading: 'What guests said',
    responses: (n: number, asked: number) =>
      `${n} of ${asked} ${asked === 1 ? 'guest who came' : 'guests who came'} answered`,
    notesHeading: 'Responses',
    notesIntro:
      'Ratings and notes are seen by the Tablemates team only, never by the host or other guests. Follow a note up with the guest when it needs it.',
    empty: 'No feedback yet. Guests who checked in are asked the morning after the dinner.',
    noNote: 'No note.',
    formerGuest: 'A former guest',
    mutual: "Mutual 'dine again' pairs",
    hostsTitle: 'Hosts',
    hostsIntro:
      'Each host with the dinners they hosted that have ended, and what guests said of them there. Notes are about the whole evening.',
    hostsEmpty: 'No hosts yet. Give someone the host role and assign them to a dinner.',
    hostNotesHeading: 'Latest notes',
    hostNoNotes: 'No notes on their dinners yet.',
    noRating: 'Not rated yet',
  },
} as const;
