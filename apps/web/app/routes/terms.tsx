import { ScrollText } from 'lucide-react';
import { LegalPageLayout } from '~/features/legal/components/legal-page-layout';
import { LEGAL_LAST_UPDATED, TERMS_EFFECTIVE_DATE } from '~/features/legal/legal-types';
import { TERMS_INTRO, TERMS_SECTIONS } from '~/features/legal/terms-sections';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Kullanım Şartları') },
  {
    name: 'description',
    content:
      'Kıyasla Kullanım Şartları: hizmetin kapsamı, üyelik, Premium abonelik, ödeme ve otomatik yenileme, 14 günlük cayma hakkı ve sorumluluklar.',
  },
  ...canonicalMeta(matches, '/terms'),
];

export default function TermsRoute() {
  return (
    <LegalPageLayout
      title="Kullanım Şartları"
      icon={ScrollText}
      intro={TERMS_INTRO}
      dates={[`Son güncelleme: ${LEGAL_LAST_UPDATED}`, `Yürürlük tarihi: ${TERMS_EFFECTIVE_DATE}`]}
      sections={TERMS_SECTIONS}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
