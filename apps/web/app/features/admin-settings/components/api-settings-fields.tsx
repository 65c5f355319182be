import { useEffect, useState } from 'react';
import { SETTINGS_FIELD_LABELS } from '@kiyasla/contracts/settings';
import { inputClasses } from '~/components/ui/form-field';

/** Help under the api tab's fields: what each one changes, in the operator's words. */
export const API_FIELD_HELP: Record<string, string> = {
  enablePublicApi:
    'Açıkken aşağıdaki CORS listesindeki siteler API’yi kendi sayfalarından (tarayıcıdan) çağırabilir. Kapalıyken yalnızca bu site kullanabilir; sitenin kendisi bu ayardan etkilenmez.',
  enableApiDocs: 'Kapalıyken /api/docs (API belgeleri ve OpenAPI dokümanı) 404 döner.',
  rateLimitPerMinute:
    'Her istemcinin (IP) dakikada yapabileceği API isteği. Kaydedince hemen uygulanır; sunucuda RATE_LIMIT_MAX tanımlıysa o geçerlidir.',
  searchSuggestionLimit: 'Arama kutusu yazarken gösterilen en fazla öneri.',
  trendingSearchLimit: 'Arama kutusunda gösterilen en fazla popüler arama.',
  corsOrigins:
    'Her satıra bir köken: https://ortak-site.com (gerekirse :port ile, sonda / olmadan). Boş liste: yalnızca bu site.',
  feedFetchAllow:
    'Mağaza beslemeleri çekilirken erişilebilecek iç ağ / yerel sunucular; her satıra bir sunucu adı, sunucu:port, IP adresi ya da CIDR aralığı (ör. 10.0.0.0/8). İnternetteki adresler için gerekmez.',
};

const fieldLabel = (field: string) => (SETTINGS_FIELD_LABELS as Record<string, string>)[field] ?? field;
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A list setting edited as one entry per line. The text is kept as typed (blank lines while the
 * operator types), the setting gets the non-blank trimmed lines.
 */
export function ListField({
  id,
  name,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  value: readonly string[];
  error: string | undefined;
  onChange: (value: string[]) => void;
}) {
  const [text, setText] = useState(value.join('\n'));
  // A reset or a reload replaces the list: show it, unless it is what the text already says.
  useEffect(() => {
    setText((current) => (linesOf(current).join('\n') === value.join('\n') ? current : value.join('\n')));
  }, [value]);
  const help = API_FIELD_HELP[name];
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {fieldLabel(name)}
      </label>
      <textarea
        id={id}
        rows={4}
        value={text}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          onChange(linesOf(e.target.value));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClasses(Boolean(error))} min-h-24 font-mono`}
      />
      {help && (
        <p id={`${id}-help`} className="mt-1 text-sm text-muted">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The first error of a field or of one of its entries (`api.corsOrigins.2`). */
export function fieldError(errors: Record<string, string>, key: string): string | undefined {
  return errors[key] ?? Object.entries(errors).find(([path]) => path.startsWith(`${key}.`))?.[1];
}

const SWITCHES_AND_LIMITS = [
  'enablePublicApi',
  'enableApiDocs',
  'rateLimitPerMinute',
  'searchSuggestionLimit',
  'trendingSearchLimit',
] as const;

/** What the api tab's switches and limits do (the lists carry their help under the field). */
export function ApiSwitchesHelp() {
  return (
    <dl className="space-y-2 rounded-xl bg-surface-2 px-4 py-3 text-sm sm:col-span-2">
      {SWITCHES_AND_LIMITS.map((name) => (
        <div key={name}>
          <dt className="font-medium text-ink">{fieldLabel(name)}</dt>
          <dd className="text-muted">{API_FIELD_HELP[name]}</dd>
        </div>
      ))}
    </dl>
  );
}
