import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from '@/components/not-found-page';

describe('NotFoundPage', () => {
  it('shows the spec copy and both buttons', async () => {
    const rootRoute = createRootRoute({ component: NotFoundPage });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/x'] }) });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText("Oops! The page you're looking for doesn't exist or has been moved.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });
});
