/**
 * What a page says about itself outside its body: the tab's title, and for the public pages the
 * description and Open Graph tags a shared link previews with. Link previewers do not run
 * JavaScript, so the Worker writes these into the HTML of the pages it serves
 * (worker/routes/pages.ts); the SPA only keeps the tab's title right as the guest moves around
 * (use-page-title.ts).
 */
export const SITE_NAME = 'Tablemates';
export const HOME_TITLE = 'Tablemates — Where strangers become friends';
/** /events' name in the tab and in a link preview. */
export const EVENTS_TITLE = 'Upcoming dinners';
/**
 * /events' introduction: the page's first paragraph, and its preview's description. Each dinner
 * has its own hours (issue 24), so the intro names none; every card shows its own.
 */
export const EVENTS_INTRO =
  "Pick an evening, and we'll match you with six to eight people worth meeting. Each card shows the dinner's day and hours, and the venue is revealed 48 hours before.";
export const SITE_DESCRIPTION =
  'Tablemates — curated weekend dinners where six to eight strangers share a table. Where strangers become friends.';

/** @example pageTitle('Your profile') // 'Your profile — Tablemates'; pageTitle() // the home page's */
export const pageTitle = (title?: string) => (title ? `${title} — ${SITE_NAME}` : HOME_TITLE);

/** A page's head as the Worker writes it. `image` may be a same-site path; the Worker makes it absolute. */
export type PageHead = {
  /** The document title, in full (see {@link pageTitle}). */
  title: string;
  description: string;
  /** The preview's headline; the document title when left out. */
  ogTitle?: string;
  image?: string;
  imageAlt?: string;
};
