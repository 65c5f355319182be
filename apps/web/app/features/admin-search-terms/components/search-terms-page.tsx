import { useState, type FormEvent } from 'react';
import { adminSearchTermMessages as m, SEARCH_TERM_MAX_LENGTH } from '@kiyasla/contracts/admin-search-terms';
import { buttonClasses } from '~/components/ui/button-styles';
import { inputClasses } from '~/components/ui/form-field';
import { errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { useAdminSearchTerms } from '../api/get-admin-search-terms';
import { useHideSearchTerm } from '../api/hide-search-term';
import { useShowSearchTerm } from '../api/show-search-term';

const dateTime = new Intl.DateTimeFormat('tr-TR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});

/**
 * /admin/search-terms: what shoppers see under "Popüler aramalar", and a way to take a term out
 * (spam, a prank, a term that should not be promoted). Hiding acts on the term's words, so every
 * spelling of it goes.
 */
export function SearchTermsPage() {
  const query = useAdminSearchTerms();
  const hide = useHideSearchTerm();
  const show = useShowSearchTerm();
  const [term, setTerm] = useState('');

  const hideTerm = (value: string) =>
    hide.mutate(value, {
      onSuccess: () => {
        toast({ type: 'success', title: m.hidden });
        setTerm('');
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) hideTerm(term.trim());
  };

  const trending = query.data?.trending ?? [];
  const hidden = query.data?.hidden ?? [];

  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Arama Terimleri</h1>
      <p className="mt-1 text-sm text-muted">
        Son 7 günün en çok aranan terimleri. Gizlenen bir terim, her yazılışıyla, popüler aramalarda bir daha görünmez.
      </p>

      <form
        onSubmit={submit}
        aria-label="Arama terimi gizle"
        className="mt-4 flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-end"
      >
        <label className="flex-1 text-sm text-ink">
          Gizlenecek terim
          <input
            type="text"
            value={term}
            maxLength={SEARCH_TERM_MAX_LENGTH}
            onChange={(e) => setTerm(e.target.value)}
            className={inputClasses(false, 'mt-1')}
          />
        </label>
        <button type="submit" disabled={!term.trim() || hide.isPending} className={buttonClasses('primary', 'md')}>
          Gizle
        </button>
      </form>

      {query.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Arama terimleri yükleniyor...
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {m.loadError}: {errorMessage(query.error)}
        </p>
      ) : (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <div className="rounded-2xl border border-line bg-surface">
            <h2 className="border-b border-line px-4 py-3 font-medium text-ink">Popüler aramalar (7 gün)</h2>
            {trending.length === 0 ? (
              <p className="p-4 text-sm text-muted">Son 7 günde sonuç veren bir arama yok.</p>
            ) : (
              <ul aria-label="Popüler aramalar" className="divide-y divide-line">
                {trending.map((row) => (
                  <li key={row.key} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                    <span className={row.hidden ? 'text-muted line-through' : 'text-ink'}>
                      {row.term} <span className="text-muted">({row.count})</span>
                    </span>
                    {row.hidden ? (
                      <span className="text-xs text-muted">Gizli</span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => hideTerm(row.term)}
                        disabled={hide.isPending}
                        aria-label={`${row.term} terimini gizle`}
                        className={buttonClasses('outline', 'sm')}
                      >
                        Gizle
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-surface">
            <h2 className="border-b border-line px-4 py-3 font-medium text-ink">Gizlenen terimler</h2>
            {hidden.length === 0 ? (
              <p className="p-4 text-sm text-muted">Gizlenen terim yok.</p>
            ) : (
              <ul aria-label="Gizlenen terimler" className="divide-y divide-line">
                {hidden.map((row) => (
                  <li key={row.key} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                    <span className="text-ink">
                      {row.term}
                      <span className="block text-xs text-muted">{dateTime.format(new Date(row.hiddenAt))}</span>
                    </span>
                    <button
                      type="button"
                      onClick={() =>
                        show.mutate(row.key, { onSuccess: () => toast({ type: 'success', title: m.shown }) })
                      }
                      disabled={show.isPending}
                      aria-label={`${row.term} terimini yeniden göster`}
                      className={buttonClasses('outline', 'sm')}
                    >
                      Yeniden göster
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
