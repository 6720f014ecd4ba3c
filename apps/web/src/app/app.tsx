import { useEffect, useState } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { AppProviders } from './providers.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { appRoutes, preloadRoute } from './routes.tsx';

/** The app's routes inside any router (BrowserRouter here, a MemoryRouter in tests). */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(appRoutes);
  // The page the app was opened at: its chunks download while the startup screen shows.
  const [openedAt] = useState(location);
  useEffect(() => preloadRoute(openedAt), [openedAt]);
  return <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>;
}

// Declarative routing (BrowserRouter), not createBrowserRouter: the data router's loaders,
// actions and fetchers are unused here and would add 16 KB gzip to every first load
// (docs/decisions/0036-first-load-cuts.md).
export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
