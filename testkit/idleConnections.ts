import type { Server } from 'node:http';

/**
 * Keeps a test server's idle keep-alive connections open until the client closes them.
 *
 * Node closes an idle connection after five seconds by default, and Playwright's request context
 * keeps its sockets with no idle limit of its own: a journey that calls again after about five
 * seconds can send on a socket the server is closing at that moment, and reads "socket hang up"
 * (ECONNRESET) for a call that never arrived. Only the client closes an idle connection here, so
 * the two never race; closing the server still ends every idle connection at once.
 */
export function keepIdleConnections<S extends Server>(server: S): S {
  server.keepAliveTimeout = 0;
  return server;
}
