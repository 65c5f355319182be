/**
 * E-mail rule of the specification (§5): non-empty text without spaces, exactly one at-sign
 * and a dot after it. Input is trimmed first.
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (!email || /\s/.test(email)) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!local || !domain) return false;
  const dot = domain.indexOf('.');
  return dot > 0 && dot < domain.length - 1;
}

export const INVALID_EMAIL_MESSAGE = 'Geçerli bir e-posta adresi girin';
