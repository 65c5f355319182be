import { describe, expect, it } from 'vitest';
import { parseMoney, parsePriceNumber } from './parse-price';

describe('parsePriceNumber', () => {
  it.each([
    ['1.299,90', 1299.9],
    ['1299,90', 1299.9],
    ['1,299.90', 1299.9],
    ['1299.90', 1299.9],
    ['1299', 1299],
    ['1.299', 1299],
    ['1,299', 1299],
    ['1.299.000', 1299000],
    ['1,299,000.50', 1299000.5],
    ['1.299.000,50', 1299000.5],
    ['1 299,90', 1299.9],
    ['1\u00a0299,90', 1299.9],
    ['12,5', 12.5],
    ['0,99', 0.99],
    ['0.500', 0.5],
    ['1299.900', 1299.9],
    ['12.3456', 12.35],
    ['0', 0],
    ['-5,00', -5],
  ])('%s → %d', (text, expected) => {
    expect(parsePriceNumber(text)).toBe(expected);
  });

  it.each(['', 'abc', '1.29.90', '12,34,5', '1,299,90.5.0', ',5', '5,', '1.2.3', '1,2.3,4', '12a', '1..2', '--1'])(
    'refuses %j',
    (text) => {
      expect(parsePriceNumber(text)).toBeUndefined();
    },
  );
});

describe('parseMoney', () => {
  it('takes JSON numbers as lira, rounded to kuruş', () => {
    expect(parseMoney(1299.9)).toEqual({ ok: true, value: 1299.9 });
    expect(parseMoney(10.005)).toEqual({ ok: true, value: 10.01 });
  });

  it.each([
    ['1299.90 TRY', 1299.9],
    ['1.299,90 TL', 1299.9],
    ['₺1.299,90', 1299.9],
    ['TRY 15', 15],
    ['15 try', 15],
  ])('reads %j with a lira marker', (text, value) => {
    expect(parseMoney(text)).toEqual({ ok: true, value });
  });

  it.each(['10 USD', '€10', 'EUR 1.299,90', '$5'])('reports %j as another currency', (text) => {
    expect(parseMoney(text)).toEqual({ ok: false, reason: 'other-currency' });
  });

  it('tells missing from bad', () => {
    expect(parseMoney(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(parseMoney(null)).toEqual({ ok: false, reason: 'missing' });
    expect(parseMoney('  ')).toEqual({ ok: false, reason: 'missing' });
    expect(parseMoney('USD')).toEqual({ ok: false, reason: 'bad' });
    expect(parseMoney('TL 5 TL')).toEqual({ ok: false, reason: 'bad' });
    expect(parseMoney('bedava')).toEqual({ ok: false, reason: 'bad' });
    expect(parseMoney(true)).toEqual({ ok: false, reason: 'bad' });
    expect(parseMoney({})).toEqual({ ok: false, reason: 'bad' });
  });
});
