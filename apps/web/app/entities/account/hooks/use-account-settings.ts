/**
 * The account's settings toggles (spec §4: "toggles are optimistic: they flip at once and
 * revert if the save fails, silently"). Shared by the profile's Ayarlar tab and the privacy
 * settings page, so both show the same cached values.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@kiyasla/contracts/notification-settings';
import type { PrivacySettings, PrivacySettingsUpdate } from '@kiyasla/contracts/privacy';
import { getNotificationSettings } from '../api/get-notification-settings';
import { getPrivacySettings } from '../api/get-privacy-settings';
import { accountKeys } from '../api/query-keys';
import { updateNotificationSettings } from '../api/update-notification-settings';
import { updatePrivacySettings } from '../api/update-privacy-settings';

export type SaveState = 'idle' | 'saving' | 'saved';

function useOptimisticSettings<T extends object, Patch extends Partial<T>>(
  queryKey: readonly unknown[],
  load: () => Promise<T>,
  save: (patch: Patch) => Promise<T>,
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  const query = useQuery<T>({ queryKey, queryFn: load, enabled });
  const [saved, setSaved] = useState(0);

  const mutation = useMutation({
    mutationFn: save,
    onMutate: async (patch: Patch) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<T>(queryKey);
      const previous: Partial<T> = {};
      for (const key of Object.keys(patch) as Array<keyof T>) {
        if (before) previous[key] = before[key];
      }
      queryClient.setQueryData<T>(queryKey, (old) => (old ? { ...old, ...patch } : old));
      return { previous };
    },
    onError: (error, _patch, context) => {
      // Only the keys this save touched go back; a later successful toggle stays.
      if (context) queryClient.setQueryData<T>(queryKey, (old) => (old ? { ...old, ...context.previous } : old));
      console.warn('Ayar kaydedilemedi', error);
    },
    onSuccess: () => setSaved(Date.now()),
    // The toggle flips back, silently (spec §4).
    meta: { errorToast: false },
  });

  // "Kaydedildi" fades after a moment.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(0), 2500);
    return () => clearTimeout(timer);
  }, [saved]);

  const saveState: SaveState = mutation.isPending ? 'saving' : saved ? 'saved' : 'idle';
  return { ...query, update: (patch: Patch) => mutation.mutate(patch), saveState };
}

/** profileVisibility and activitySharing (GET/PUT /auth/privacy-settings). */
export function usePrivacySettings(enabled = true) {
  return useOptimisticSettings<PrivacySettings, PrivacySettingsUpdate>(
    accountKeys.privacySettings(),
    getPrivacySettings,
    updatePrivacySettings,
    enabled,
  );
}

/** Notification settings (GET/PUT /auth/notification-settings); the profile uses the quick toggles. */
export function useNotificationSettings(enabled = true) {
  return useOptimisticSettings<NotificationSettings, Partial<NotificationSettings>>(
    accountKeys.notificationSettings(),
    getNotificationSettings,
    updateNotificationSettings,
    enabled,
  );
}
