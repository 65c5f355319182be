import { Cookie, SlidersHorizontal } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';
import {
  COOKIE_POLICY_INTRO,
  COOKIE_POLICY_SECTIONS,
  COOKIE_PREFERENCES_ANCHOR,
} from '~/features/cookies/cookie-policy-sections';
import { LegalPageLayout } from '~/features/legal/components/legal-page-layout';
import { LEGAL_LAST_UPDATED } from '~/features/legal/legal-types';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/cookies';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Çerez Politikası') },
  {
    name: 'description',
    content:
      'Kıyasla Çerez Politikası: kullandığımız zorunlu, işlevsel, analitik ve pazarlama çerezleri, saklama süreleri ve çerez tercihlerinizi yönetme.',
  },
  ...canonicalMeta(matches, '/cookies'),
];

export default function CookiesRoute() {
  return (
    <LegalPageLayout
      title="Çerez Politikası"
      icon={Cookie}
      intro={COOKIE_POLICY_INTRO}
      dates={[`Son güncelleme: ${LEGAL_LAST_UPDATED}`]}
      sections={COOKIE_POLICY_SECTIONS}
      headerAction={
        <a href={`#${COOKIE_PREFERENCES_ANCHOR}`} className={buttonClasses('secondary')}>
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Çerez tercihlerimi yönet
        </a>
      }
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
