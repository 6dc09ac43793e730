/**
 * The vibe check (SPEC §2 Quiz, §3 quiz_responses, §5 Quiz). Pure, no I/O: the wizard validates
 * each step with `STEP_SCHEMAS`, `POST /api/quiz` parses the whole body with `QuizAnswersSchema`,
 * and `toQuizRow` is the one place that maps answers onto the stored row.
 */
import * as v from 'valibot';
import { COPY } from './copy';

export type QuizOption = { value: string; label: string; emoji?: string; trait?: string };

export const MUSIC_GENRES = [
  { value: 'Rock', label: 'Rock', emoji: '🎸' },
  { value: 'Pop', label: 'Pop', emoji: '🎤' },
  { value: 'R&B', label: 'R&B', emoji: '🎶' },
  { value: 'Hip-Hop', label: 'Hip-Hop', emoji: '🧢' },
  { value: 'EDM', label: 'EDM', emoji: '🎧' },
  { value: 'Desi/Bollywood', label: 'Desi/Bollywood', emoji: '🪘' },
  { value: 'Classical', label: 'Classical', emoji: '🎻' },
  { value: 'Metal', label: 'Metal', emoji: '🤘' },
  { value: 'Reggae', label: 'Reggae', emoji: '🌴' },
  { value: 'K-Pop', label: 'K-Pop', emoji: '💜' },
  { value: 'Ghazal', label: 'Ghazal', emoji: '🌙' },
  { value: 'Jazz', label: 'Jazz', emoji: '🎷' },
] as const satisfies readonly QuizOption[];

export const MOVIE_GENRES = [
  { value: 'Action / Thriller', label: 'Action / Thriller', emoji: '💥' },
  { value: 'Horror', label: 'Horror', emoji: '👻' },
  { value: 'Sci-Fi', label: 'Sci-Fi', emoji: '🚀' },
  { value: 'Drama', label: 'Drama', emoji: '🎭' },
  { value: 'Comedy', label: 'Comedy', emoji: '😂' },
  { value: 'Romance', label: 'Romance', emoji: '💕' },
  { value: 'Musical / Bollywood', label: 'Musical / Bollywood', emoji: '💃' },
  { value: 'Documentary', label: 'Documentary', emoji: '🎥' },
  { value: 'True Crime', label: 'True Crime', emoji: '🔍' },
  { value: 'Animation', label: 'Animation', emoji: '🐭' },
  { value: 'Historical / Period', label: 'Historical / Period', emoji: '🏰' },
  { value: 'Superhero / Fantasy', label: 'Superhero / Fantasy', emoji: '🦸' },
  { value: 'K-Drama / K-Movies', label: 'K-Drama / K-Movies', emoji: '🇰🇷' },
] as const satisfies readonly QuizOption[];

export const FAMILY_GUY_CHARACTERS = [
  { value: 'peter', label: 'Peter', trait: 'Chaotic fun with zero filter' },
  { value: 'lois', label: 'Lois', trait: 'Keeps the whole show running' },
  { value: 'stewie', label: 'Stewie', trait: 'Evil genius with excellent taste' },
  { value: 'brian', label: 'Brian', trait: 'Martini in hand, opinions to share' },
  { value: 'meg', label: 'Meg', trait: 'Underrated and totally over it' },
  { value: 'chris', label: 'Chris', trait: 'Sweet, goofy and always hungry' },
  { value: 'quagmire', label: 'Quagmire', trait: 'The life of every party' },
  { value: 'joe', label: 'Joe', trait: 'Never backs down from a challenge' },
  { value: 'cleveland', label: 'Cleveland', trait: 'Smooth, chill and easy-going' },
] as const satisfies readonly QuizOption[];

type Values<T extends readonly { value: string }[]> = T[number]['value'];
const values = <T extends readonly { value: string }[]>(opts: T) =>
  opts.map((o) => o.value) as unknown as [Values<T>, ...Values<T>[]];

const single = <const F extends string, const T extends readonly QuizOption[]>(
  field: F,
  question: string,
  options: T,
) => ({ field, question, kind: 'single', options }) as const;

/** The eleven steps, in order, with every option of SPEC §2 in its order. */
export const QUIZ_STEPS = [
  single('vibe_reason', "What's your vibe for pulling up today?", [
    { value: 'new_people', label: 'Meeting new people', emoji: '👋' },
    { value: 'adventure', label: 'Up for an adventure', emoji: '🧭' },
    { value: 'grow_circle', label: 'Growing my circle', emoji: '🌱' },
    { value: 'no_solo', label: 'Not eating solo tonight', emoji: '🍽️' },
  ] as const),
  single('netflix_style', 'Netflix night: what are you pressing play on?', [
    { value: 'comfort_show', label: 'My comfort show, for the tenth time', emoji: '🛋️' },
    { value: 'new_series', label: 'A brand-new series, obviously', emoji: '✨' },
  ] as const),
  single('superpower', 'Pick a superpower. No take-backs.', [
    { value: 'teleport', label: 'Teleport anywhere', emoji: '🌀' },
    { value: 'read_minds', label: 'Read minds', emoji: '🔮' },
  ] as const),
  single('social_battery', "How's your social battery, honestly?", [
    { value: 'extrovert', label: 'Always charged: extrovert', emoji: '🔋' },
    { value: 'introvert', label: 'Low-power mode: introvert', emoji: '🪫' },
    { value: 'ambivert', label: 'Depends on the day: ambivert', emoji: '🌗' },
  ] as const),
  single('life_progress', 'If your life were a food-delivery order, where is it right now?', [
    { value: 'cart', label: 'Still sitting in the cart', emoji: '🛒' },
    { value: 'preparing', label: 'Being prepared', emoji: '👩‍🍳' },
    { value: 'on_way', label: 'On the way', emoji: '🛵' },
    { value: 'delivered', label: 'Delivered, hot and fresh', emoji: '📦' },
  ] as const),
  single('doing_nothing', 'A whole day of doing absolutely nothing sounds like…', [
    { value: 'peace', label: 'Pure peace', emoji: '😌' },
    { value: 'okay', label: 'Okay, I guess', emoji: '🤷' },
    { value: 'torture', label: 'Actual torture', emoji: '😩' },
  ] as const),
  {
    field: 'music_genres',
    question: "What's on your playlist? Pick up to 3.",
    kind: 'multi',
    options: MUSIC_GENRES,
    min: 1,
    max: 3,
  } as const,
  {
    field: 'movie_genres',
    question: 'Your movie-night holy trinity? Pick exactly 3.',
    kind: 'multi',
    options: MOVIE_GENRES,
    min: 3,
    max: 3,
  } as const,
  single('free_entry', 'Lifetime free entry. Which one are you taking?', [
    { value: 'concerts', label: 'Concerts', emoji: '🎫' },
    { value: 'matches', label: 'Matches', emoji: '🏏' },
  ] as const),
  single('family_guy_character', 'Which Family Guy character are you, really?', FAMILY_GUY_CHARACTERS),
  single('dietary_preferences', 'Any food stuff we should know?', [
    { value: 'vegetarian', label: 'Vegetarian', emoji: '🥗' },
    { value: 'non_vegetarian', label: 'Non-vegetarian', emoji: '🍗' },
  ] as const),
] as const;

export type QuizStep = (typeof QUIZ_STEPS)[number];
export type QuizField = QuizStep['field'];
export const QUIZ_STEP_COUNT = QUIZ_STEPS.length;

export const QUIZ_MESSAGES = COPY.quiz;

const stepOptions = <F extends QuizField>(field: F) => {
  const step = QUIZ_STEPS.find((s) => s.field === field);
  if (!step) throw new Error(`unknown quiz field ${field}`);
  return values(step.options as readonly QuizOption[]);
};

const choice = (field: QuizField) => v.picklist(stepOptions(field), QUIZ_MESSAGES.mandatory);
const noDuplicates = (list: readonly unknown[]) => new Set(list).size === list.length;

/** One schema per step, keyed by field; `validateStep` reports the first issue's message. */
export const STEP_SCHEMAS = {
  vibe_reason: choice('vibe_reason'),
  netflix_style: choice('netflix_style'),
  superpower: choice('superpower'),
  social_battery: choice('social_battery'),
  life_progress: choice('life_progress'),
  doing_nothing: choice('doing_nothing'),
  music_genres: v.pipe(
    v.array(v.picklist(values(MUSIC_GENRES), QUIZ_MESSAGES.mandatory), QUIZ_MESSAGES.musicMin),
    v.minLength(1, QUIZ_MESSAGES.musicMin),
    v.maxLength(3, QUIZ_MESSAGES.musicMax),
    v.check((list) => noDuplicates(list), QUIZ_MESSAGES.musicMax),
  ),
  movie_genres: v.pipe(
    v.array(v.picklist(values(MOVIE_GENRES), QUIZ_MESSAGES.mandatory), QUIZ_MESSAGES.moviesExact),
    v.length(3, QUIZ_MESSAGES.moviesExact),
    v.check((list) => noDuplicates(list), QUIZ_MESSAGES.moviesExact),
  ),
  free_entry: choice('free_entry'),
  family_guy_character: choice('family_guy_character'),
  dietary_preferences: choice('dietary_preferences'),
} satisfies Record<QuizField, v.GenericSchema>;

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)), '');

/**
 * The whole submission. name, email, age_range and the free-text fields may be empty (SPEC §5);
 * an email, when given, must be valid.
 */
export const QuizAnswersSchema = v.object(
  {
    ...STEP_SCHEMAS,
    name: optionalText(100),
    email: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(255, QUIZ_MESSAGES.emailInvalid),
        v.check((s) => s === '' || v.is(v.pipe(v.string(), v.email()), s), QUIZ_MESSAGES.emailInvalid),
      ),
      '',
    ),
    age_range: optionalText(20),
    dietary_preferences_text: optionalText(500),
    interests: optionalText(500),
  },
  QUIZ_MESSAGES.mandatory,
);

export type QuizAnswers = v.InferOutput<typeof QuizAnswersSchema>;
export type QuizAnswersInput = v.InferInput<typeof QuizAnswersSchema>;

/** The wizard's starting values (SPEC §3 "Quiz form values and defaults"). */
export const QUIZ_DEFAULTS: QuizAnswers = {
  vibe_reason: 'new_people',
  netflix_style: 'comfort_show',
  superpower: 'teleport',
  social_battery: 'ambivert',
  life_progress: 'cart',
  doing_nothing: 'okay',
  music_genres: [],
  movie_genres: [],
  free_entry: 'concerts',
  family_guy_character: 'peter',
  dietary_preferences: 'vegetarian',
  name: '',
  email: '',
  age_range: '26-35',
  dietary_preferences_text: '',
  interests: '',
};

/**
 * Checks one step of the wizard. Returns null when the step may be left, else the message to
 * show (e.g. 'Pick exactly 3').
 * @example validateStep(7, { ...QUIZ_DEFAULTS, movie_genres: ['Horror'] }) // 'Pick exactly 3'
 */
export function validateStep(index: number, answers: Partial<Record<QuizField, unknown>>): string | null {
  const step = QUIZ_STEPS[index];
  if (!step) return QUIZ_MESSAGES.mandatory;
  const result = v.safeParse(STEP_SCHEMAS[step.field], answers[step.field]);
  return result.success ? null : result.issues[0].message;
}

/** The interest keys stored in quiz_responses.interests, in this order (SPEC §3). */
export const INTEREST_KEYS = [
  'vibe_reason',
  'netflix_style',
  'superpower',
  'life_progress',
  'doing_nothing',
  'music_genres',
  'movie_genres',
  'free_entry',
  'family_guy_character',
] as const;

export const DEFAULT_AGE_RANGE = '26-35';

export type QuizRow = {
  name: string;
  email: string | null;
  ageRange: string;
  dietaryPreferences: QuizAnswers['dietary_preferences'];
  interests: string;
  personalityType: 'extrovert' | 'introvert';
  conversationStyle: 'listener';
  answers: string;
};

/**
 * Maps validated answers to the stored row exactly as SPEC §3 says: name falls back to
 * 'Anonymous', email to null, age_range to 26-35; ambivert is stored as introvert; the
 * conversation style is always 'listener'. `fallbacks` are what the server knows about the
 * guest (profile name, account email), used when the answers carry none.
 */
export function toQuizRow(
  answers: QuizAnswers,
  fallbacks: { name?: string | null; email?: string | null } = {},
): QuizRow {
  const interests = Object.fromEntries(INTEREST_KEYS.map((k) => [k, answers[k]]));
  const name = fallbacks.name?.trim() || answers.name.trim() || 'Anonymous';
  const email = answers.email.trim() || fallbacks.email?.trim() || null;
  return {
    name,
    email,
    ageRange: answers.age_range.trim() || DEFAULT_AGE_RANGE,
    dietaryPreferences: answers.dietary_preferences,
    interests: JSON.stringify(interests),
    personalityType: answers.social_battery === 'extrovert' ? 'extrovert' : 'introvert',
    conversationStyle: 'listener',
    answers: JSON.stringify(answers),
  };
}

/** Browser storage key for answers waiting for sign-in (SPEC §2 Sign-in, §3). */
export const PENDING_QUIZ_KEY = 'pendingQuizData';
