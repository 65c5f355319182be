import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { UserAvatar } from '~/components/ui/user-avatar';
import { updateDetails } from '~/entities/account/api/update-details';
import { useAuth } from '~/entities/session/auth-context';
import { toast } from '~/lib/toast';
import { checkAvatarFile, readAsDataUrl } from '../utils/avatar-file';

/**
 * The profile picture with its upload (spec §5: an image of at most 5 MB). The chosen picture
 * shows at once; if the upload fails the preview is cleared and the error explained (§8).
 */
export function AvatarUploader({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // A file to upload, or null to remove the picture.
  const change = useMutation({
    mutationFn: async (file: File | null) => {
      if (!file) return updateDetails({ avatar: null });
      const dataUrl = await readAsDataUrl(file);
      setPreview(dataUrl);
      return updateDetails({ avatar: dataUrl });
    },
    onSuccess: (updated, file) => {
      updateUser(updated);
      toast.success(file ? 'Profil resminiz güncellendi.' : 'Profil resminiz kaldırıldı.');
    },
    onSettled: () => setPreview(null),
    meta: { errorToast: { title: authMessages.avatarUpdateError, fallback: '' } },
  });
  const busy = change.isPending;

  function upload(file: File) {
    const check = checkAvatarFile(file);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    change.mutate(file);
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <div className="relative">
        <UserAvatar
          firstName={user.firstName}
          lastName={user.lastName}
          src={preview ?? user.avatar}
          decorative={false}
          className="size-24 text-2xl ring-4 ring-surface sm:size-28"
        />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/45 text-white">
            <LoaderCircle aria-hidden="true" className="size-7 animate-spin" />
            <span className="sr-only" role="status">
              Profil resmi yükleniyor
            </span>
          </span>
        )}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          aria-label="Profil resmini değiştir"
          title="Profil resmini değiştir"
          className="absolute right-0 bottom-0 inline-flex size-9 items-center justify-center rounded-full border-2 border-surface bg-primary text-primary-ink shadow-md transition-colors hover:bg-brand-700 disabled:opacity-60 dark:hover:bg-brand-300"
        >
          <Camera aria-hidden="true" className="size-4" />
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Profil resmi dosyası"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload(file);
        }}
      />
      {user.avatar && (
        <button
          type="button"
          onClick={() => change.mutate(null)}
          disabled={busy}
          className="inline-flex items-center gap-1 text-xs font-medium text-muted hover:text-danger disabled:opacity-60"
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
          Resmi kaldır
        </button>
      )}
    </div>
  );
}
