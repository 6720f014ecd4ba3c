import type { ReactNode } from 'react';
import { Link } from '@/shared/ui/link.tsx';

/** Frame of the public pages: logo link and a centred card with the page title. */
export function PageCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-950 px-4 py-10 text-slate-100">
      <Link to="/login" className="mb-6 text-2xl font-extrabold tracking-tight text-emerald-300">
        ♠ Card Counter
      </Link>
      <div className={`w-full ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-xl bg-slate-900 p-6 shadow-xl sm:p-8`}>
        <h1 className="mb-6 text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}
