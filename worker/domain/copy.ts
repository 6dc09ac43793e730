/**
 * Every message the product says to a guest, in one place: the API's error messages, the web
 * app's toasts and the validation messages both apply. Quoted strings from SPEC.md (§4 toasts,
 * §5 validation, §8 error catalogue) are verbatim; change them only when the spec changes.
 * Grouped by the flow a guest meets them in.
 */
export const COPY = {
  common: {
    errorTitle: 'Error',
    failed: 'Something went wrong. Please try again.',
    network: 'Network error. Please check your connection and try again.',
    tryLater: 'Please try again later.',
    /** SPEC §8 "Too many requests", shared by every rate limit. */
    tooMany: 'Too many attempts. Please try again later.',
    notFound: 'Not found.',
    crossOrigin: 'Cross-origin request refused.',
    malformedBody: 'The request body must be valid JSON.',
    oversizedBody: 'The request body is too large.',
    notSignedIn: 'You must be logged in.',
  },
  auth: {
    phone: 'Please enter a valid phone number',
    code: 'Please enter the 6-digit code.',
    codeTitle: 'Invalid code',
    verifyFailedTitle: 'Verification Failed',
    noPendingCode: 'Please request a new code.',
    codeExpired: 'This code has expired. Please request a new one.',
    sendFailed: 'Failed to send code. Please try again.',
    /** A number from a country we do not send sign-in codes to (SMS_COUNTRIES). */
    countryNotServed: "We can't send sign-in codes to numbers from this country yet.",
    codeSentTitle: 'Code sent',
    /** The code step's resend (SPEC §2 Sign-in): a new code, once the server will send one. */
    resend: 'Resend code',
    resending: 'Sending...',
    codeResentTitle: 'New code sent',
    googleFailed: 'Failed to sign in with Google.',
    fullName: 'Please enter your full name',
    email: 'Please enter a valid email address',
    password: 'Password must be at least 6 characters',
    passwordRequired: 'Please enter your password',
    /** One message for every password sign-in failure, so it never tells whether the email exists. */
    badCredentials: 'Invalid email or password.',
    accountDisabled: 'This account has been disabled.',
    accountCreatedTitle: 'Account created!',
    accountCreatedText: 'Please complete your profile to book the event.',
    signedInTitle: 'Signed in successfully!',
    signedInText: 'Proceeding to book your event.',
  },
  profile: {
    nameShort: 'Name must be at least 2 characters',
    nameLong: 'Name must be less than 100 characters',
    nameGibberish: 'Please enter a valid full name (first and last name, no gibberish)',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    phoneInvalid: 'Please enter a valid phone number',
    dobRequired: 'Date of birth is required',
    dobInvalid: 'Please enter a valid date of birth',
    underage: 'You must be at least 18 years old to register.',
    choose: 'Please choose one of the options',
    notLoggedIn: 'You must be logged in to complete your profile.',
    duplicateEmail: 'This email is already registered. Please use a different email address.',
    saveFailed: 'Failed to save profile. Please try again.',
    loadFailed: 'Failed to load profile data.',
    alreadyComplete: 'Profile already complete!',
    /** After editing a saved profile (issue 14): back on /profile, calmly. */
    updatedTitle: 'Profile updated',
    updatedText: 'Your details are saved.',
    /** Issue 21: the wish for women at the table, a rule of the matching whenever it can be kept. */
    seatWithWomenLabel: 'Seat me only at tables with at least two other women',
    seatWithWomenHint:
      "We keep to this whenever a dinner's guest list allows. If one ever can't, our team is told before tables are set.",
    seatWithWomenInvalid: 'Please tick the box or leave it empty',
  },
  quiz: {
    stepTitle: 'Please complete this question',
    mandatory: 'All questions are mandatory',
    musicMin: 'Pick at least 1',
    musicMax: 'Pick up to 3',
    moviesExact: 'Pick exactly 3',
    emailInvalid: 'Please enter a valid email address',
    alreadyTitle: 'Already completed!',
    alreadyText: "You've already completed the vibe check.",
    pendingTitle: 'One last step!',
    pendingText: 'Sign in to submit your vibe check',
    doneTitle: 'Vibe check complete ✓',
    doneText: 'One more step to complete your profile!',
    submitFailed: 'Failed to submit quiz. Please try again.',
  },
  events: {
    notFound: "This event doesn't exist or is no longer available.",
    loadFailedTitle: 'Error loading events',
  },
  booking: {
    selectTicket: 'Select a ticket',
    chooseEvent: 'Choose an event.',
    invalidCouponTitle: 'Invalid Coupon',
    invalidCouponText: 'This coupon code is not valid.',
    invalidCoupon: 'Invalid Coupon: This coupon code is not valid.',
    couponAppliedTitle: 'Coupon applied',
    soldOut: 'Sold out',
    profileIncompleteTitle: 'Almost there!',
    profileIncomplete: 'Please complete your profile to book the event.',
    paymentUnavailable: 'Payment system unavailable',
    verifyFailed: 'Payment verification failed. Please contact support.',
    paymentFailed: 'Payment failed',
    bookingFailed: 'Booking creation failed: payment successful but booking record failed. Please contact support.',
    orderNotFound: 'Order not found.',
  },
  /** An order's failure_reason once its payment was refunded in full (worker/services/ledger/refund-payment.ts). */
  refund: {
    noSeat: 'Paid after the hold expired and the event was full: refunded in full.',
    duplicate: 'This order was already paid with another payment: the second payment was refunded in full.',
    amountMismatch: 'The amount paid did not match the order: refunded in full.',
  },
  newsletter: {
    invalidTitle: 'Invalid email',
    invalid: 'Please enter a valid email',
    subscribedTitle: 'Subscribed!',
    subscribedText: "You'll receive updates about our upcoming events.",
    /** Under the footer form (issue 22): the form is an opt-in for the address typed. */
    optIn: 'Newsletters only, no spam. Every email has a one-click unsubscribe link.',
  },
  waitlist: {
    unknownCity: 'Please choose a city that is coming soon.',
    contactInvalid: 'Please enter a valid email or phone number',
    keepPostedTitle: "We'll keep you posted!",
    keepPostedText: "We'll send you updates via WhatsApp before the event.",
  },
  /** The operator console (/admin) and the gate in front of it. */
} as const;
