import { Wrench } from 'lucide-react';
import { maintenanceMessages, type MaintenanceState } from '@kiyasla/contracts/maintenance';

// Turkish time on the server and in every browser alike: the server's HTML is hydrated as it is.
const endFormatter = new Intl.DateTimeFormat('tr-TR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Istanbul',
});

/**
 * What a shopper sees while the site is in maintenance (rendered on the server with a 503, see
 * root.tsx): the operators' message and, for a scheduled window, when it is expected to end.
 */
export function MaintenancePage({ state }: { state: Pick<MaintenanceState, 'message' | 'endsAt'> }) {
  return (
    <section aria-labelledby="maintenance-title" className="mx-auto max-w-xl text-center">
      <span className="mx-auto mb-6 flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Wrench aria-hidden="true" className="size-8" />
      </span>
      <h1 id="maintenance-title" className="text-2xl font-bold text-ink sm:text-3xl">
        {maintenanceMessages.title}
      </h1>
      <p className="mt-4 text-base text-muted">{state.message}</p>
      {state.endsAt && (
        <p className="mt-3 text-sm text-muted">
          {maintenanceMessages.endsAt}{' '}
          <time dateTime={state.endsAt} className="font-medium text-ink">
            {endFormatter.format(new Date(state.endsAt))}
          </time>
        </p>
      )}
    </section>
  );
}
