import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes, useRoutes } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../src/ui/app/App';
import { routeMatches, routes, type RouteHandle } from '../../../src/ui/app/routes';

const leafPath = (pathname: string) => routeMatches(pathname)?.at(-1)?.route.path;

describe('the route table matched once a pathname', () => {
  it('gives the levels React Router matches, and the same ones again without matching anew', () => {
    const first = routeMatches('/dashboard');
    expect(first?.map((match) => match.route)).toEqual(matchRoutes(routes, '/dashboard')?.map((m) => m.route));
    expect(leafPath('/dashboard')).toBe('dashboard');
    expect(routeMatches('/dashboard')).toBe(first);
  });

  it('matches an unknown path to the not-found page, behind the signed-in frames', () => {
    expect(leafPath('/no-such-page')).toBe('*');
  });

  it('keeps the matches of the last few pathnames only', () => {
    const first = routeMatches('/terms');
    for (const path of ['/policy', '/login', '/register', '/forgot', '/reset', '/funding', '/pin', '/more', '/support'])
      routeMatches(path);
    const again = routeMatches('/terms');
    expect(again).not.toBe(first);
    expect(again?.map((match) => match.route)).toEqual(first?.map((match) => match.route));
  });
});

describe('App', () => {
  const paths = ['/', '/terms', '/login', '/dashboard', '/airtime', '/no-such-page'];

  /** What React Router's own useRoutes draws from the same table. */
  function ByUseRoutes() {
    return useRoutes(routes);
  }

  // Each level's code loaded, as the browser has it before hydrating: the screens are drawn, not their fallbacks.
  beforeAll(async () => {
    const levels = paths.flatMap((path) => matchRoutes(routes, path) ?? []);
    await Promise.all(levels.map((match) => (match.route.handle as RouteHandle | undefined)?.preload()));
  });

  it.each(paths)('draws at %s what useRoutes draws', (path) => {
    const drawn = (app: React.ReactNode) => renderToString(<StaticRouter location={path}>{app}</StaticRouter>);
    const html = drawn(<App />);
    expect(html).not.toContain('page-loading');
    expect(html).toBe(drawn(<ByUseRoutes />));
  });
});
