/**
 * A dinner ready for table matching (issue 13), seeded straight into the e2e stack's local D1:
 * paid guests with profiles (sex, date of birth, work) and quiz answers, a couple among them, so
 * the matching has something to balance. Reused by the specs of the whole matching flow: the
 * operator's Tables tab (admin-tables.spec.ts), a guest's table on My Booking, the host's
 * icebreakers. Each call makes a dinner of its own (a random tag), hidden from the guests' lists
 * unless asked, so no other spec's list or count sees it.
 */
import type { Role } from '../../../worker/domain/roles.ts';
import { grantSql, parseWho } from '../../../db/role.ts';
import { d1Rows, localD1 } from './local-d1.ts';

export type SeededGuest = {
  userId: string;
  bookingId: string;
  /** The booker's full name, as the console shows it. */
  name: string;
  /** Ten digits: `signInByApi(page, phone)` (or `signInWithPhone`) signs in as this guest. */
  phone: string;
  e164: string;
  sex: 'male' | 'female';
  ticketType: 'male' | 'female' | 'couple';
  seats: number;
  /** A couple's second guest (first name), or null. */
  partyName: string | null;
  ticketCode: string;
};

export type SeededDinner = { id: string; title: string; date: string; startsAt: string; guests: SeededGuest[] };

const FIRST_WOMEN = ['Kavya', 'Ananya', 'Ishita', 'Meera', 'Riya', 'Sana', 'Tara', 'Diya', 'Nisha', 'Pooja'];
const FIRST_MEN = ['Arjun', 'Rohan', 'Kabir', 'Vikram', 'Aditya', 'Dev', 'Nikhil', 'Sahil', 'Karan', 'Ishaan'];
const LAST = ['Sharma', 'Mehta', 'Iyer', 'Rao', 'Kapoor', 'Sen', 'Nair', 'Gupta', 'Bose', 'Reddy'];
const BATTERIES = ['extrovert', 'ambivert', 'introvert'] as const;
const MUSIC = ['K-Pop', 'Desi/Bollywood', 'Jazz', 'Rock', 'Pop', 'EDM'];
const FILMS = ['Comedy', 'Drama', 'Sci-Fi', 'Horror', 'Romance', 'K-Drama / K-Movies'];
const WORK = ['job', 'student', 'startup', 'business'];
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const randomDigits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
const ticketCode = () =>
  Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join(''),
  ).join('-');

/** The quiz's answers as the app stores them (`quiz_responses.answers`, SPEC §3). */
function quizAnswers(i: number, name: string) {
  return {
    vibe_reason: 'new_people',
    netflix_style: i % 2 ? 'new_series' : 'comfort_show',
    superpower: i % 3 ? 'teleport' : 'read_minds',
    social_battery: BATTERIES[i % 3],
    life_progress: 'preparing',
    doing_nothing: ['peace', 'okay', 'torture'][i % 3],
    music_genres: [MUSIC[i % MUSIC.length], MUSIC[(i + 2) % MUSIC.length]],
    movie_genres: [FILMS[i % FILMS.length], FILMS[(i + 1) % FILMS.length], FILMS[(i + 3) % FILMS.length]],
    free_entry: i % 2 ? 'concerts' : 'matches',
    family_guy_character: 'stewie',
    dietary_preferences: i % 4 ? 'non_vegetarian' : 'vegetarian',
    name,
    email: '',
    age_range: '',
    dietary_preferences_text: '',
    interests: '',
  };
}

/**
 * Seeds a dinner `startsInDays` ahead (19:00 IST; default 10 days, outside the 48-hour reveal so
 * the cron leaves its tables alone) with `singles` one-seat guests (alternately women and men)
 * plus `couples` couples: 12 + 1 make 14 seats, two tables of 6-8. Every booking is paid and
 * confirmed, with a ticket code. Returns the dinner and its guests in booking order.
 * @example const dinner = await seedMatchingDinner(); await page.goto(`/admin/events/${dinner.id}/tables`);
 */
export async function seedMatchingDinner(opts: MatchingDinnerOptions = {}): Promise<SeededDinner> {
  const { dinner, sql } = matchingDinnerSeed(opts);
  await localD1(sql);
  return dinner;
}

export type MatchingDinnerOptions = {
  singles?: number;
  couples?: number;
  startsInDays?: number;
  available?: boolean;
  city?: string;
};

/**
 * {@link seedMatchingDinner}'s dinner and the SQL that seeds it, not yet run: for a spec that seeds
 * more in the same transaction (all or nothing).
 */
export function matchingDinnerSeed(opts: MatchingDinnerOptions = {}): { dinner: SeededDinner; sql: string } {
  const { singles = 12, couples = 1, startsInDays = 10, available = false, city = 'gurugram' } = opts;
  const tag = Math.random().toString(36).slice(2, 8);
  const date = new Date(Date.now() + startsInDays * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const startsAt = `${date}T13:30:00.000Z`;
  const id = `e2e-tables-${tag}`;
  const title = `Matching Supper ${tag}`;
  const guests: SeededGuest[] = [];
  for (let i = 0; i < singles + couples; i++) {
    const couple = i >= singles;
    const sex: SeededGuest['sex'] = couple ? (i % 2 ? 'male' : 'female') : i % 2 ? 'male' : 'female';
    const first = (sex === 'female' ? FIRST_WOMEN : FIRST_MEN)[Math.floor(i / 2) % 10];
    const phone = `9${randomDigits(9)}`;
    const userId = `${id}-u${i}`;
    guests.push({
      userId,
      bookingId: `${userId}-b`,
      name: `${first} ${LAST[i % LAST.length]} ${tag}`,
      phone,
      e164: `+91${phone}`,
      sex,
      ticketType: couple ? 'couple' : sex,
      seats: couple ? 2 : 1,
      partyName: couple ? (sex === 'female' ? FIRST_MEN[(i + 3) % 10] : FIRST_WOMEN[(i + 3) % 10]) : null,
      ticketCode: ticketCode(),
    });
  }
  const rows = guests.map((g, i) => {
    const amount = g.seats === 2 ? 899 : 499;
    const dob = `${1993 + (i % 8)}-0${1 + (i % 9)}-1${i % 10}`;
    const answers = JSON.stringify(quizAnswers(i, g.name));
    const battery = BATTERIES[i % 3];
    // The quiz row's legacy columns allow only extrovert or introvert (SPEC §3); `answers` holds the truth.
    const personality = battery === 'introvert' ? 'introvert' : 'extrovert';
    const at = new Date(Date.now() - (guests.length - i) * 60_000).toISOString();
    return `INSERT INTO users (id, phone) VALUES ('${g.userId}', '${g.e164}');
      INSERT INTO user_profiles (id, user_id, full_name, email, phone_number, sex, date_of_birth, work_profile)
        VALUES ('${g.userId}-p', '${g.userId}', '${g.name}', '${g.userId}@example.com', '${g.e164}', '${g.sex}',
        '${dob}', '${WORK[i % WORK.length]}');
      INSERT INTO quiz_responses (id, user_id, name, age_range, dietary_preferences, interests, personality_type,
        conversation_style, answers)
        VALUES ('${g.userId}-q', '${g.userId}', '${g.name}', '25-34', 'non_vegetarian', '[]', '${personality}',
        'listener', '${answers}');
      INSERT INTO payment_orders (id, receipt, user_id, event_id, ticket_type, seats, amount, status, hold_expires_at,
        party_name)
        VALUES ('${g.userId}-o', '${g.userId}-r', '${g.userId}', '${id}', '${g.ticketType}', ${g.seats}, ${amount},
        'confirmed', '2000-01-01T00:00:00.000Z', ${g.partyName ? `'${g.partyName}'` : 'NULL'});
      INSERT INTO event_bookings (id, user_id, order_id, event_id, event_name, event_location, event_date,
        ticket_type, seats, amount, payment_id, status, booking_date, ticket_code, party_name)
        VALUES ('${g.bookingId}', '${g.userId}', '${g.userId}-o', '${id}', '${title}', 'Gurugram', '${date}',
        '${g.ticketType}', ${g.seats}, ${amount}, 'pay_${g.userId}', 'confirmed', '${at}', '${g.ticketCode}',
        ${g.partyName ? `'${g.partyName}'` : 'NULL'});`;
  });
  const sql = `INSERT INTO events (id, city, title, description, location, date, starts_at, image_url, available,
      ticket_price_single, ticket_price_couple, ticket_price_group, capacity, venue_name, venue_address)
     VALUES ('${id}', '${city}', '${title}', 'A test dinner.', 'Gurugram', '${date}', '${startsAt}',
      '/images/events/gurugram.svg', ${available ? 1 : 0}, 499, 899, 749, 20, 'The Long Table', '1 Test Lane');
    ${rows.join('\n')}`;
  return { dinner: { id, title, date, startsAt, guests }, sql };
}

/**
 * Grants `role` to the account that signed in with `phone`: the very statement `npm run role` runs
 * (db/role.ts, as a fresh deploy's first operator is made), in this process rather than through
 * npm and wrangler (seconds each); operator-role.spec.ts runs the command itself. The person must have
 * signed in once.
 */
export async function grantRole(phone: string, role: Role) {
  const who = parseWho(phone);
  if (!who) throw new Error(`"${phone}" is not a phone number`);
  const granted = await d1Rows(grantSql(who, role));
  if (granted.length !== 1) throw new Error(`no account with phone ${phone}: it must sign in before it gets a role`);
}

/** Each booking's table as D1 holds it (null: not seated): what a spec checks the page against. */
export async function seatingInD1(dinnerId: string): Promise<Map<string, number | null>> {
  const seated = await d1Rows<{ id: string; table_number: number | null }>(
    `SELECT id, table_number FROM event_bookings WHERE event_id = '${dinnerId}' AND status IN ('confirmed','checked_in')`,
  );
  return new Map(seated.map((r) => [r.id, r.table_number]));
}
