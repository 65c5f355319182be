import { call, isErrorEnvelope, type Outcome } from './http';

export interface LoadTarget {
  baseURL: string;
  /** Signed-in requests use these tokens in turn. */
  tokens: string[];
  productIds: string[];
}

export interface LoadReport {
  outcomes: Outcome[];
  byStatus: Record<string, number>;
  /** 5xx answers that are not a 503 in the error format. */
  badErrors: Outcome[];
  /** Requests without an HTTP answer (reset, refused, timeout). */
  noAnswer: Outcome[];
}

const SEARCHES = ['telefon', 'kulaklık', 'samsung', 'laptop', 'ütü', 'kahve'];

/** One request of the mix: browse, search, product API and pages, signed-in favorites, alerts, notifications. */
function nextRequest(t: LoadTarget, i: number): () => Promise<Outcome> {
  const product = t.productIds[i % t.productIds.length]!;
  const token = t.tokens[i % t.tokens.length]!;
  switch (i % 8) {
    case 7:
      // A server-rendered page (the web build, when there is one; else the API's 404).
      return () => call(t.baseURL, i % 16 === 7 ? `/product/${product}` : '/category/telefon');
    case 0:
      return () => call(t.baseURL, `/api/products?page=${(i % 5) + 1}&limit=12`);
    case 1:
      return () => call(t.baseURL, `/api/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}`);
    case 2:
      return () => call(t.baseURL, `/api/products/${product}`);
    case 3:
      return () => call(t.baseURL, '/api/favorites', { token });
    case 4:
      return () => call(t.baseURL, '/api/alerts', { token });
    case 5:
      return () => call(t.baseURL, '/api/categories');
    default:
      return () => call(t.baseURL, '/api/notifications', { token });
  }
}

/** `concurrency` loops of the request mix until `stop()`; the report judges every answer. */
export function startLoad(target: LoadTarget, concurrency = 6) {
  const outcomes: Outcome[] = [];
  let running = true;
  let i = 0;
  const loops = Array.from({ length: concurrency }, async () => {
    while (running) {
      const outcome = await nextRequest(target, i++)();
      outcomes.push(outcome);
      // An unanswered request is retried by nobody: pause a little so a refused port is not spun on.
      if (outcome.error) await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    outcomes,
    stop: async (): Promise<LoadReport> => {
      running = false;
      await Promise.all(loops);
      return summarise(outcomes);
    },
  };
}

export function summarise(outcomes: Outcome[]): LoadReport {
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.error ? `error:${o.error}` : String(o.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    outcomes,
    byStatus,
    badErrors: outcomes.filter(
      (o) =>
        o.status !== undefined &&
        o.status >= 500 &&
        // API answers in the error format; pages render the site's error page with the same 503.
        !(o.status === 503 && (o.path.startsWith('/api/') ? isErrorEnvelope(o.body) : typeof o.body === 'string')),
    ),
    noAnswer: outcomes.filter((o) => o.error !== undefined),
  };
}
