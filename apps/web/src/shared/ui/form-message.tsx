import { errorMessage } from '../lib/api-error.ts';

/** Shows `message`, else the message of `error` (a failed mutation's); nothing when neither is set. */
export function FormError({ message, error }: { message?: string | null; error?: unknown }) {
  const text = message || (error ? errorMessage(error) : null);
  if (!text) return null;
  return (
    <p role="alert" className="rounded-md bg-rose-950 px-3 py-2 text-sm break-words text-rose-200">
      {text}
    </p>
  );
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md bg-emerald-950 px-3 py-2 text-sm break-words text-emerald-200">
      {message}
    </p>
  );
}
