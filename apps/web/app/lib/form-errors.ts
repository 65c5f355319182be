import type { z } from 'zod';
import { errorMessage, isApiError } from './api-client';

/**
 * Field errors of a 400 answer (`errors: [{ path: 'body.email', message }]`) mapped onto the
 * form's own field names, so a server-side rule shows under its field.
 */
export function serverFieldErrors<Name extends string>(
  errors: ReadonlyArray<{ path: string; message: string }> | undefined,
  fields: readonly Name[],
): Array<{ name: Name; message: string }> {
  if (!errors) return [];
  const out: Array<{ name: Name; message: string }> = [];
  for (const error of errors) {
    const name = error.path.replace(/^body\./, '').split('.')[0] as Name;
    if (fields.includes(name) && !out.some((e) => e.name === name)) out.push({ name, message: error.message });
  }
  return out;
}

/** Field → first message, from a failed local parse or the server's 400 `errors`. */
export type FieldErrors = Record<string, string>;

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * After an invalid submit: focus the form's first control marked `aria-invalid`, so a keyboard or
 * screen reader user lands on it and hears its message (its `aria-describedby`). Call it once the
 * errors are in the DOM (after `flushSync`, or from an effect).
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The server's answer to a failed save: its message, and its field errors by field name. */
export function serverErrors(error: unknown): { message: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  if (isApiError(error)) {
    for (const e of error.errors ?? []) {
      const key = e.path.replace(/^body\.?/, '').split('.')[0] ?? '';
      if (key && !(key in fields)) fields[key] = e.message;
    }
  }
  return { message: errorMessage(error), fields };
}
