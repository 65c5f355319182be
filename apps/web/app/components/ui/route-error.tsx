import { isRouteErrorResponse, Link } from 'react-router';
import { CircleAlert, House, SearchX, Timer } from 'lucide-react';
import { httpMessages } from '@kiyasla/contracts/messages/http';
import { buttonClasses } from '~/components/ui/button-styles';

/** Turkish error panel for route error boundaries (404, the rate limit's 429 and unexpected failures). */
export function RouteErrorContent({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const rateLimited = isRouteErrorResponse(error) && error.status === 429;
  const title = notFound ? 'Sayfa Bulunamadı' : rateLimited ? 'Çok Fazla İstek' : 'Beklenmeyen bir hata oluştu';
  const text = notFound
    ? 'Aradığınız sayfa taşınmış, kaldırılmış ya da hiç var olmamış olabilir.'
    : rateLimited
      ? httpMessages.rateLimited
      : 'Sayfa yüklenirken bir sorun oluştu. Lütfen sayfayı yenileyin ya da biraz sonra tekrar deneyin.';
  const Icon = notFound ? SearchX : rateLimited ? Timer : CircleAlert;
  const detail = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;

  return (
    <div className="mx-auto max-w-lg text-center">
      <div className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="h-8 w-8" />
      </div>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      <p className="mt-3 text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          <House aria-hidden="true" className="h-5 w-5" />
          Ana Sayfaya Dön
        </Link>
        {!notFound && (
          // A full reload, not a client navigation: the failure may be in the client bundle.
          <a href="" className={buttonClasses('outline', 'lg')}>
            Sayfayı Yenile
          </a>
        )}
      </div>
      {detail && (
        <pre className="mt-8 max-h-64 overflow-auto rounded-lg bg-surface-2 p-4 text-left text-xs text-muted">
          {detail}
        </pre>
      )}
    </div>
  );
}
