import { Suspense, useState } from 'react';
import { ZoomIn } from 'lucide-react';
import clsx from 'clsx';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { lazyComponent } from '~/lib/lazy-component';
import type { GalleryImage } from './image-lightbox';

// The lightbox (a Radix dialog) is fetched when the image is approached, and mounted on first use.
const ImageLightbox = lazyComponent(() => import('./image-lightbox').then((m) => m.ImageLightbox));
const preloadLightbox = () => void ImageLightbox.preload().catch(() => undefined);

export function galleryImages(product: Pick<ProductDetail, 'images' | 'image_url' | 'name'>): GalleryImage[] {
  if (product.images.length > 0) {
    return product.images.map((image, i) => ({ url: image.url, alt: image.alt || `${product.name} görsel ${i + 1}` }));
  }
  return product.image_url ? [{ url: product.image_url, alt: product.name }] : [];
}

/** The main image (click to open the zoom lightbox) and a row of thumbnails. */
export function ProductGallery({ product }: { product: ProductDetail }) {
  const images = galleryImages(product);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [lightboxWanted, setLightboxWanted] = useState(false);
  const current = images[index] ?? images[0];

  return (
    <div className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl border border-line bg-white">
        {current ? (
          <button
            type="button"
            onClick={() => {
              setLightboxWanted(true);
              setOpen(true);
            }}
            onPointerEnter={preloadLightbox}
            onFocus={preloadLightbox}
            aria-label="Görseli büyüt"
            className="group block w-full cursor-zoom-in p-6 sm:p-10"
          >
            <img
              src={current.url}
              alt={current.alt}
              width={560}
              height={420}
              fetchPriority="high"
              className="mx-auto aspect-[4/3] h-auto w-full max-w-xl object-contain transition-transform duration-300 group-hover:scale-[1.02]"
            />
            <span
              aria-hidden="true"
              className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white opacity-90 backdrop-blur transition-opacity group-hover:opacity-100"
            >
              <ZoomIn className="h-3.5 w-3.5" />
              Büyüt
            </span>
          </button>
        ) : (
          <div className="aspect-[4/3] w-full" />
        )}
      </div>

      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Ürün görselleri">
          {images.map((image, i) => (
            <li key={image.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Görsel ${i + 1}: ${image.alt}`}
                aria-pressed={i === index}
                className={clsx(
                  'block h-16 w-20 overflow-hidden rounded-xl border-2 bg-white p-1 transition-colors sm:h-20 sm:w-24',
                  i === index ? 'border-primary' : 'border-line hover:border-primary/50',
                )}
              >
                <img
                  src={image.url}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  className="h-full w-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      {lightboxWanted && (
        <Suspense fallback={null}>
          <ImageLightbox
            images={images}
            index={index}
            onIndexChange={setIndex}
            open={open}
            onOpenChange={setOpen}
            title={product.name}
          />
        </Suspense>
      )}
    </div>
  );
}
