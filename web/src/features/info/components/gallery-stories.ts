import type { StoryArt } from './story-illustration';

export type GalleryStory = { art: StoryArt; title: string; quote: string; subtext?: string };

/**
 * The six gallery cards (SPEC §3 "gallery card": image, title, quote, subtext). No dinner has
 * happened yet, so they tell the story of the first table rather than pretend to remember one.
 */
export const galleryStories: GalleryStory[] = [
  {
    art: 'empty-chair',
    title: 'The Empty Chair',
    quote: 'Every great table starts with an empty chair. This one has your name on it.',
    subtext: 'Our very first Gurugram dinner is being set as you read this.',
  },
  {
    art: 'seven-pm',
    title: 'Strangers at Seven',
    quote: "At 7:00 PM you'll know no one. By dessert you'll know everyone's most controversial food opinion.",
  },
  {
    art: 'toast',
    title: 'The First Toast',
    quote: 'Our hosts don’t give speeches. They ask one good question, raise a glass, and let the table take over.',
    subtext: 'Icebreakers that feel like a game, not a job interview.',
  },
  {
    art: 'matched',
    title: 'Matched, Not Random',
    quote: 'Your vibe check decides who sits across from you — extroverts, introverts and everyone in between.',
  },
  {
    art: 'shared-plates',
    title: 'Food Is the Excuse',
    quote: 'Share a plate, debate the best biryani in town, order one more round. The menu is only where it begins.',
    subtext: 'You order and pay for your own food and drinks at the venue.',
  },
  {
    art: 'group-chat',
    title: 'The Group Chat After',
    quote: 'The best part of the evening might begin the next morning, when someone writes ‘same time next week?’',
  },
];
