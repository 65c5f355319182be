/** `messages.metrics` (../messages.ts): GET /metrics refusals (apps/api/src/plugins/request-metrics.ts). */
export const metricsMessages = {
  forbidden: 'Ölçümler yalnızca yerel adresten veya ölçüm anahtarıyla okunabilir.',
  tokenRequired: 'Ölçümler yalnızca ölçüm anahtarıyla okunabilir.',
  disabled: 'Ölçümler kapalı: sunucu bir vekil sunucunun arkasında ve ölçüm anahtarı tanımlanmamış.',
} as const;
