export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-rose-950 px-3 py-2 text-sm text-rose-200">
      {message}
    </p>
  );
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-md bg-emerald-950 px-3 py-2 text-sm text-emerald-200">
      {message}
    </p>
  );
}
