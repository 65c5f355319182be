import type { PlanId, UserRole } from '@kiyasla/contracts/constants';

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  plan: PlanId;
}

/**
 * Accounts created when SEED_DEMO is on (development, tests, demos). End-to-end tests sign in
 * with these; never enable demo seeding on a public deployment.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@kiyasla.test',
    password: 'Admin123!',
    firstName: 'Kerem',
    lastName: 'Aydın',
    role: 'admin',
    plan: 'free',
  },
  moderator: {
    email: 'moderator@kiyasla.test',
    password: 'Moderator123!',
    firstName: 'Zeynep',
    lastName: 'Kaya',
    role: 'moderator',
    plan: 'free',
  },
  premium: {
    email: 'premium@kiyasla.test',
    password: 'Premium123!',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    role: 'user',
    plan: 'yearly-premium',
  },
  user: {
    email: 'user@kiyasla.test',
    password: 'User1234!',
    firstName: 'Mehmet',
    lastName: 'Demir',
    role: 'user',
    plan: 'free',
  },
} as const satisfies Record<string, DemoAccount>;

/** Yearly plan price of the specification (337.50 TRY), in kuruş. */
export const YEARLY_PLAN_PRICE_KURUS = 33_750;
