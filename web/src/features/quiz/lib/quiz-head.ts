/**
 * What /quiz says of itself: its heading and tab title, and its tagline (SPEC §2 Quiz), which is
 * also the link preview's description. One place, since the page draws them and the Worker
 * writes them into the served HTML's head (web/src/server-render.tsx), importing nothing else.
 */
export const QUIZ_TITLE = 'The vibe check';
export const QUIZ_TAGLINE = 'Help us match you with people who get it.';
