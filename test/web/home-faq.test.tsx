import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Faq, faqs } from '@/features/home/components/faq';

const question = (i: number) => screen.getByRole('button', { name: faqs[i].q });
/** Answer panels currently shown (the section itself is also a named region, so keep only the panels). */
const openPanels = () => {
  const panelIds = faqs.map((_, i) => question(i).getAttribute('aria-controls'));
  return screen.queryAllByRole('region').filter((el) => panelIds.includes(el.id));
};
const expanded = () => faqs.map((_, i) => question(i).getAttribute('aria-expanded'));

afterEach(cleanup);

describe('Home FAQ', () => {
  it('shows the five questions under "Got Questions?", all closed', () => {
    render(<Faq />);
    expect(screen.getByRole('heading', { name: 'Got Questions?' })).toBeTruthy();
    expect(expanded()).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(openPanels()).toEqual([]);
  });

  it('opens one answer at a time: opening another closes the first', () => {
    render(<Faq />);
    fireEvent.click(question(0));
    expect(expanded()).toEqual(['true', 'false', 'false', 'false', 'false']);
    const panel = screen.getByRole('region', { name: faqs[0].q });
    expect(question(0).getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toContain(faqs[0].a);

    fireEvent.click(question(2));
    expect(expanded()).toEqual(['false', 'false', 'true', 'false', 'false']);
    expect(openPanels()).toHaveLength(1);
    expect(openPanels()[0].textContent).toContain('₹499');
  });

  it('closes the open answer when its question is clicked again', () => {
    render(<Faq />);
    fireEvent.click(question(1));
    fireEvent.click(question(1));
    expect(expanded()).toEqual(['false', 'false', 'false', 'false', 'false']);
  });

  it('moves focus between questions with the arrow, Home and End keys', () => {
    render(<Faq />);
    question(0).focus();
    fireEvent.keyDown(question(0), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(question(1));
    fireEvent.keyDown(question(1), { key: 'End' });
    expect(document.activeElement).toBe(question(4));
    fireEvent.keyDown(question(4), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(question(0));
    fireEvent.keyDown(question(0), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(question(4));
    fireEvent.keyDown(question(4), { key: 'Home' });
    expect(document.activeElement).toBe(question(0));
  });
});
