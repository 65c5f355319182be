import { describe, expect, it } from 'vitest';
import { contactFormSchema, contactMessages } from './contact-schema';

const valid = {
  name: 'Ayşe Yılmaz',
  email: ' Ayse@Example.com ',
  category: 'billing',
  subject: 'İade talebi',
  message: 'Premium aboneliğim için iade talep ediyorum.',
};

function errorsOf(input: Record<string, string>) {
  const result = contactFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('contactFormSchema', () => {
  it('accepts a complete message and normalises the e-mail', () => {
    const result = contactFormSchema.parse(valid);
    expect(result.email).toBe('ayse@example.com');
    expect(result.category).toBe('billing');
  });

  it('requires all five fields with Turkish messages', () => {
    expect(errorsOf({ name: ' ', email: '', category: '', subject: '', message: '  ' })).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.emailRequired,
      category: contactMessages.categoryRequired,
      subject: contactMessages.subjectRequired,
      message: contactMessages.messageRequired,
    });
  });

  it.each(['ayse', 'ayse@example', 'ay se@example.com', 'a@b@c.com'])('rejects the e-mail %j', (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: 'Geçerli bir e-posta adresi girin' });
  });

  it('rejects an unknown category', () => {
    expect(errorsOf({ ...valid, category: 'sales' })).toEqual({ category: contactMessages.categoryRequired });
  });
});
