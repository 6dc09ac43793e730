/**
 * What a page says about itself outside its body: the tab's title, and for the public pages the
 * description and Open Graph tags a shared link previews with. Link previewers do not run
 * JavaScript, so the Worker writes these into the HTML of the pages it serves
 * (worker/routes/pages.ts); the SPA only keeps the tab's title right as the guest moves around
 * (use-page-title.ts).
 */
export const SITE_NAME = 'Tablemates';
export const HOME_TITLE = 'Tablemates — Where strangers become friends';
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
