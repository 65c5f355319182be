import { ArrowUp, CalendarDays, ChevronRight, FileText, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LEGAL_DOCUMENTS, type LegalSection } from '../legal-types';
import { TableOfContents } from './table-of-contents';

/** Typography for legal text; applied once so section content stays plain JSX. */
const PROSE =
  'space-y-4 text-[15px] leading-7 text-ink [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_li]:pl-1 [&_li]:marker:text-muted [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5';

interface LegalPageLayoutProps {
  title: string;
  icon: LucideIcon;
  intro: ReactNode;
  /** Lines such as 'Son güncelleme: 15 Aralık 2024', shown verbatim under the title. */
  dates: readonly string[];
  sections: readonly LegalSection[];
  /** Optional call to action shown in the header (e.g. a jump link). */
  headerAction?: ReactNode;
}

export function LegalPageLayout({ title, icon: Icon, intro, dates, sections, headerAction }: LegalPageLayoutProps) {
  const { pathname } = useLocation();
  const related = LEGAL_DOCUMENTS.filter((document) => document.href !== pathname);

  return (
    <div>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-12">
          <nav aria-label="Sayfa konumu" className="text-sm">
            <ol className="flex flex-wrap items-center gap-1 text-muted">
              <li>
                <Link to="/" className="hover:text-primary hover:underline">
                  Ana Sayfa
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRight className="size-4" />
              </li>
              <li>
                <span aria-current="page" className="font-medium text-ink">
                  {title}
                </span>
              </li>
            </ol>
          </nav>
          <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-start">
            <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary">
              <Icon className="size-7" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <h1
                id="yasal-metin-basligi"
                className="scroll-mt-32 lg:scroll-mt-24 text-3xl font-bold tracking-tight text-ink sm:text-4xl"
              >
                {title}
              </h1>
              <div className="mt-3 max-w-3xl text-base leading-7 text-muted">{intro}</div>
              <ul className="mt-4 flex flex-wrap gap-2">
                {dates.map((line) => (
                  <li
                    key={line}
                    className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 py-1 text-sm text-ink"
                  >
                    <CalendarDays className="size-4 text-muted" aria-hidden="true" />
                    {line}
                  </li>
                ))}
              </ul>
              {headerAction && <div className="mt-5">{headerAction}</div>}
            </div>
          </div>
        </div>
      </header>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-12 lg:px-8 lg:py-12">
        <div>
          <TableOfContents sections={sections} />
        </div>

        <div className="min-w-0">
          <div className="space-y-6">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-baslik`}
                className="scroll-mt-32 lg:scroll-mt-24 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8"
              >
                <h2 id={`${section.id}-baslik`} className="flex gap-3 text-xl font-semibold text-ink">
                  <span className="text-primary tabular-nums">{index + 1}.</span>
                  <span>{section.title}</span>
                </h2>
                <div className={`mt-4 ${PROSE}`}>{section.content}</div>
              </section>
            ))}
          </div>

          <div className="mt-8 flex justify-end">
            <a
              href="#yasal-metin-basligi"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-primary"
            >
              <ArrowUp className="size-4" aria-hidden="true" />
              Başa dön
            </a>
          </div>

          <section aria-labelledby="related-documents-title" className="mt-8">
            <h2 id="related-documents-title" className="text-lg font-semibold text-ink">
              Diğer yasal metinler
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-3">
              {related.map((document) => (
                <li key={document.href}>
                  <Link
                    to={document.href}
                    className="flex h-full flex-col rounded-2xl border border-line bg-surface p-5 transition hover:border-primary/40 hover:shadow-md"
                  >
                    <span className="inline-flex items-center gap-2 font-semibold text-ink">
                      <FileText className="size-4 text-primary" aria-hidden="true" />
                      {document.title}
                    </span>
                    <span className="mt-1 text-sm text-muted">{document.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
