import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  /** id of the element that names the dialog (its title). */
  labelledBy: string;
  onClose: () => void;
  /** Focused when the modal opens; else its first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Focused on close when the element that opened the modal has gone (a menu that closed). */
  fallbackFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  panelClassName?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(panel: HTMLElement): HTMLElement[] {
  return Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * Keyboard focus stays inside the panel while it is open (Tab wraps around, a focus that
 * escapes is pulled back) and returns to what had it before, so a keyboard player is never
 * left behind the overlay nor dropped at the top of the page. Escape closes.
 */
function useFocusTrap(
  panelRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  { initialFocus, fallbackFocus }: Pick<ModalProps, 'initialFocus' | 'fallbackFocus'>,
) {
  // Read through a ref: a parent passing a new onClose each render must not re-run the
  // effect, which would move the focus back to its start.
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  // A layout effect: Escape and the focus must work as soon as the dialog is on screen. A passive
  // effect may run after paint, and an Escape pressed in between went to the page behind and left
  // the dialog open (CI: the table's keys help, 20 ms after "?"; docs/decisions/0047).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    // The body means the opener has already gone (unmounted in the same render).
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const fallback = fallbackFocus?.current;
    (initialFocus?.current ?? focusables(panel)[0] ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === last || !panel.contains(document.activeElement))
      ) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target))
        (focusables(panel)[0] ?? panel).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
      else fallback?.focus();
    };
  }, [panelRef, initialFocus, fallbackFocus]);
}

/** The page behind a modal does not scroll under it. */
function useScrollLock() {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

/**
 * The app's one modal: an overlay over the whole viewport with a centred panel. It renders
 * into document.body, not where it is declared: an ancestor with a transform, a filter or a
 * backdrop blur (the sticky navigation bar) would otherwise become the containing block of
 * its fixed overlay and cut it off. Clicking the overlay outside the panel closes it.
 */
export function Modal({
  labelledBy,
  onClose,
  initialFocus,
  fallbackFocus,
  children,
  panelClassName = '',
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, onClose, { initialFocus, fallbackFocus });
  useScrollLock();
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`max-h-full w-full overflow-y-auto rounded-xl border border-slate-700 bg-slate-900 p-6 shadow-xl focus:outline-none ${panelClassName}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
