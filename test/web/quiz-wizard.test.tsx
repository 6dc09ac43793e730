import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_DEFAULTS } from '../../worker/domain/quiz';
import { Toaster } from '@/components/toaster';
import { QuizWizard } from '@/features/quiz/components/quiz-wizard';

afterEach(cleanup);

function setup(submitting = false) {
  const onSubmit = vi.fn();
  const utils = render(
    <>
      <QuizWizard initialAnswers={QUIZ_DEFAULTS} submitting={submitting} onSubmit={onSubmit} />
      <Toaster />
    </>,
  );
  const step = () => Number(screen.getByTestId('quiz-step').getAttribute('data-step'));
  const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  return { ...utils, onSubmit, step, next };
}

describe('QuizWizard', () => {
  it('starts on step 1 with a starred question, 11 dots and no Back', () => {
    const { step } = setup();
    expect(step()).toBe(1);
    expect(screen.getByRole('heading', { name: /What's your vibe for pulling up today\?/ }).textContent).toContain('*');
    expect(screen.getByTestId('quiz-progress').querySelectorAll('li')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });

  it('ignores Enter: it neither advances nor submits', () => {
    const { step } = setup();
    const radio = screen.getByRole('radio', { name: /Up for an adventure/ });
    fireEvent.click(radio);
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => {
      radio.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(step()).toBe(1);
  });

  it('moves focus to each new question and goes back without validating', () => {
    const { step, next } = setup();
    next();
    expect(step()).toBe(2);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toBe(1);
  });

  it('music: refuses Next with none picked and refuses a fourth tile', () => {
    const { step, next } = setup();
    for (let i = 0; i < 6; i++) next();
    expect(step()).toBe(7);
    expect(screen.getAllByRole('checkbox')).toHaveLength(12);
    next();
    expect(step()).toBe(7);
    // SPEC §5/§8: the failed step's toast word for word; the tile rule inline, under the tiles.
    const toastText = () => screen.getAllByTestId('toast').map((t) => t.textContent);
    expect(toastText()).toEqual([expect.stringContaining('Please complete this question')]);
    expect(toastText()[0]).toContain('All questions are mandatory');
    expect(toastText()[0]).not.toContain('Pick at least 1');
    expect(screen.getByText('Pick at least 1').closest('[data-testid="toast"]')).toBeNull();
    for (const g of ['Rock', 'Pop', 'Jazz', 'Metal']) fireEvent.click(screen.getByRole('checkbox', { name: g }));
    expect((screen.getByRole('checkbox', { name: 'Metal' }) as HTMLInputElement).checked).toBe(false);
    // One tile too many is not a failed step: said under the tiles, not in a toast.
    expect(screen.getByText('Pick up to 3').closest('[data-testid="toast"]')).toBeNull();
    expect(toastText().join(' ')).not.toContain('Pick up to 3');
    next();
    expect(step()).toBe(8);
  });

  it('movies: exactly 3, then the last step submits the answers with Let’s Go', () => {
    const { step, next, onSubmit } = setup();
    for (let i = 0; i < 6; i++) next();
    fireEvent.click(screen.getByRole('checkbox', { name: 'EDM' }));
    next();
    expect(screen.getAllByRole('checkbox')).toHaveLength(13);
    for (const g of ['Horror', 'Drama']) fireEvent.click(screen.getByRole('checkbox', { name: g }));
    next();
    expect(step()).toBe(8);
    expect(screen.getByText('Pick exactly 3').closest('[data-testid="toast"]')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Comedy' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Romance' }));
    expect((screen.getByRole('checkbox', { name: 'Romance' }) as HTMLInputElement).checked).toBe(false);
    next();
    next();
    expect(screen.getAllByRole('radio')).toHaveLength(9);
    fireEvent.click(screen.getByRole('radio', { name: /Quagmire/ }));
    next();
    expect(step()).toBe(11);
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      music_genres: ['EDM'],
      movie_genres: ['Horror', 'Drama', 'Comedy'],
      family_guy_character: 'quagmire',
      social_battery: 'ambivert',
      dietary_preferences: 'vegetarian',
    });
  });

  it("shows 'Sending...' on a disabled button and refuses a second submit while submitting", () => {
    const { next, onSubmit, step } = setup(true);
    for (let i = 0; i < 6; i++) next();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rock' }));
    next();
    for (const g of ['Horror', 'Drama', 'Comedy']) fireEvent.click(screen.getByRole('checkbox', { name: g }));
    for (let i = 0; i < 3; i++) next();
    expect(step()).toBe(11);
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
