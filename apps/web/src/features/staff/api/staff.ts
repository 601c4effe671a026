/**
 * Issue 28 §4: the owner's staff (GET /vendors/me/staff; invite, change a role, remove, withdraw), and accepting an
 * invitation (POST /staff-invitations/accept) by the signed-in invitee. Every change reads the list again; accepting
 * reads the session's user again, whose `vendor` (role and permissions) draws the app.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitableRole, StaffInvitation, StaffList, StaffMember, StaffMembership } from '@qrib/shared/staff';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useStaff() {
  return useQuery({ queryKey: queryKeys.staff(), queryFn: async () => (await apiRequest<{ data: StaffList }>('/vendors/me/staff')).data });
}

function useStaffChange<A, R>(run: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() }) });
}

export function useInviteStaff() {
  return useStaffChange(
    async (invitation: { email: string; role: InvitableRole }) =>
      (await apiRequest<{ data: StaffInvitation }>('/vendors/me/staff/invitations', { method: 'POST', body: invitation })).data,
  );
}

export function useChangeStaffRole() {
  return useStaffChange(
    async ({ userId, role }: { userId: number; role: InvitableRole }) =>
      (await apiRequest<{ data: StaffMember }>(`/vendors/me/staff/${userId}`, { method: 'PATCH', body: { role } })).data,
  );
}

export function useRemoveStaffMember() {
  return useStaffChange(async (userId: number) => {
    await apiRequest(`/vendors/me/staff/${userId}`, { method: 'DELETE' });
  });
}

export function useWithdrawInvitation() {
  return useStaffChange(async (invitationId: number) => {
    await apiRequest(`/vendors/me/staff/invitations/${invitationId}`, { method: 'DELETE' });
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => (await apiRequest<{ data: StaffMembership }>('/staff-invitations/accept', { method: 'POST', body: { token } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.all }),
  });
}
