import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/lib/toast';

/** "Was this helpful?" prompt; the answer is only acknowledged locally. */
export function ArticleFeedback() {
  const [answered, setAnswered] = useState(false);

  function answer(helpful: boolean) {
    setAnswered(true);
    if (helpful) toast.success('Geri bildiriminiz için teşekkürler', 'Makalenin işinize yaramasına sevindik.');
    else toast.info('Geri bildiriminiz için teşekkürler', 'Sorunuz devam ediyorsa destek ekibimize yazabilirsiniz.');
  }

  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 rounded-xl bg-surface-2 px-4 py-3 text-sm">
      {answered ? (
        <p role="status" className="text-muted">
          Geri bildiriminiz için teşekkürler.
        </p>
      ) : (
        <>
          <span className="text-muted">Bu makale yardımcı oldu mu?</span>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => answer(true)}
              className="inline-flex items-center gap-1.5 rounded-lg border border-line bg-surface px-3 py-1.5 font-medium text-ink hover:border-success hover:text-success"
            >
              <ThumbsUp className="size-4" aria-hidden="true" />
              Evet
            </button>
            <button
              type="button"
              onClick={() => answer(false)}
              className="inline-flex items-center gap-1.5 rounded-lg border border-line bg-surface px-3 py-1.5 font-medium text-ink hover:border-danger hover:text-danger"
            >
              <ThumbsDown className="size-4" aria-hidden="true" />
              Hayır
            </button>
          </div>
        </>
      )}
    </div>
  );
}
