import { useEffect } from 'react';
import { useRoutes } from 'react-router-dom';
import { hydrationEnds } from './hydration';
import { routes } from './routes';

/** The route table drawn at the router's location: the same tree in the browser and when prerendering. */
export function App() {
  useEffect(hydrationEnds, []);
  return useRoutes(routes);
}
