import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formatNaira, koboToNaira } from '../../core/money';
import { AppError } from '../errors';
import type { SimulatedBank } from '../gateways/simulatedBank';
import { routeDoc } from '../http/openapi';
import { webhookPathOf } from './webhooks';

const params = z.object({ reference: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'not a card payment reference') });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development only: the simulated partner's card checkout, standing where Paystack's hosted page
 * stands. The app sends the customer here (the authorization URL), the customer pays or
 * cancels, and is sent back to /funding exactly as Paystack would send them: a payment delivers
 * the partner's signed `charge.success` to our webhook first, then returns the customer with
 * `?trxref=&reference=`; a cancel returns them to the cancel URL. A plain page of two forms: no
 * script, under the same Content-Security-Policy as the app. Never registered in production.
 */
export function registerDevCheckout(app: FastifyInstance, bank: SimulatedBank) {
  app.register(async (scope) => {
    // The forms post no fields: the body, if any, is not read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    scope.get(
      '/dev/checkout/:reference',
      {
        schema: routeDoc({
          summary: "Development only: the simulated partner's card checkout page",
          tags: ['development'],
          file: ['text/html'],
          errors: [404],
        }),
      },
      async (request, reply) => {
        const { reference } = params.parse(request.params);
        const checkout = bank.cards.find(reference);
        if (!checkout) throw new AppError(404, 'no checkout with this reference');
        const path = `/dev/checkout/${encodeURIComponent(reference)}`;
        const html = [
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ' +
            'content="width=device-width, initial-scale=1">',
          '<title>Simulated card checkout</title></head><body>',
          '<main><h1>Simulated card checkout</h1>',
          "<p>Development only: no card is charged. This page stands where the partner's checkout stands.</p>",
          `<p>Pay <strong>${escapeHtml(formatNaira(koboToNaira(checkout.chargedKobo)))}</strong> as ` +
            `${escapeHtml(checkout.email)}</p>`,
          `<p>Reference: ${escapeHtml(reference)}</p>`,
          checkout.status === 'abandoned' ? '' : `<p>This payment is ${escapeHtml(checkout.status)}.</p>`,
          `<form method="post" action="${path}/pay"><button type="submit">Pay</button></form>`,
          `<form method="post" action="${path}/cancel"><button type="submit">Cancel payment</button></form>`,
          '</main></body></html>',
        ].join('');
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );

    for (const [action, pay] of [
      ['pay', true],
      ['cancel', false],
    ] as const) {
      scope.post(
        `/dev/checkout/:reference/${action}`,
        {
          schema: routeDoc({
            summary: `Development only: ${action} at the simulated checkout (a form of no fields)`,
            tags: ['development'],
            success: 303,
            redirect: true,
            errors: [404],
          }),
        },
        async (request, reply) => {
          const { reference } = params.parse(request.params);
          const outcome = bank.cards.complete(reference, pay);
          if (!outcome) throw new AppError(404, 'no checkout with this reference');
          if (outcome.webhook) {
            const delivered = await app.inject({
              method: 'POST',
              url: webhookPathOf(bank.provider),
              headers: outcome.webhook.headers,
              payload: outcome.webhook.body,
            });
            request.log.info({ reference, webhook: delivered.statusCode }, 'simulated checkout: payment made');
          }
          return reply.redirect(outcome.redirect, 303);
        },
      );
    }
  });
}
