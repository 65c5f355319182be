import { useLocation, useNavigate } from 'react-router';
import { Heart } from 'lucide-react';
import clsx from 'clsx';
import { messages } from '@kiyasla/contracts/messages';
import { toast } from '~/lib/toast';

/**
 * Favorite toggle. Until sign-in exists every visitor is anonymous, so it explains that
 * favorites need an account and offers the way there (back to this page afterwards).
 */
export function FavoriteButton({ productName, className }: { productName: string; className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      aria-label={`${productName} ürününü favorilere ekle`}
      title="Favorilere ekle"
      onClick={() => {
        const back = `${location.pathname}${location.search}`;
        toast({
          type: 'info',
          title: messages.gates.loginRequired,
          message: 'Favorilere eklemek için giriş yapmanız gerekiyor.',
          action: { label: 'Oturum Aç', onClick: () => navigate(`/login?redirect=${encodeURIComponent(back)}`) },
        });
      }}
      className={clsx(
        'inline-flex h-9 w-9 items-center justify-center rounded-full bg-surface/90 text-muted shadow-sm ring-1 ring-line backdrop-blur transition-colors hover:text-danger',
        className,
      )}
    >
      <Heart aria-hidden="true" className="h-[18px] w-[18px]" />
    </button>
  );
}
