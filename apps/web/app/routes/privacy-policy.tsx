import { FileLock } from 'lucide-react';
import { LegalPageLayout } from '~/features/legal/components/legal-page-layout';
import { KVKK_INTRO, KVKK_SECTIONS } from '~/features/legal/kvkk-sections';
import { LEGAL_LAST_UPDATED } from '~/features/legal/legal-types';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('KVKK Aydınlatma Metni') },
  {
    name: 'description',
    content:
      'Kıyasla KVKK Aydınlatma Metni: veri sorumlusu, işlenen kişisel veri kategorileri, işleme amaçları, aktarım ve 6698 sayılı Kanun’un 11. maddesindeki haklarınız.',
  },
  ...canonicalMeta(matches, '/privacy-policy'),
];

export default function PrivacyPolicyRoute() {
  return (
    <LegalPageLayout
      title="KVKK Aydınlatma Metni"
      icon={FileLock}
      intro={KVKK_INTRO}
      dates={[`Son güncelleme: ${LEGAL_LAST_UPDATED}`]}
      sections={KVKK_SECTIONS}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
