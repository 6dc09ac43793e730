import { InitialsAvatar } from '@/components/illustrations/avatar';

/** SPEC §3 "Static content: testimonial" — six fixed entries. */
type Testimonial = {
  name: string;
  ageOccupation: string;
  quote: string;
  event: 'Saturday Night Soirée' | 'Sunday Supper Club';
  highlight: string;
};

const testimonials: Testimonial[] = [
  {
    name: 'Ananya Sharma',
    ageOccupation: '27, UX Designer',
    quote:
      'I moved to Gurugram knowing exactly two people from work. By dessert I had a WhatsApp group called "Biryani Council" and plans for the following Sunday.',
    event: 'Saturday Night Soirée',
    highlight: 'Left with a brunch crew',
  },
  {
    name: 'Rohan Mehta',
    ageOccupation: '31, Product Manager',
    quote:
      'The host asked us for our most useless talent. A chartered accountant beatboxed, a doctor did bird calls, and nobody looked at their phone for three hours.',
    event: 'Sunday Supper Club',
    highlight: 'Three hours, zero phones',
  },
  {
    name: 'Priya Nair',
    ageOccupation: '29, Resident Doctor',
    quote:
      'I work odd shifts and had stopped meeting anyone outside the hospital. Sitting with six strangers felt easier than I expected — everyone came alone, just like me.',
    event: 'Saturday Night Soirée',
    highlight: 'Everyone came solo',
  },
  {
    name: 'Karan Malhotra',
    ageOccupation: '34, Startup Founder',
    quote:
      'No networking, no pitch decks, just honest conversation about our parents, old Delhi food and bad first jobs. I have not laughed that hard in months.',
    event: 'Sunday Supper Club',
    highlight: 'Conversation, not networking',
  },
  {
    name: 'Sneha Iyer',
    ageOccupation: '26, Chartered Accountant',
    quote:
      'I am an introvert and nearly cancelled twice. The icebreakers were gentle, the table was small, and I ended up talking about Carnatic music till closing time.',
    event: 'Saturday Night Soirée',
    highlight: 'An introvert who stayed late',
  },
  {
    name: 'Vikram Singh',
    ageOccupation: '38, Architect',
    quote:
      'The vibe check actually works. Our table had two fellow K-drama fans and a retired cricketer who argued with me about Dravid for an hour. Perfect evening.',
    event: 'Sunday Supper Club',
    highlight: 'Matched by the vibe check',
  },
];

/** SPEC §2 Home "Testimonials": titled 'What Actually Happens Here'. */
export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-base-100 py-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <p className="text-center text-sm font-semibold tracking-widest text-primary uppercase">
          Stories from the table
        </p>
        <h2 id="testimonials-title" className="mt-3 text-center text-3xl font-bold sm:text-4xl">
          What Actually Happens Here
        </h2>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              {/* The card and its body are one element: a <figcaption> must be the <figure>'s own
                  child (html-validate, test/worker/html-validate.test.ts). The quote mark is out of
                  the flow, so the body's column and gap lay out the rest as before. */}
              <figure className="card card-body relative h-full gap-4 overflow-hidden bg-base-200/70 ring-1 ring-base-300">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-3 right-5 font-display text-8xl leading-[0.8] text-primary/15"
                >
                  ”
                </span>
                <p className="self-start rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary">
                  {t.highlight}
                </p>
                <blockquote className="flex-1 text-base-content/90">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="flex items-center gap-3">
                  <InitialsAvatar name={t.name} />
                  <span className="flex flex-col">
                    <span className="font-semibold">{t.name}</span>
                    <span className="text-sm text-base-content/75">
                      {t.ageOccupation} · {t.event}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
