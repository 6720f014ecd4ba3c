import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from '@/shared/ui/link.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function at(path: string, links: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the app's links (react-router's rules without its framework mode)", () => {
  it('a plain click navigates inside the app; a click with a modifier key is left to the browser', () => {
    at('/', <Link to="/simulator">Simulator</Link>);
    const link = screen.getByRole('link', { name: 'Simulator' });
    expect(link.getAttribute('href')).toBe('/simulator');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/simulator');
  });

  it("the caller's onClick runs first and can keep the navigation from happening", () => {
    at('/', <Link to="/profile" onClick={(e) => e.preventDefault()}>Profile</Link>);
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it.each([
    ['/', '/', false, true],
    ['/simulator', '/', false, false],
    ['/profile/mistakes', '/profile', false, true],
    ['/profile/mistakes', '/profile', true, false],
    ['/profiles', '/profile', false, false],
    ['/Profile', '/profile', true, true],
  ])('at %s a NavLink to %s (end %s) is active: %s', (path, to, end, active) => {
    at(path, <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'on' : 'off')}>Go</NavLink>);
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link.getAttribute('aria-current')).toBe(active ? 'page' : null);
    expect(link.className).toBe(active ? 'on' : 'off');
  });
});
