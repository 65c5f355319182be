import type { ContactFormValues } from './contact-schema';

/** The specification's contact form makes no call: sending is simulated with a short delay. */
export const SIMULATED_SEND_DELAY_MS = 2000;

export function sendContactMessage(values: ContactFormValues): Promise<ContactFormValues> {
  return new Promise((resolve) => {
    setTimeout(() => resolve(values), SIMULATED_SEND_DELAY_MS);
  });
}
