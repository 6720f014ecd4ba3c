import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppRoutes } from '@/app/app.tsx';
import { AppProviders, createQueryClient } from '@/app/providers.tsx';

/** What a test reads of the router: where it is now, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

/** The whole app (its routes and providers, as app.tsx wires them) at `path`, in a memory router. */
export function renderApp(path: string): TestRouter {
  let navigateTo: NavigateFunction | null = null;
  const router: TestRouter = {
    state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } },
    // Callers wrap it in act(), as they did the data router's navigate.
    navigate: async (to) => {
      await navigateTo?.(to);
    },
  };
  function Probe() {
    router.state.location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return router;
}

/** One screen (not the whole app) with the app's query client, at `path` in a memory router. */
export function renderScreen(screen: ReactElement, path = '/') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
    </QueryClientProvider>,
  );
}
