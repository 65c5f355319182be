import { ShieldCheck } from 'lucide-react';
import { LegalPageLayout } from '~/features/legal/components/legal-page-layout';
import { LEGAL_LAST_UPDATED } from '~/features/legal/legal-types';
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '~/features/legal/privacy-sections';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Gizlilik Politikası') },
  {
    name: 'description',
    content:
      'Kıyasla Gizlilik Politikası: hangi kişisel verileri topladığımız, KVKK kapsamında hangi amaçlarla işlediğimiz, saklama süreleri ve haklarınız.',
  },
  ...canonicalMeta(matches, '/privacy'),
];

export default function PrivacyRoute() {
  return (
    <LegalPageLayout
      title="Gizlilik Politikası"
      icon={ShieldCheck}
      intro={PRIVACY_INTRO}
      dates={[`Son güncelleme: ${LEGAL_LAST_UPDATED}`]}
      sections={PRIVACY_SECTIONS}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
