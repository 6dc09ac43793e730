import './gallery.css';
import type { GalleryStory } from './gallery-stories';
import { StoryIllustration } from './story-illustration';

/**
 * One gallery story: illustration on one side, words on the other, sides alternating by index.
 * The entrance is staggered 0.2 s per card (SPEC §2 Gallery); `(i * 2) / 10` rather than
 * `i * 0.2` so the delays read 0.6s, not 0.6000000000000001s.
 */
export function GalleryStoryCard({ story, index }: { story: GalleryStory; index: number }) {
  const flipped = index % 2 === 1;
  return (
    <li
      data-testid="gallery-story"
      className={`story-card flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm md:items-stretch ${flipped ? 'md:flex-row-reverse' : 'md:flex-row'}`}
      style={{ animationDelay: `${(index * 2) / 10}s` }}
    >
      <div className="aspect-[16/11] md:aspect-auto md:w-1/2">
        <StoryIllustration art={story.art} />
      </div>
      <figure className="flex flex-col justify-center gap-4 p-6 sm:p-10 md:w-1/2">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Chapter {index + 1}</p>
        <h2 className="text-2xl font-semibold sm:text-3xl">{story.title}</h2>
        <blockquote className="font-display text-lg italic leading-relaxed text-base-content/90">
          “{story.quote}”
        </blockquote>
        {story.subtext && <figcaption className="text-sm text-base-content/75">{story.subtext}</figcaption>}
      </figure>
    </li>
  );
}
