import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { EVENT_TIME } from '@domain/time';

/** SPEC §2 Home "FAQ": five questions, answers from SPEC §1 and §9. */
export const faqs = [
  {
    q: 'What happens at my first event?',
    a: `We reveal the venue 48 hours before the dinner. On the night (${EVENT_TIME}) your host welcomes you, seats you at a table of 6-8 guests matched to you, and starts with a couple of easy icebreakers. After that it's just good food, drinks and conversation.`,
  },
  {
    q: 'Can I come alone?',
    a: "Yes — that's the whole idea. Almost everyone arrives solo, so you won't be the only one who doesn't know anybody. Our host makes sure no one is left out of the conversation.",
  },
  {
    q: 'What does the ticket price cover?',
    a: 'The ₹499 ticket is a service fee for curating your group and booking the restaurant. Food and drinks are not included: you order what you like and pay for it directly at the venue.',
  },
  {
    q: "I'm an introvert. Will I enjoy it?",
    a: 'Many of our guests are introverts. Tables are small, there are no speeches or spotlight moments, and the host gently guides the first conversations — listening is as welcome as talking.',
  },
  {
    q: 'How are guests selected?',
    a: 'Through our quiz-based matching. Your vibe check answers — interests, social battery, music and movie taste — and your profile help us seat you with people you are likely to click with.',
  },
];

/**
 * A single-open accordion (WAI-ARIA accordion pattern): opening one answer closes the other.
 * Headers are real buttons with aria-expanded/aria-controls; arrow keys, Home and End move focus.
 */
export function Faq() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = faqs.length - 1;
    const target = { ArrowDown: i === last ? 0 : i + 1, ArrowUp: i === 0 ? last : i - 1, Home: 0, End: last }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <section aria-labelledby="faq-title" className="bg-base-200 py-20">
      <div className="mx-auto max-w-3xl px-5 sm:px-8">
        <p className="text-center text-sm font-semibold tracking-widest text-primary uppercase">FAQ</p>
        <h2 id="faq-title" className="mt-3 text-center text-3xl font-bold sm:text-4xl">
          Got Questions?
        </h2>
        <div className="mt-10 flex flex-col gap-3">
          {faqs.map((item, i) => {
            const open = openIndex === i;
            const buttonId = `${baseId}-q${i}`;
            const panelId = `${baseId}-a${i}`;
            return (
              <div key={item.q} className="rounded-box bg-base-100 ring-1 ring-base-300">
                <h3>
                  <button
                    ref={(el) => {
                      buttons.current[i] = el;
                    }}
                    id={buttonId}
                    type="button"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(open ? null : i)}
                    onKeyDown={(e) => onKeyDown(e, i)}
                    className="flex w-full cursor-pointer items-center justify-between gap-4 rounded-box px-5 py-4 text-left text-lg font-semibold"
                  >
                    {item.q}
                    <span
                      aria-hidden="true"
                      className={`text-2xl text-primary transition-transform ${open ? 'rotate-45' : ''}`}
                    >
                      +
                    </span>
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!open}
                  className="px-5 pb-5 text-base-content/85"
                >
                  <p>{item.a}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
