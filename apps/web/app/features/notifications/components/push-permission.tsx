import { useEffect, useState } from 'react';
import { pushMessages } from '@kiyasla/contracts/push';
import { buttonClasses } from '~/components/ui/button-styles';
import { toast } from '~/lib/toast';
import { currentPushSubscription, disablePush, enablePush, pushSupported } from '../api/push-subscription';

type State = 'checking' | 'unsupported' | 'off' | 'on' | 'busy';

/** "Anlık bildirimler" for this browser: the permission request and the push subscription. */
export function PushPermission() {
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    let live = true;
    currentPushSubscription()
      .then((s) => live && setState(s ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setState('busy');
    try {
      const result = await enablePush();
      if (result === 'subscribed') {
        toast.success(pushMessages.subscribed);
        setState('on');
      } else {
        toast.error(result === 'denied' ? pushMessages.denied : pushMessages.unsupported);
        setState(result === 'denied' ? 'off' : 'unsupported');
      }
    } catch {
      toast.error(pushMessages.failed);
      setState('off');
    }
  };

  const turnOff = async () => {
    setState('busy');
    await disablePush().catch(() => undefined);
    toast.success(pushMessages.unsubscribed);
    setState('off');
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-ink">Bu tarayıcıda anlık bildirimler</p>
        <p className="mt-1 text-sm text-muted">
          {state === 'unsupported'
            ? pushMessages.unsupported
            : state === 'on'
              ? 'Açık: "Anlık" kanalını seçtiğiniz bildirimler bu tarayıcıya gelir.'
              : 'Tarayıcınız izin isteyecek; "Anlık" kanalı seçili bildirimler bu cihaza gönderilir.'}
        </p>
      </div>
      {state === 'unsupported' ? null : state === 'on' ? (
        <button type="button" className={buttonClasses('outline', 'sm')} onClick={turnOff}>
          Anlık bildirimleri kapat
        </button>
      ) : (
        <button
          type="button"
          className={buttonClasses('primary', 'sm')}
          disabled={state === 'checking' || state === 'busy'}
          onClick={turnOn}
        >
          Anlık bildirimleri aç
        </button>
      )}
    </div>
  );
}
