import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { noFields, routeDoc, type RouteDoc } from './openapi';

/**
 * One of the app's polls (get-user, fetch-providers, fetch-notifications), every 60 s: a POST
 * with `{}` as every call of the app, and a GET too, since the contract leaves a poll's method
 * open. Two routes with one handler, so that each is described as it is sent: the GET has no body.
 * The handler reads the session itself (authenticate.ts pollRead): a poll is not activity.
 */
export function registerPoll(
  app: FastifyInstance,
  url: string,
  doc: Omit<RouteDoc, 'auth' | 'body'>,
  handler: RouteHandlerMethod,
) {
  app.get(url, { schema: routeDoc({ ...doc, auth: true }) }, handler);
  app.post(url, { schema: routeDoc({ ...doc, auth: true, body: noFields }) }, handler);
}
