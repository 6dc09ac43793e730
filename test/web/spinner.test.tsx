import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '@/components/spinner';

describe('Spinner', () => {
  it('is an image named by its label, for a wait nothing else announces', () => {
    render(<Spinner label="Loading" />);
    const spinner = screen.getByRole('img', { name: 'Loading' });
    expect(spinner.getAttribute('aria-hidden')).toBeNull();
  });

  it('is hidden from screen readers without a label, where the text beside it says what is happening', () => {
    const { container } = render(
      <p>
        <Spinner size="sm" /> Subscribing...
      </p>,
    );
    expect(within(container).queryByRole('img')).toBeNull();
    const ring = container.querySelector('span');
    expect(ring?.getAttribute('aria-hidden')).toBe('true');
    expect(ring?.getAttribute('role')).toBeNull();
  });

  it('takes daisyUI loading sizes: 1.25, 1.5 and 1.75 rem', () => {
    const { container } = render(
      <>
        <Spinner size="sm" />
        <Spinner />
        <Spinner size="lg" className="text-primary" />
      </>,
    );
    const classes = [...container.querySelectorAll('span')].map((s) => s.className);
    expect(classes[0]).toContain('size-5');
    expect(classes[1]).toContain('size-6');
    expect(classes[2]).toContain('size-7');
    expect(classes[2]).toContain('text-primary');
  });
});
