import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@kiyasla/contracts/messages';
import { registerErrorHandling } from '../plugins/error-handler';
import { isDatabaseUnavailable, logPassFailure, retryWhileUnavailable } from './database-unavailable';

/** What drizzle throws: its own error with the driver's error as the cause. */
function wrapped(cause: unknown): Error {
  return Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['PostgreSQL shutting down (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['connection failure (08006)', pgError('08006', 'connection failure')],
    ['too many connections (53300)', pgError('53300', 'sorry, too many clients already')],
    ['refused socket', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect', new Error('timeout exceeded when trying to connect')],
  ])('%s, bare or wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "selec"')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After for an outage, 500 for anything else', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/down', async () => {
      throw wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    });
    app.get('/bug', async () => {
      throw wrapped(pgError('42601', 'syntax error'));
    });
    const down = await app.inject({ url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      success: false,
      message: messages.generic.serviceUnavailable,
      code: 'SERVICE_UNAVAILABLE',
    });
    const bug = await app.inject({ url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
    await app.close();
  });
});

describe('retryWhileUnavailable', () => {
  const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('runs the write again until the database is back, then returns its result', async () => {
    let calls = 0;
    const result = await retryWhileUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw wrapped(outage());
        return 'recorded';
      },
      { maxMs: 5_000, firstDelayMs: 5 },
    );
    expect(result).toBe('recorded');
    expect(calls).toBe(3);
  });

  it('rethrows any other error at once, and an outage once the time is up', async () => {
    let calls = 0;
    const bug = async () => {
      calls += 1;
      throw pgError('23505', 'duplicate key');
    };
    await expect(retryWhileUnavailable(bug, { maxMs: 5_000, firstDelayMs: 5 })).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
    const started = Date.now();
    await expect(
      retryWhileUnavailable(() => Promise.reject(outage()), { maxMs: 100, firstDelayMs: 10 }),
    ).rejects.toThrow('ECONNREFUSED');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('logPassFailure', () => {
  it('logs an outage as one short warning and anything else as an error with the error', () => {
    const lines: { level: string; obj: object; msg: string }[] = [];
    const log = {
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
      error: (obj: object, msg: string) => lines.push({ level: 'error', obj, msg }),
    };
    const outage = wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    logPassFailure(log, outage, 'worker pass failed');
    const bug = new TypeError('x is undefined');
    logPassFailure(log, bug, 'worker pass failed');
    expect(lines).toEqual([
      {
        level: 'warn',
        obj: { reason: 'connect ECONNREFUSED 127.0.0.1:5432' },
        msg: 'worker pass failed: database unavailable, retried on the next pass',
      },
      { level: 'error', obj: { err: bug }, msg: 'worker pass failed' },
    ]);
  });
});
