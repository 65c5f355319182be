/**
 * Light/dark theme. The choice lives in localStorage `theme`; without one the system
 * preference decides. The `dark` class on <html> is the single source of truth at runtime:
 * `themeInitScript` sets it in <head> before the first paint, so there is no flash.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
const CHANGE_EVENT = 'kiyasla:theme';

/** Runs inline in <head>; must stay dependency-free and tolerate blocked storage. */
export const themeInitScript = `(function(){try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='light'&&t!=='dark'){t=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}var d=document.documentElement;d.classList.toggle('dark',t==='dark');d.style.colorScheme=t}catch(e){}})();`;

function readStored(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // The choice then lasts for this page only.
  }
  applyTheme(theme);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  // Old engines and test DOMs may lack matchMedia; the explicit toggle still works there.
  if (typeof window.matchMedia !== 'function') {
    return () => window.removeEventListener(CHANGE_EVENT, onChange);
  }
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  // Follow the system while the user has not chosen explicitly.
  const onSystemChange = () => {
    if (readStored() === null) applyTheme(media.matches ? 'dark' : 'light');
  };
  // Another tab changed the stored choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const stored = readStored();
    applyTheme(stored ?? (media.matches ? 'dark' : 'light'));
  };
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onSystemChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onSystemChange);
  };
}

const getSnapshot = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');
// The server cannot know; hydration starts from 'light' and React re-renders with the real value.
const getServerSnapshot = (): Theme => 'light';

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const toggleTheme = useCallback(() => setTheme(getSnapshot() === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}
