import { Component, type ReactNode } from 'react';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FullScreenMessage } from '@/shared/ui/full-screen-message.tsx';

/**
 * What a route shows when rendering it failed, most often a page's chunk that could not be
 * downloaded (the connection dropped, or a new release replaced the files): a reload fetches
 * the current ones.
 */
export function RouteError({ error, reload }: { error: unknown; reload?: () => void }) {
  return (
    <FullScreenMessage>
      <h1 className="mb-2 text-2xl font-bold text-rose-300">This page could not be shown</h1>
      <p className="mb-4 break-words text-slate-200">{errorMessage(error)}</p>
      <Button onClick={reload ?? (() => window.location.reload())}>Reload Page</Button>
    </FullScreenMessage>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The location's key: moving to another page (the back button) clears the error. */
  resetKey: string;
  reload?: () => void;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/**
 * Shows RouteError in place of the routes when one fails to render. The app routes with
 * BrowserRouter and useRoutes, not the data router, whose loaders, actions and fetchers it does
 * not use and which cost the first load 16 KB gzip (docs/decisions/0036), so this boundary does
 * what the data router's errorElement did.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} reload={this.props.reload} /> : this.props.children;
  }
}
