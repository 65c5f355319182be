import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import clsx from 'clsx';
import { useReturnFocus } from '~/components/ui/use-return-focus';

export interface GalleryImage {
  url: string;
  alt: string;
}

interface ImageLightboxProps {
  images: readonly GalleryImage[];
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
}

const ICON_BUTTON =
  'inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 disabled:opacity-40';

/**
 * Full-screen image viewer: ← / → step through the images, Escape closes (focus returns to the
 * image that opened it: useReturnFocus), clicking the image zooms in at that point.
 */
export function ImageLightbox({ images, index, onIndexChange, open, onOpenChange, title }: ImageLightboxProps) {
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const returnFocus = useReturnFocus();
  const count = images.length;
  const current = images[index];

  const go = (step: number) => {
    if (count < 2) return;
    setZoom(null);
    onIndexChange((index + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  const toggleZoom = (event: MouseEvent<HTMLButtonElement>) => {
    if (zoom) return setZoom(null);
    const rect = event.currentTarget.getBoundingClientRect();
    // Keyboard "clicks" have no position: zoom into the centre.
    const x = event.clientX ? ((event.clientX - rect.left) / rect.width) * 100 : 50;
    const y = event.clientY ? ((event.clientY - rect.top) / rect.height) * 100 : 50;
    setZoom({ x, y });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setZoom(null);
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <Dialog.Content
          {...returnFocus}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <Dialog.Title className="min-w-0 truncate text-sm font-semibold sm:text-base">{title}</Dialog.Title>
            <div className="flex shrink-0 items-center gap-2">
              <span className="text-sm text-white/80" aria-live="polite">
                {index + 1} / {count}
              </span>
              <Dialog.Close aria-label="Kapat" className={ICON_BUTTON}>
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
          </div>

          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
            {current && (
              <button
                type="button"
                onClick={toggleZoom}
                aria-label={zoom ? 'Uzaklaştır' : 'Yakınlaştır'}
                className={clsx(
                  'relative h-full max-h-[80vh] w-full max-w-5xl overflow-hidden rounded-2xl bg-white',
                  zoom ? 'cursor-zoom-out' : 'cursor-zoom-in',
                )}
              >
                <img
                  src={current.url}
                  alt={current.alt}
                  className="h-full w-full object-contain p-4 transition-transform duration-300 ease-out"
                  style={zoom ? { transform: 'scale(2.2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
                />
                <span
                  aria-hidden="true"
                  className="absolute right-3 bottom-3 inline-flex h-9 w-9 items-center justify-center rounded-full bg-black/60 text-white"
                >
                  {zoom ? <ZoomOut className="h-4 w-4" /> : <ZoomIn className="h-4 w-4" />}
                </span>
              </button>
            )}
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  aria-label="Önceki görsel"
                  className={clsx(ICON_BUTTON, 'absolute top-1/2 left-3 -translate-y-1/2 sm:left-4')}
                >
                  <ChevronLeft aria-hidden="true" className="h-6 w-6" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  aria-label="Sonraki görsel"
                  className={clsx(ICON_BUTTON, 'absolute top-1/2 right-3 -translate-y-1/2 sm:right-4')}
                >
                  <ChevronRight aria-hidden="true" className="h-6 w-6" />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
