import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorMessage } from '@/shared/lib/api-error.ts';
import { Button } from '@/shared/ui/button.tsx';
import { FullScreenMessage } from '@/shared/ui/full-screen-message.tsx';

/**
 * What a route shows when rendering it failed, most often a page's chunk that could not be
 * downloaded (the connection dropped, or a new release replaced the files): a reload fetches
 * the current ones.
 */
export function RouteError({ reload }: { reload?: () => void }) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return (
    <FullScreenMessage>
      <h1 className="mb-2 text-2xl font-bold text-rose-300">This page could not be shown</h1>
      <p className="mb-4 break-words text-slate-200">{message}</p>
      <Button onClick={reload ?? (() => window.location.reload())}>Reload Page</Button>
    </FullScreenMessage>
  );
}
