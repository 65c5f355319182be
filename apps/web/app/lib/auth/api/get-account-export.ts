import { queryOptions } from '@tanstack/react-query';
import { accountExportSchema, type AccountExport } from '@kiyasla/contracts/account-export';
import { apiFetchRaw, ApiError } from '~/lib/api-client';
import { messages } from '@kiyasla/contracts/messages';
import { accountKeys } from './query-keys';

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

/**
 * GET /auth/export: everything stored about the user (KVKK right of access). The answer is the
 * file itself, not the usual envelope; errors still come as the envelope.
 */
export async function getAccountExport(): Promise<AccountExportFile> {
  const response = await apiFetchRaw('/auth/export', { method: 'GET' });
  const text = await response.text();
  if (!response.ok) {
    let message: string = messages.generic.httpError(response.status);
    let code = 'HTTP_ERROR';
    try {
      const body = JSON.parse(text) as { message?: unknown; code?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
      if (typeof body.code === 'string') code = body.code;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(response.status, message, code);
  }
  const parsed = accountExportSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ApiError(502, messages.generic.error, 'BAD_EXPORT');
  return { data: parsed.data, fileName: fileNameOf(response), text };
}

/** The export as a query: the activity, achievements and payment-history views read its counts. */
export const accountExportQuery = () =>
  queryOptions({ queryKey: accountKeys.export(), queryFn: getAccountExport, staleTime: 30_000 });
