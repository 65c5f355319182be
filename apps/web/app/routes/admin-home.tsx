import { Link } from 'react-router';
import { pageTitle } from '~/lib/seo';
import { sectionsFor } from '~/features/admin-layout/utils/admin-sections';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import type { Route } from './+types/admin-home';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Yönetim Paneli') },
  { name: 'robots', content: 'noindex' },
];

/** Until the dashboard exists: the sections this operator may open. */
export default function AdminHomeRoute() {
  const user = useAdminUser();
  const sections = sectionsFor(user.role).filter((s) => s.to !== '/admin');
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Yönetim Paneli</h1>
      <p className="mt-1 text-sm text-muted">Hoş geldiniz, {user.firstName}.</p>
      {sections.length > 0 ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="block rounded-2xl border border-line bg-surface p-5 font-medium text-ink hover:border-primary"
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-2xl border border-line bg-surface p-5 text-sm text-muted">
          Moderatör bölümleri (kategoriler, ürünler, mağazalar) henüz hazır değil.
        </p>
      )}
    </section>
  );
}
