/**
 * The console's words for grievances (issue 22). A module of their own, beside copy-grievances.ts:
 * the bundler splits by module, so the guest's /contact page never downloads the console's strings.
 */
export const GRIEVANCE_CONSOLE_COPY = {
  title: 'Grievances',
  intro:
    'Every grievance filed on /contact, open ones first and the soonest due at the top. Each is due one month after it was filed.',
  empty: 'No grievances yet.',
  overdue: 'Overdue',
  open: 'Open',
  resolved: 'Resolved',
  notAcknowledged: 'Acknowledgement not sent yet',
  filed: 'Filed',
  due: 'Due',
  acknowledged: 'Acknowledged',
  replied: 'Replied',
  from: 'From',
  signedIn: 'signed-in guest',
  reply: 'Your reply to the guest',
  replyHint: 'Emailed to the guest as written, with the reference. Sending it marks the grievance resolved.',
  send: 'Send reply and resolve',
  sending: 'Sending…',
  sent: 'Reply sent',
  sentText: (reference: string) => `${reference} is resolved and the guest has been emailed.`,
  notEmailed: (reference: string) =>
    `${reference} is resolved, but the email could not be sent just now. It will be retried automatically.`,
  loadFailed: 'The grievances could not be loaded.',
} as const;
