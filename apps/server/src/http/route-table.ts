/**
 * Every route the app serves, recorded as it is added (Fastify has no public route list).
 * Checks that must hold for every route, present and future (e.g. the CSRF guard), are
 * tested by walking this table, so a new module cannot silently escape them.
 */
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every (method, url) registered so far, HEAD included when Fastify adds it. */
    routeTable: readonly RouteEntry[];
  }
}

/** Call on the root instance before any route or plugin is registered. */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method).toUpperCase(), url: route.url });
  });
}
