import { useRoutes } from 'react-router-dom';
import { routes } from './routes';

/** The route table drawn at the router's location: the same tree in the browser and when prerendering. */
export function App() {
  return useRoutes(routes);
}
