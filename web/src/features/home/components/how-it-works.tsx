/** SPEC §2 Home "How It Works": five steps, 3 + 2 on wide screens. */
const steps = [
  {
    title: 'Share Your Story',
    text: 'Take our quick vibe check about your interests and personality so we can match you with the right table.',
  },
  {
    title: 'Join Our Community',
    text: 'Create your account to get event updates and keep your preferences saved for next time.',
  },
  { title: 'Reserve Your Seat', text: 'Browse our weekend dinner events and secure your spot at the table.' },
  { title: 'Arrive & Discover', text: 'Meet us at the venue and find your table of 6-8 fellow diners.' },
  {
    title: 'Connect Authentically',
    text: 'Enjoy good food, great drinks, and unscripted conversation with people worth meeting.',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-20 bg-base-100 py-20">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <p className="text-center text-sm font-semibold tracking-widest text-primary uppercase">How It Works</p>
        <h2 id="how-it-works-title" className="mx-auto mt-3 max-w-2xl text-center text-3xl font-bold sm:text-4xl">
          Five simple steps to an unforgettable evening
        </h2>
        <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {steps.map((step, i) => (
            <li
              key={step.title}
              className={`card bg-base-200/70 ring-1 ring-base-300 transition-transform hover:-translate-y-1 lg:col-span-2 ${i === 3 ? 'lg:col-start-2' : ''} ${i === 4 ? 'sm:col-span-2 sm:mx-auto sm:w-1/2 lg:mx-0 lg:w-auto' : ''}`}
            >
              <div className="card-body gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-primary font-display text-lg font-bold text-primary-content"
                >
                  {i + 1}
                </span>
                <h3 className="card-title text-xl">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="text-base-content/80">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
