/**
 * The save dialog's rules (spec §5 "Saving a comparison"): sign-in, at least 2 products, a
 * non-empty name and room under the plan's limit; tags are comma-separated, trimmed, with
 * empties dropped. The limits and messages come from the contracts, as the server applies them.
 */
import { z } from 'zod';
import type { User } from '@kiyasla/contracts/user';
import { COMPARISON_DESCRIPTION_MAX, COMPARISON_NAME_MAX, tagsSchema } from '@kiyasla/contracts/comparisons';
import { COMPARISON_MIN } from '@kiyasla/contracts/constants';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { SAVED_COMPARISON_LIMITS } from '@kiyasla/contracts/plans';
import type { PublicConfig } from '@kiyasla/contracts/public-config';

const m = comparisonsMessages;

/** Saved comparisons the user's plan allows (null: unlimited); a lapsed premium plan counts as free. */
export function savedComparisonLimit(
  user: Pick<User, 'isPremium' | 'subscription'>,
  config?: PublicConfig,
): number | null {
  const plan = user.isPremium ? user.subscription.plan : 'free';
  const configured = config?.limits.savedComparisons[plan];
  return configured !== undefined ? configured : SAVED_COMPARISON_LIMITS[plan];
}

export interface SaveContext {
  signedIn: boolean;
  productCount: number;
  /** Saved comparisons the user has now; unknown while the list loads. */
  savedCount: number | undefined;
  limit: number | null;
}

/** Why saving cannot start, in the spec's words, or null when the dialog may open. */
export function saveBlocker({ signedIn, productCount, savedCount, limit }: SaveContext): string | null {
  if (!signedIn) return m.loginRequired;
  if (productCount < COMPARISON_MIN) return m.tooFew;
  if (limit !== null && savedCount !== undefined && savedCount >= limit) return m.limitReached(savedCount, limit);
  return null;
}

export interface SaveFormValues {
  name: string;
  description: string;
  /** As typed: "oyun, laptop, , bütçe". */
  tags: string;
  isPublic: boolean;
}

export const saveFormSchema = z.object({
  name: z.string().trim().min(1, m.nameRequired).max(COMPARISON_NAME_MAX, m.nameTooLong(COMPARISON_NAME_MAX)),
  description: z.string().trim().max(COMPARISON_DESCRIPTION_MAX, m.descriptionTooLong(COMPARISON_DESCRIPTION_MAX)),
  tags: tagsSchema,
  isPublic: z.boolean(),
});

export type SaveFormErrors = Partial<Record<keyof SaveFormValues, string>>;

/** The fields as the API takes them. */
export interface SaveFormOutput {
  name: string;
  description: string | null;
  tags: string[];
  isPublic: boolean;
}

export type SaveFormResult = { ok: true; value: SaveFormOutput } | { ok: false; errors: SaveFormErrors };

/** Validates the dialog's fields and shapes them as the API takes them (blank description → null). */
export function parseSaveForm(values: SaveFormValues): SaveFormResult {
  const parsed = saveFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: SaveFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SaveFormValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  const { name, description, tags, isPublic } = parsed.data;
  return { ok: true, value: { name, description: description || null, tags, isPublic } };
}
