/**
 * What grievances say (issue 22): the form's labels and messages, the two emails, the console's
 * words. One place, so the form, the API and the tests read the same strings.
 */
export const GRIEVANCE_COPY = {
  form: {
    heading: 'Raise a grievance',
    intro:
      'Something went wrong and you want it on the record? File a grievance here. You get a reference number straight away, an acknowledgement by email, and a reply within one month.',
    name: 'Your name',
    email: 'Your email',
    subject: 'Subject',
    description: 'What happened',
    descriptionHint: 'The dinner and date it concerns, if any, and what you would like us to do.',
    submit: 'File grievance',
    submitting: 'Filing…',
    filedTitle: 'Grievance filed',
    /** Shown in place of the form once filed; `reference` is what the guest quotes. */
    filed: (reference: string, dueDate: string, email: string) =>
      `Your reference is ${reference}. We have emailed an acknowledgement to ${email} and will resolve your grievance by ${dueDate}.`,
    another: 'File another grievance',
  },
  officer: {
    heading: 'Grievance officer',
    /** Before the officer's name and email. */
    intro:
      'Under the Consumer Protection (E-Commerce) Rules 2020 and the Digital Personal Data Protection Act 2023, our grievance officer is:',
    timings:
      'We acknowledge every grievance at once (within 48 hours at the latest) and resolve it within one month of receiving it.',
    loading: 'Loading the grievance officer’s details…',
    unavailable: 'The grievance officer’s details could not be loaded. Please write to hello@tablemates.in.',
  },
  /** Marks what issue 22 adds beside SPEC's text on the info pages. */
  addedForLaunch: 'Added for launch',
  invalid: {
    name: 'Please enter your name (2 to 100 characters)',
    email: 'Please enter a valid email address',
    subject: 'Please enter a subject (3 to 150 characters)',
    description: 'Please describe your grievance (20 to 5000 characters)',
    reply: 'Please write a reply (10 to 5000 characters)',
  },
  errors: {
    botCheck: 'We could not check that you are not a bot. Please try again.',
    notFound: 'This grievance does not exist.',
    alreadyResolved: 'This grievance has already been answered.',
  },
  email: {
    ackSubject: (reference: string) => `We have received your grievance ${reference}`,
    replySubject: (reference: string) => `Our reply to your grievance ${reference}`,
  },
} as const;
