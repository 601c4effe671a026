/** Where the chosen period's CSV is downloaded from (GET /vendors/me/insights/export.csv, issue 28 §5; the owner only). */
export function insightsExportUrl(from: string, to: string): string {
  return `/api/v1/vendors/me/insights/export.csv?${new URLSearchParams({ from, to }).toString()}`;
}
