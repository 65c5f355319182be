import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userFacingIssueMessage, validationMessages } from './validation-messages';

/** The message of the first issue when `value` fails `schema` under the user-facing error map. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value, { error: userFacingIssueMessage }).error?.issues[0]?.message;
}

/** What zod's own locales put in a message and a user must never see. */
const TECHNICAL =
  /object|string|number|boolean|array|record|undefined|null|NaN|int\b|<=|>=|\/\^|\$\/|beklenen|alınan|desen|expected|received/i;

describe('user-facing validation messages', () => {
  const cases: [string, z.ZodType, unknown, string][] = [
    ['a missing field', z.object({ refreshToken: z.string() }), {}, 'Bu alan gereklidir'],
    [
      'a missing field of a union',
      z.object({ tags: z.union([z.string(), z.array(z.string())]) }),
      {},
      'Bu alan gereklidir',
    ],
    ['a value of the wrong type', z.object({ name: z.string() }), { name: 42 }, 'Bu alanın değeri geçersiz'],
    ['a number that is not one (page=1&page=2)', z.coerce.number().int(), ['1', '2'], 'Bu alanın değeri geçersiz'],
    ['a fraction where a whole number is due', z.number().int(), 1.5, 'Tam sayı olmalıdır'],
    ['a number beyond the safe integers', z.number().int(), 1e300, 'Bu alanın değeri geçersiz'],
    ['a text too long', z.string().max(500), 'x'.repeat(501), 'En fazla 500 karakter olabilir'],
    ['a text too short', z.string().min(3), 'ab', 'En az 3 karakter olmalıdır'],
    ['an empty text', z.string().min(1), '', 'Bu alan boş bırakılamaz'],
    ['a text of the wrong exact length', z.string().length(6), '123', 'Tam 6 karakter olmalıdır'],
    ['a number too big', z.number().max(10_000_000), 2e7, 'En fazla 10.000.000 olabilir'],
    ['a number too small', z.number().min(1), 0, 'En az 1 olmalıdır'],
    ['a number not below a bound', z.number().lt(5), 5, '5 değerinden küçük olmalıdır'],
    ['a number not above a bound', z.number().positive(), 0, '0 değerinden büyük olmalıdır'],
    ['too many items', z.array(z.string()).max(2), ['a', 'b', 'c'], 'En fazla 2 öğe olabilir'],
    ['too few items', z.array(z.string()).min(2), ['a'], 'En az 2 öğe olmalıdır'],
    ['an option not offered', z.enum(['below', 'above']), 'equal', 'Geçersiz seçim'],
    ['a literal not matched', z.literal('csp-violation'), 'x', 'Geçersiz seçim'],
    ['a pattern not matched', z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/), '25:00', 'Bu alanın biçimi geçersiz'],
    ['an e-mail address', z.email(), 'adsoyad', 'Geçerli bir e-posta adresi girin'],
    ['a web address', z.url(), 'adres', 'Geçerli bir adres girin'],
    ['an id', z.guid(), 'abc', 'Geçersiz kimlik'],
    ['a date and time', z.iso.datetime(), 'dün', 'Geçerli bir tarih girin'],
    ['a key of a map', z.record(z.string().min(1), z.string()), { '': 'x' }, 'Bu alandaki adlardan biri geçersiz'],
    ['a field not known', z.strictObject({}), { x: 1 }, 'Tanınmayan alan gönderildi'],
    ['a refinement without a message', z.string().refine(() => false), 'a', 'Bu alanın değeri geçersiz'],
  ];

  it.each(cases)('names %s in plain Turkish', (_case, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it('never shows a type name, a pattern or a bound in code syntax', () => {
    for (const [name, schema, value] of cases) {
      expect(messageOf(schema, value), name).not.toMatch(TECHNICAL);
    }
    for (const message of Object.values(validationMessages)) {
      const text = typeof message === 'function' ? message(500) : message;
      expect(text).not.toMatch(TECHNICAL);
    }
  });

  it("leaves a schema's own message alone", () => {
    expect(messageOf(z.string('Şifre gereklidir').max(3, 'Şifre en fazla 3 karakter olabilir'), 'abcd')).toBe(
      'Şifre en fazla 3 karakter olabilir',
    );
    expect(messageOf(z.object({ password: z.string('Şifre gereklidir') }), {})).toBe('Şifre gereklidir');
  });
});
