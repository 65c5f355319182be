/**
 * Turkish messages of payments that did not raise the plan (ADR 018, "Orders once"): the member's
 * notice and the /premium/callback page. A module of their own, not a group of `messages`: the
 * shell carries `messages` to every page, and these are read only by the callback page and the API.
 */
export const paymentMessages = {
  // A payment that did not raise the plan (ADR 018, "Orders once"): refunded, or owed a refund.
  unappliedReasons: {
    plan_not_higher: 'hesabınızda zaten bu veya daha yüksek bir plan var',
    superseded: 'sipariş, yerine yeni bir sipariş açıldığı için kapanmıştı',
    expired: 'siparişin ödeme süresi (1 saat) dolmuştu',
    cancelled: 'ödeme alındığında aboneliğiniz artık yenilenmiyordu',
    account_deleted: 'hesap silinmişti',
    second_payment: 'bu sipariş zaten ödenmişti',
  },
  refundedUnapplied: (plan: string, amount: string, reason: string) =>
    `${plan} ödemeniz (${amount}) planınıza işlenmediği için iade edildi: ${reason}.`,
  refundOwedTitle: 'Ödemeniz iade edilecek',
  refundOwed: (plan: string, amount: string, reason: string) =>
    `${plan} ödemeniz (${amount}) planınıza işlenmedi: ${reason}. Tutar ekibimiz tarafından iade edilecek; iade yapıldığında size haber vereceğiz.`,
  // The /premium/callback page.
  callbackRefundedTitle: 'Ödemeniz iade edildi',
  callbackRefundedText:
    'Bu sipariş için alınan tutar iade edildi. İadenin kartınıza yansıması bankanıza göre birkaç iş günü sürebilir; ayrıntıları profilinizin Premium sekmesinde görebilirsiniz.',
  callbackRefundOwedTitle: 'Ödemeniz iade edilecek',
  callbackRefundOwedText:
    'Bu sipariş için alınan tutarın iadesi bekliyor: ödeme planınıza işlenmedi ya da iadesini istediniz. İade yapıldığında size bildirim ve e-posta göndereceğiz.',
} as const;
