import { eq } from 'drizzle-orm';
import type { PaymentProvider as ProviderId } from '@kiyasla/contracts/settings';
import type { Database, Transaction } from '../../db/client';
import { paymentCredentials } from '../../db/schema/payment-credentials';
import { SecretBox } from '../../lib/secret-box';
import type { StoredCredential } from './providers/provider';

/**
 * A member's saved card for the renewals (ADR 018): the provider's references only, sealed with
 * the settings' secret box (AES-256-GCM, key from JWT_SECRET), so a database dump alone charges
 * nobody. One row per member, replaced by each renewing purchase that saves a card.
 */

type Db = Database | Transaction;

const boxes = new Map<string, SecretBox>();
function boxOf(jwtSecret: string): SecretBox {
  let box = boxes.get(jwtSecret);
  if (!box) {
    box = new SecretBox(jwtSecret);
    boxes.set(jwtSecret, box);
  }
  return box;
}

const seal = (box: SecretBox, v: string | null) => (v ? box.seal(v) : null);
const open = (box: SecretBox, v: string | null) => (v ? box.open(v) : null);

export async function saveCredential(
  db: Db,
  jwtSecret: string,
  userId: string,
  paymentId: string,
  cred: StoredCredential,
): Promise<void> {
  const box = boxOf(jwtSecret);
  const values = {
    provider: cred.provider,
    customerRef: seal(box, cred.customerRef),
    methodRef: seal(box, cred.methodRef),
    sourcePaymentRef: seal(box, cred.sourcePaymentRef),
    paymentId,
  };
  await db
    .insert(paymentCredentials)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: paymentCredentials.userId, set: { ...values, updatedAt: new Date() } });
}

/** The member's saved card, opened; null without one (or when JWT_SECRET changed since). */
export async function findCredential(db: Db, jwtSecret: string, userId: string): Promise<StoredCredential | null> {
  const [row] = await db.select().from(paymentCredentials).where(eq(paymentCredentials.userId, userId));
  if (!row) return null;
  const box = boxOf(jwtSecret);
  const cred: StoredCredential = {
    provider: row.provider as ProviderId,
    customerRef: open(box, row.customerRef),
    methodRef: open(box, row.methodRef),
    sourcePaymentRef: open(box, row.sourcePaymentRef),
  };
  if (!cred.customerRef && !cred.methodRef && !cred.sourcePaymentRef) return null;
  return cred;
}

/** Keeps a payment method resolved during a charge (Stripe's, read from the first payment intent). */
export async function rememberMethod(db: Db, jwtSecret: string, userId: string, methodRef: string): Promise<void> {
  await db
    .update(paymentCredentials)
    .set({ methodRef: boxOf(jwtSecret).seal(methodRef), updatedAt: new Date() })
    .where(eq(paymentCredentials.userId, userId));
}
