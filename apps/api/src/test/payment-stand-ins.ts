import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Local stand-ins (127.0.0.1) of the card providers' APIs that the renewals and refunds call:
 * Stripe's PaymentIntents, Refunds and Checkout Sessions (reached through the official SDK's
 * host/port/protocol options), and iyzico's checkout form, stored-card payment, payment detail and
 * refund (through the `iyzipay` package). Each one keeps what a real provider would: Stripe
 * replays the first answer of an idempotency key; iyzico finds a payment by its conversation id.
 * A test scripts the next answers (`next`): succeed, decline, or fail after charging (the answer
 * lost: a 500, or the connection cut).
 */

export type NextAnswer = 'ok' | 'decline' | 'lost' | 'error';

interface Recorded {
  method: string;
  path: string;
  body: string;
  headers: IncomingMessage['headers'];
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function json(res: ServerResponse, status: number, payload: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => resolve(raw));
  });
}

export interface StripeStandIn {
  url: string;
  seen: Recorded[];
  /** Answers scripted for the next PaymentIntent creations (then 'ok'). */
  nextCharges: NextAnswer[];
  /** Answers scripted for the next refund creations (then 'ok'). */
  nextRefunds: NextAnswer[];
  /** PaymentIntents actually created (one per idempotency key). */
  charges: Map<string, Record<string, unknown>>;
  /** Refunds actually created (one per idempotency key). */
  refunds: Map<string, Record<string, unknown>>;
  /** While set, a refund creation waits for it (to hold one call at Stripe while another runs). */
  refundHold: Promise<void> | null;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const s: Omit<StripeStandIn, 'url' | 'close'> = {
    seen: [],
    nextCharges: [],
    nextRefunds: [],
    charges: new Map(),
    refunds: new Map(),
    refundHold: null,
  };
  /** Idempotency: the first answer of a key is the answer of every retry of it. */
  const replies = new Map<string, { status: number; payload: unknown }>();
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = req.url ?? '';
    s.seen.push({ method: req.method ?? '', path, body: raw, headers: req.headers });
    const form = new URLSearchParams(raw);
    const key = String(req.headers['idempotency-key'] ?? '');
    const reply = (status: number, payload: unknown) => {
      if (key) replies.set(`${path}:${key}`, { status, payload });
      json(res, status, payload);
    };
    // 'lost': the request is carried out (or replayed) but its answer never arrives.
    const lose = req.method === 'POST' && path === '/v1/payment_intents' && s.nextCharges[0] === 'lost';
    if (lose) s.nextCharges.shift();
    const lost = () => {
      res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'connection lost' } }));
    };
    if (req.method === 'POST' && key && replies.has(`${path}:${key}`)) {
      if (lose) return lost();
      const r = replies.get(`${path}:${key}`)!;
      res.setHeader('idempotent-replayed', 'true');
      return json(res, r.status, r.payload);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${form.get('client_reference_id')}`;
      return reply(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` });
    }
    const pi = /^\/v1\/payment_intents\/([^/?]+)/.exec(path);
    if (req.method === 'GET' && pi) {
      return json(res, 200, {
        id: pi[1],
        object: 'payment_intent',
        status: 'succeeded',
        payment_method: `pm_of_${pi[1]}`,
      });
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const answer = lose ? 'ok' : (s.nextCharges.shift() ?? 'ok');
      if (answer === 'decline') {
        return reply(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          },
        });
      }
      if (answer === 'error') return json(res, 500, { error: { type: 'api_error', message: 'try later' } });
      const intent = {
        id: `pi_ren_${s.charges.size + 1}`,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.get('amount')),
        amount_received: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        payment_method: form.get('payment_method'),
        off_session: form.get('off_session'),
        metadata: { orderId: form.get('metadata[orderId]') },
      };
      s.charges.set(key, intent);
      replies.set(`${path}:${key}`, { status: 200, payload: intent });
      return lose ? lost() : json(res, 200, intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const answer = s.nextRefunds.shift() ?? 'ok';
      if (s.refundHold) await s.refundHold;
      if (answer === 'decline' || answer === 'error') {
        return json(res, 400, {
          error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge is disputed.' },
        });
      }
      const refund = {
        id: `re_${s.refunds.size + 1}`,
        object: 'refund',
        status: 'succeeded',
        payment_intent: form.get('payment_intent'),
      };
      s.refunds.set(key, refund);
      return reply(200, refund);
    }
    return json(res, 404, { error: { type: 'invalid_request_error', message: `no route ${path}` } });
  });
  const url = await listen(server);
  return Object.assign(s, { url, close: () => new Promise<void>((r) => server.close(() => r())) });
}

export interface IyzicoStandIn {
  url: string;
  seen: Recorded[];
  /** Checkout form results by token. */
  results: Map<string, Record<string, unknown>>;
  nextCharges: NextAnswer[];
  nextRefunds: NextAnswer[];
  /** Stored-card payments actually made, by conversation id. */
  charges: Map<string, Record<string, unknown>>;
  refunds: Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startIyzicoStandIn(): Promise<IyzicoStandIn> {
  const s: Omit<IyzicoStandIn, 'url' | 'close'> = {
    seen: [],
    results: new Map(),
    nextCharges: [],
    nextRefunds: [],
    charges: new Map(),
    refunds: [],
  };
  const refunded = new Set<string>();
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = req.url ?? '';
    s.seen.push({ method: req.method ?? '', path, body: raw, headers: req.headers });
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    if (path.startsWith('/payment/iyzipos/checkoutform/initialize/auth/ecom')) {
      const token = `tok_${String(body.basketId)}`;
      return json(res, 200, {
        status: 'success',
        token,
        conversationId: body.conversationId,
        paymentPageUrl: `https://sandbox-cpp.iyzipay.test/?token=${token}`,
      });
    }
    if (path.startsWith('/payment/iyzipos/checkoutform/auth/ecom/detail')) {
      return json(res, 200, s.results.get(String(body.token)) ?? { status: 'failure', errorMessage: 'token yok' });
    }
    if (path === '/payment/auth') {
      const answer = s.nextCharges.shift() ?? 'ok';
      if (answer === 'decline') {
        return json(res, 200, { status: 'failure', errorCode: '10051', errorMessage: 'Kart limiti yetersiz' });
      }
      if (answer === 'error') return json(res, 200, { status: 'failure', errorMessage: 'sistem hatası' });
      const card = body.paymentCard as Record<string, unknown> | undefined;
      const payment = {
        status: 'success',
        paymentStatus: 'SUCCESS',
        paymentId: String(70_000 + s.charges.size + 1),
        conversationId: body.conversationId,
        basketId: body.basketId,
        price: Number(body.price),
        paidPrice: Number(body.paidPrice),
        currency: body.currency,
        cardUserKey: card?.cardUserKey,
        cardToken: card?.cardToken,
      };
      s.charges.set(String(body.conversationId), payment);
      if (answer === 'lost') return req.socket.destroy();
      return json(res, 200, payment);
    }
    if (path === '/payment/detail') {
      const found = s.charges.get(String(body.paymentConversationId));
      return json(res, 200, found ?? { status: 'failure', errorCode: '5083', errorMessage: 'Ödeme bulunamadı' });
    }
    if (path === '/v2/payment/refund') {
      const answer = s.nextRefunds.shift() ?? 'ok';
      const paymentId = String(body.paymentId);
      if (answer !== 'ok' || refunded.has(paymentId)) {
        return json(res, 200, { status: 'failure', errorCode: '5092', errorMessage: 'İade edilemez' });
      }
      refunded.add(paymentId);
      const refund = { status: 'success', paymentId, price: Number(body.price), currency: body.currency };
      s.refunds.push(refund);
      return json(res, 200, refund);
    }
    return json(res, 404, { status: 'failure', errorMessage: `no route ${path}` });
  });
  const url = await listen(server);
  return Object.assign(s, { url, close: () => new Promise<void>((r) => server.close(() => r())) });
}
