import { renderMatches, useLocation } from 'react-router-dom';
import { routeMatches } from './routes';

/**
 * The route table drawn at the router's location: the same tree in the browser and when
 * prerendering. It draws what `useRoutes(routes)` draws, from matches kept by pathname
 * (routeMatches says why). useRoutes would also merge a parent route's parameters and re-encode
 * each match's pathname for relative links: this table is the app's root, with no parameters,
 * and the app has no relative links.
 */
export function App() {
  return renderMatches(routeMatches(useLocation().pathname));
}
