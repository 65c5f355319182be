import { useCallback, useEffect, useState } from 'react';
import { readAccountData, writeAccountData } from '~/entities/account/utils/local-account-data';
import { toast } from '~/lib/toast';
import {
  DEFAULT_LOCAL_PRIVACY,
  LOCAL_PRIVACY_STORAGE_NAME,
  parseLocalPrivacy,
  type LocalPrivacyKey,
  type LocalPrivacySettings,
} from '../utils/local-privacy';

/** The local privacy toggles of one account, saved to localStorage on every change. */
export function useLocalPrivacy(userId: string) {
  const [settings, setSettings] = useState<LocalPrivacySettings>(DEFAULT_LOCAL_PRIVACY);
  const [savedAt, setSavedAt] = useState(0);

  useEffect(() => {
    setSettings(parseLocalPrivacy(readAccountData(LOCAL_PRIVACY_STORAGE_NAME, userId)));
  }, [userId]);

  useEffect(() => {
    if (!savedAt) return;
    const timer = setTimeout(() => setSavedAt(0), 2500);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const set = useCallback(
    (key: LocalPrivacyKey, value: boolean) => {
      const next = { ...settings, [key]: value };
      if (!writeAccountData(LOCAL_PRIVACY_STORAGE_NAME, userId, next)) {
        toast.error('Tercihiniz kaydedilemedi', 'Tarayıcınız site verilerinin saklanmasına izin vermiyor olabilir.');
        return;
      }
      setSettings(next);
      setSavedAt(Date.now());
    },
    [settings, userId],
  );

  return { settings, set, saveState: savedAt ? ('saved' as const) : ('idle' as const) };
}
