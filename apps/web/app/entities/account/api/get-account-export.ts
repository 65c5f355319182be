import { accountExportSchema, type AccountExport } from '@kiyasla/contracts/account-export';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { apiErrorFrom, apiFetchRaw, ApiError } from '~/lib/api-client';

export interface AccountExportFile {
  data: AccountExport;
  /** The file name the server suggests (Content-Disposition), e.g. kiyasla-verilerim-2026-01-31.json. */
  fileName: string;
  /** The JSON text exactly as the server sent it. */
  text: string;
}

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? 'kiyasla-verilerim.json';
}

/** The error envelope, when the failed answer is one. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * GET /auth/export: everything stored about the user (KVKK right of access), for the "Verilerimi
 * İndir" download. The answer is the file itself, not the usual envelope; errors still come as
 * the envelope. (The profile's tabs read their own small endpoints: get-account-overview…)
 */
export async function getAccountExport(): Promise<AccountExportFile> {
  const response = await apiFetchRaw('/auth/export', { method: 'GET' });
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response, parseJson(text));
  const parsed = accountExportSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ApiError(502, genericMessages.error, 'BAD_EXPORT');
  return { data: parsed.data, fileName: fileNameOf(response), text };
}
