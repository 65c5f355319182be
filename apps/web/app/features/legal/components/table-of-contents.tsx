import { ChevronDown, ListTree } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { LegalSection } from '../legal-types';

interface TableOfContentsProps {
  sections: readonly Pick<LegalSection, 'id' | 'title'>[];
}

/**
 * Table of contents: sticky sidebar on desktop, collapsible panel on mobile. The section
 * currently in view is marked with aria-current="location".
 */
export function TableOfContents({ sections }: TableOfContentsProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  useEffect(() => {
    const elements = sections
      .map((section) => document.getElementById(section.id))
      .filter((element): element is HTMLElement => element !== null);
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return;

    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        // The first section (in document order) that is inside the reading band wins.
        const first = elements.find((element) => visible.has(element.id));
        if (first) setActiveId(first.id);
      },
      { rootMargin: '-96px 0px -60% 0px' },
    );
    for (const element of elements) observer.observe(element);
    return () => observer.disconnect();
  }, [sections]);

  return (
    <nav
      aria-label="İçindekiler"
      className="rounded-2xl border border-line bg-surface shadow-sm lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left font-semibold text-ink lg:hidden"
      >
        <span className="inline-flex items-center gap-2">
          <ListTree className="size-5 text-primary" aria-hidden="true" />
          İçindekiler
        </span>
        <ChevronDown
          className={`size-5 text-muted transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      <p className="hidden items-center gap-2 px-5 pt-5 pb-2 text-sm font-semibold tracking-wide text-muted uppercase lg:flex">
        <ListTree className="size-4" aria-hidden="true" />
        İçindekiler
      </p>
      <ol id={listId} className={`space-y-0.5 px-3 pb-4 lg:block ${open ? 'block' : 'hidden'}`}>
        {sections.map((section, index) => {
          const active = section.id === activeId;
          return (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                onClick={() => setOpen(false)}
                aria-current={active ? 'location' : undefined}
                className={`flex gap-2 rounded-lg px-3 py-2 text-sm transition ${
                  active ? 'bg-primary-soft font-semibold text-primary' : 'text-muted hover:bg-surface-2 hover:text-ink'
                }`}
              >
                <span className="w-5 shrink-0 tabular-nums">{index + 1}.</span>
                <span>{section.title}</span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
