import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

// The app's links, on react-router's own hooks. react-router's <Link> and <NavLink> also carry
// its framework mode (route prefetching, server components, view transitions), which the app
// never uses and which no bundler can drop: 3 KB gzip in every first load. These do what the app
// asks of them (a client-side navigation, `replace`, an active state) the way react-router does;
// docs/decisions/0036-first-load-cuts.md.

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
}

/** An <a> that navigates inside the app (a plain click), or as the browser does (new tab, modifier keys). */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handle} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this path itself, not below it (`/` is never active below itself). */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A Link that knows whether it leads to the page on screen: `aria-current="page"` and its class say so. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  // react-router's rule: the same path, or (without `end`) a path below it, case-insensitively.
  const target = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
  const classes = typeof className === 'function' ? className({ isActive }) : className;
  return <Link {...rest} to={to} aria-current={isActive ? 'page' : undefined} className={classes} />;
}
