/**
 * Purchase opens the provider's page in a new tab (§2). The tab is opened at the click, before the
 * order exists (a tab opened after an awaited call is a pop-up browsers block), and pointed at the
 * page once the server answered. Without a tab (blocked anyway) the current one goes there.
 */
export interface PaymentTab {
  go(url: string): void;
  close(): void;
}

export function openPaymentTab(): PaymentTab {
  const tab = typeof window === 'undefined' ? null : window.open('', '_blank');
  if (tab) {
    // The provider's page must not reach back into ours.
    tab.opener = null;
    try {
      tab.document.title = 'Ödeme sayfası açılıyor…';
      tab.document.body.textContent = 'Ödeme sayfası açılıyor…';
    } catch {
      // A browser that does not let us write into the blank tab: it stays blank until it navigates.
    }
  }
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    },
    close() {
      tab?.close();
    },
  };
}
