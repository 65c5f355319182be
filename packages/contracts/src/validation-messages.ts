import type { z } from 'zod';

/**
 * What a user reads when a rule without its own message fails: a plain Turkish sentence by the
 * kind of failure. No type name, pattern or bound in code syntax ever reaches a user; a field's
 * own message (the schemas set one wherever a form can reach the field) always wins. `errors[].path`
 * says which field it is about.
 */
export const validationMessages = {
  /** The request body is not a JSON object (empty, a list, a text...). */
  body: 'İstek gövdesi geçersiz',
  required: 'Bu alan gereklidir',
  empty: 'Bu alan boş bırakılamaz',
  invalid: 'Bu alanın değeri geçersiz',
  format: 'Bu alanın biçimi geçersiz',
  choice: 'Geçersiz seçim',
  integer: 'Tam sayı olmalıdır',
  email: 'Geçerli bir e-posta adresi girin',
  url: 'Geçerli bir adres girin',
  id: 'Geçersiz kimlik',
  date: 'Geçerli bir tarih girin',
  unknownField: 'Tanınmayan alan gönderildi',
  invalidKey: 'Bu alandaki adlardan biri geçersiz',
  tooLong: (max: number) => `En fazla ${count(max)} karakter olabilir`,
  tooShort: (min: number) => `En az ${count(min)} karakter olmalıdır`,
  exactLength: (length: number) => `Tam ${count(length)} karakter olmalıdır`,
  tooBig: (max: number) => `En fazla ${count(max)} olabilir`,
  tooSmall: (min: number) => `En az ${count(min)} olmalıdır`,
  below: (bound: number) => `${count(bound)} değerinden küçük olmalıdır`,
  above: (bound: number) => `${count(bound)} değerinden büyük olmalıdır`,
  tooManyItems: (max: number) => `En fazla ${count(max)} öğe olabilir`,
  tooFewItems: (min: number) => `En az ${count(min)} öğe olmalıdır`,
} as const;

const m = validationMessages;

function count(n: number): string {
  return n.toLocaleString('tr-TR');
}

const ID_FORMATS = new Set([
  'guid',
  'uuid',
  'uuidv4',
  'uuidv6',
  'uuidv7',
  'cuid',
  'cuid2',
  'ulid',
  'xid',
  'ksuid',
  'nanoid',
]);
const DATE_FORMATS = new Set(['datetime', 'date', 'time', 'duration']);

/** A bound worth showing: a number a person would type (not the safe-integer edge of `.int()`, nor a date). */
function shownBound(bound: number | bigint, origin: string): number | undefined {
  const n = Number(bound);
  if (origin === 'date' || !Number.isFinite(n) || Math.abs(n) >= Number.MAX_SAFE_INTEGER) return undefined;
  return n;
}

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  const max = shownBound(issue.maximum, issue.origin);
  if (max === undefined) return m.invalid;
  switch (issue.origin) {
    case 'string':
      return issue.exact ? m.exactLength(max) : m.tooLong(max);
    case 'array':
    case 'set':
      return m.tooManyItems(max);
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? m.below(max) : m.tooBig(max);
    default:
      return m.invalid;
  }
}

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  const min = shownBound(issue.minimum, issue.origin);
  if (min === undefined) return m.invalid;
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return m.exactLength(min);
      return min <= 1 ? m.empty : m.tooShort(min);
    case 'array':
    case 'set':
      return m.tooFewItems(min);
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive === false ? m.above(min) : m.tooSmall(min);
    default:
      return m.invalid;
  }
}

function invalidFormat(format: string): string {
  if (format === 'email') return m.email;
  if (format === 'url') return m.url;
  if (ID_FORMATS.has(format)) return m.id;
  if (DATE_FORMATS.has(format)) return m.date;
  return m.format;
}

/**
 * zod's error map for input a user sent (the API sets it once, app.ts): used only for rules that
 * carry no message of their own.
 */
export const userFacingIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return m.required;
      return issue.expected === 'int' ? m.integer : m.invalid;
    case 'invalid_union':
      return issue.input === undefined ? m.required : m.invalid;
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_value':
      return m.choice;
    case 'invalid_format':
      return invalidFormat(issue.format);
    case 'invalid_key':
      return m.invalidKey;
    case 'unrecognized_keys':
      return m.unknownField;
    default:
      return m.invalid;
  }
};
