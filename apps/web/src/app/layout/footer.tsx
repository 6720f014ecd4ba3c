import { Link } from '@/shared/ui/link.tsx';

export function Footer({ now = new Date() }: { now?: Date }) {
  return (
    <footer className="border-t border-slate-800 px-4 py-6 text-center text-sm text-slate-400 print:hidden">
      <p>© {now.getFullYear()} Card Counter. All rights reserved.</p>
      <nav aria-label="Legal" className="mt-2 flex justify-center gap-4">
        <Link className="hover:text-slate-200" to="/privacy">
          Privacy
        </Link>
        <Link className="hover:text-slate-200" to="/terms">
          Terms
        </Link>
      </nav>
    </footer>
  );
}
