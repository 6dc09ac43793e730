import { render, screen } from '@testing-library/react';
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
    const ring = container.querySelector('span');
    expect(ring?.getAttribute('aria-hidden')).toBe('true');
    expect(ring?.getAttribute('role')).toBeNull();
  });
});
