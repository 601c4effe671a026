/**
 * The data export: GET /me/export (the current one or null), asked again every few seconds while it is being
 * prepared; POST /me/export starts one (or answers the pending or ready one). The zip is a plain link.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@qrib/shared/account-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How often a pending export is asked about. */
export const EXPORT_POLL_MS = 3_000;

export async function getDataExport(): Promise<DataExport | null> {
  return (await apiRequest<{ data: DataExport | null }>('/me/export')).data;
}

export async function requestDataExport(): Promise<DataExport> {
  return (await apiRequest<{ data: DataExport }>('/me/export', { method: 'POST' })).data;
}

/** Where the archive is downloaded from (the signed-in account only). */
export function dataExportUrl(exportId: string): string {
  return `/api/v1/me/exports/${encodeURIComponent(exportId)}`;
}

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dataExport(),
    queryFn: getDataExport,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? EXPORT_POLL_MS : false),
  });

/** An expired copy is as good as none: a new one can be asked for. */
function withoutExpired(dataExport: DataExport | null): DataExport | null {
  return dataExport?.status === 'READY' && Date.parse(dataExport.expiresAt) <= Date.now() ? null : dataExport;
}

export function useDataExport() {
  return useQuery({ ...dataExportQueryOptions(), select: withoutExpired });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (dataExport) => queryClient.setQueryData(queryKeys.dataExport(), dataExport),
  });
}
