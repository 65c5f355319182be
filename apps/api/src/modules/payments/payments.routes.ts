import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import {
  cancelResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  paymentMessages,
  paymentHistoryItemSchema,
  paymentOrderSchema,
  refundRequestSchema,
  refundResponseSchema,
} from '@kiyasla/contracts/payments';
import { PLANS, planSchema } from '@kiyasla/contracts/plans';
import type { PaymentProvider as ProviderId } from '@kiyasla/contracts/settings';
import { clientIp } from '../../lib/client-identity';
import { ok } from '../../lib/reply';
import { cspNonce } from '../../plugins/csp';
import { currentUser, requireUser, requireUserTo } from '../../plugins/policies';
import { demoCheckoutPage, verifyDemoCallback } from './providers/demo';
import { formatTry } from './providers/format';
import { escapeHtml } from '../../lib/html';
import { retrieveIyzicoPayment, iyzicoClient } from './providers/iyzico';
import { CallbackRefused, type VerifiedPayment } from './providers/provider';
import { autoPostPage, shopierFormFields, verifyShopierCallback } from './providers/shopier';
import { stripeClient, verifyStripeWebhook } from './providers/stripe';
import {
  cancelSubscription,
  demoSigningKey,
  fulfil,
  getOrder,
  orderIsOpen,
  iyzicoUrl,
  paymentHistory,
  pendingOrderWithBuyer,
  planById,
  renewalPaymentUrl,
  requestRefund,
  startCheckout,
  type FulfilOutcome,
  type PaymentsDeps,
} from './payments.service';
import type { PaidPlanId } from '@kiyasla/contracts/plans';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];
const orderParams = z.object({ orderId: z.string().min(1).max(100) });
const FORM_LIMIT = 16 * 1024;

/** Callback bodies are small urlencoded forms: parsed into a flat record of strings. */
function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

function htmlPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function notFoundPage(reply: FastifyReply) {
  return htmlPage(
    reply,
    404,
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Sipariş bulunamadı – Kıyasla</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>Sipariş bulunamadı</h1><p>${escapeHtml(paymentMessages.orderNotFound)}</p><p><a href="/premium">Premium planlara dönün</a></p></body></html>`,
  );
}

/**
 * /api/payments: plans, checkout, the providers' callbacks and webhook, the caller's orders,
 * cancellation and refund requests (issue 14, ADR 018).
 */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentsDeps = {
    db: app.dbHandle.db,
    config: app.config,
    settings: app.settings,
    mail: app.mail,
    log: app.log,
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8'))),
  );
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /**
   * The result page's hint for an outcome (the page believes the order's status, read from the
   * server): a payment that did not raise the plan is never a success.
   */
  function whereTo(outcome: FulfilOutcome): [string, string] {
    const id = outcome.order.id;
    switch (outcome.kind) {
      case 'failed':
        return [id, 'failed'];
      case 'unapplied':
        return [id, outcome.refund === 'refunded' ? 'refunded' : 'refund_pending'];
      default:
        return [id, outcome.order.status === 'refunded' ? 'refunded' : 'success'];
    }
  }

  /** Runs a browser-facing callback: verify → fulfil → back to /premium/callback (never an error page). */
  async function browserCallback(
    req: FastifyRequest,
    reply: FastifyReply,
    provider: ProviderId,
    verify: () => Promise<VerifiedPayment>,
  ) {
    const back = (orderId: string | null, status: string) =>
      reply
        .status(303)
        .header(
          'location',
          `/premium/callback?${new URLSearchParams({ ...(orderId ? { order: orderId } : {}), status })}`,
        )
        .send();
    try {
      const verified = await verify();
      return back(...whereTo(await fulfil(deps, verified)));
    } catch (err) {
      if (!(err instanceof CallbackRefused)) throw err;
      req.log.warn({ provider, orderId: err.orderId, reason: err.reason }, 'payment callback refused; nothing granted');
      return back(err.orderId, 'failed');
    }
  }

  r.get(
    '/payments/plans',
    {
      schema: {
        tags: ['payments'],
        summary: 'Premium planlar (§9): fiyat, süre, rozet, özellikler',
        security: [],
        response: { 200: okEnvelope(z.array(planSchema)) },
      },
    },
    async () => ok([...PLANS]),
  );

  r.post(
    '/payments/checkout',
    {
      onRequest: requireUserTo(paymentMessages.loginRequired),
      schema: {
        tags: ['payments'],
        summary:
          'Sipariş açar ve ödeme sağlayıcısının sayfasının adresini verir (plan adı veya takma adı: monthly, yearly, lifetime, premium)',
        security,
        body: checkoutRequestSchema,
        response: { 201: okEnvelope(checkoutResponseSchema), ...errors },
      },
    },
    async (req, reply) => {
      const data = await startCheckout(deps, currentUser(req), req.body.planId, {
        ip: clientIp(req, app.internalToken),
      });
      return reply.status(201).send(ok(data, { message: paymentMessages.checkoutReady }));
    },
  );

  r.get(
    '/payments/orders/:orderId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Kullanıcının bir siparişi ve durumu (ödeme sonucu sayfası için)',
        security,
        params: orderParams,
        response: { 200: okEnvelope(paymentOrderSchema), ...errors },
      },
    },
    async (req) => ok(await getOrder(deps, currentUser(req), req.params.orderId)),
  );

  r.get(
    '/payments/history',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Kullanıcının ödemeleri (yeniden eskiye) ve her birinin iade durumu',
        security,
        response: { 200: okEnvelope(z.array(paymentHistoryItemSchema)), ...errors },
      },
    },
    async (req) => ok(await paymentHistory(deps, currentUser(req))),
  );

  // A renewal's e-mailed payment link (no card on file, e.g. Shopier): the order's provider page.
  r.get('/payments/pay/:orderId', { schema: { hide: true, params: orderParams } }, async (req, reply) => {
    let url: string | null;
    try {
      url = await renewalPaymentUrl(deps, req.params.orderId, clientIp(req, app.internalToken));
    } catch (err) {
      req.log.error({ err, orderId: req.params.orderId }, 'renewal payment page could not be opened');
      return htmlPage(
        reply,
        503,
        `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Ödeme sayfası açılamadı – Kıyasla</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>Ödeme sayfası açılamadı</h1><p>${escapeHtml(paymentMessages.providerUnavailable)}</p></body></html>`,
      );
    }
    if (!url) return notFoundPage(reply);
    return reply.status(303).header('location', url).send();
  });

  r.post(
    '/payments/cancel',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Otomatik yenilemeyi kapatır; Premium bitiş tarihine kadar sürer',
        security,
        response: { 200: okEnvelope(cancelResponseSchema), ...errors },
      },
    },
    async (req) => {
      const { message, ...data } = await cancelSubscription(deps, currentUser(req));
      return ok(data, { message });
    },
  );

  r.post(
    '/payments/refund',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Ödemeden sonraki 14 gün içinde iade talebi (yönetici iadeleri açtıysa)',
        security,
        body: refundRequestSchema,
        response: { 200: okEnvelope(refundResponseSchema), ...errors },
      },
    },
    async (req) =>
      ok(await requestRefund(deps, currentUser(req), req.body.paymentId), {
        message: paymentMessages.refundRequested,
      }),
  );

  // --- The built-in demo provider: its page and its signed callback -------------------------
  r.get('/payments/demo/:orderId', { schema: { hide: true, params: orderParams } }, async (req, reply) => {
    const found = await pendingOrderWithBuyer(deps, req.params.orderId, 'demo');
    if (!found) return notFoundPage(reply);
    const { order, buyer } = found;
    return htmlPage(
      reply,
      200,
      demoCheckoutPage(
        {
          orderId: order.id,
          planName: planById(order.plan as PaidPlanId).name,
          amount: order.amount,
          currency: order.currency,
          buyerName: `${buyer.firstName} ${buyer.lastName}`,
          buyerEmail: buyer.email,
        },
        '/api/payments/callback/demo',
        demoSigningKey(deps),
        orderIsOpen(order, new Date()) ? 'open' : 'closed',
      ),
    );
  });

  r.post('/payments/callback/demo', { schema: { hide: true } }, async (req, reply) =>
    browserCallback(req, reply, 'demo', async () =>
      verifyDemoCallback((req.body ?? {}) as Record<string, unknown>, demoSigningKey(deps)),
    ),
  );

  // --- Shopier: our page posts the signed form; Shopier posts the signed result back ----------
  r.get('/payments/shopier/:orderId', { schema: { hide: true, params: orderParams } }, async (req, reply) => {
    const found = await pendingOrderWithBuyer(deps, req.params.orderId, 'shopier');
    if (!found || !orderIsOpen(found.order, new Date())) return notFoundPage(reply);
    const { order, buyer } = found;
    const p = await app.settings.group('payment');
    const plan = planById(order.plan as PaidPlanId);
    const fields = shopierFormFields(
      {
        orderId: order.id,
        planId: plan.id,
        planName: plan.name,
        amount: order.amount,
        currency: order.currency,
        buyer: { id: buyer.id, firstName: buyer.firstName, lastName: buyer.lastName, email: buyer.email },
        returnUrl: `${app.config.publicUrl}/premium/callback?order=${order.id}`,
        callbackUrl: `${app.config.publicUrl}/api/payments/callback/shopier`,
      },
      { apiKey: p.shopierApiKey, apiSecret: p.shopierApiSecret, websiteIndex: p.shopierWebsiteIndex || '1' },
    );
    return htmlPage(
      reply,
      200,
      autoPostPage(
        app.config.payments.shopierPaymentUrl,
        fields,
        `${plan.name} – ${formatTry(order.amount)}`,
        cspNonce(reply),
      ),
    );
  });

  r.post('/payments/callback/shopier', { schema: { hide: true } }, async (req, reply) =>
    browserCallback(req, reply, 'shopier', async () => {
      const p = await app.settings.group('payment');
      return verifyShopierCallback((req.body ?? {}) as Record<string, unknown>, p.shopierApiSecret);
    }),
  );

  // --- iyzico: the browser brings a token; the result is retrieved server-side ----------------
  r.post('/payments/callback/iyzico', { schema: { hide: true } }, async (req, reply) =>
    browserCallback(req, reply, 'iyzico', async () => {
      const p = await app.settings.group('payment');
      if (!p.iyzicoApiKey || !p.iyzicoSecretKey) throw new CallbackRefused('iyzico not configured');
      const token = (req.body as Record<string, unknown> | undefined)?.token;
      const client = iyzicoClient(p.iyzicoApiKey, p.iyzicoSecretKey, iyzicoUrl(app.config, p));
      try {
        return await retrieveIyzicoPayment(client, typeof token === 'string' ? token : '');
      } catch (err) {
        if (err instanceof CallbackRefused) throw err;
        req.log.error({ err }, 'iyzico result could not be retrieved');
        throw new CallbackRefused('retrieve failed');
      }
    }),
  );

  // --- Stripe: fulfilment only from the signed webhook (raw body for the signature) ----------
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post('/payments/webhook/stripe', { schema: { hide: true } }, async (req, reply) => {
      const p = await app.settings.group('payment');
      try {
        if (!p.stripeSecretKey) throw new CallbackRefused('stripe not configured');
        const client = stripeClient(p.stripeSecretKey, app.config.payments.stripeApiUrl);
        const header = req.headers['stripe-signature'];
        const verified = verifyStripeWebhook(
          client,
          req.body as Buffer,
          typeof header === 'string' ? header : undefined,
          p.webhookSecret,
        );
        if (verified) await fulfil(deps, verified);
        return reply.status(200).send({ received: true });
      } catch (err) {
        if (!(err instanceof CallbackRefused)) throw err;
        req.log.warn(
          { provider: 'stripe', orderId: err.orderId, reason: err.reason },
          'payment webhook refused; nothing granted',
        );
        return reply.status(400).send({ received: false });
      }
    });
  });
}
