/**
 * PATCH /me from the profile: name and phone (saved when the form is sent), and the Email Notifications and
 * Dark Mode switches (shown at once, undone if the server refuses). The answer is the user as GET /auth/me
 * has it, so the shell, the theme and every screen reading the user follow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@qrib/shared/auth-schemas';
import type { ProfileForm, UpdateMeRequest } from '@qrib/shared/me-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function updateMe(body: UpdateMeRequest): Promise<User> {
  const { user } = await apiRequest<{ user: User }>('/me', { method: 'PATCH', body });
  return user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ProfileForm) => updateMe({ name: form.name, phone: form.phone }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.auth.me(), user),
  });
}

/** The preferences the profile's switches change. */
export type ProfilePreference = 'emailNotifications' | 'darkMode';

const PREFERENCE_MUTATION_KEY = ['me', 'preference'] as const;

export function useUpdatePreference() {
  const queryClient = useQueryClient();
  const meKey = queryKeys.auth.me();
  return useMutation({
    mutationKey: PREFERENCE_MUTATION_KEY,
    mutationFn: ({ key, value }: { key: ProfilePreference; value: boolean }) => updateMe({ preferences: { [key]: value } }),
    onMutate: async ({ key, value }) => {
      // A refetch landing now would overwrite the optimistic value with the old one.
      await queryClient.cancelQueries({ queryKey: meKey });
      const current = queryClient.getQueryData<User | null>(meKey);
      if (current) queryClient.setQueryData<User>(meKey, { ...current, preferences: { ...current.preferences, [key]: value } });
      return { previousValue: current?.preferences[key] };
    },
    onError: (_error, { key }, context) => {
      const current = queryClient.getQueryData<User | null>(meKey);
      if (current && context?.previousValue !== undefined) {
        queryClient.setQueryData<User>(meKey, { ...current, preferences: { ...current.preferences, [key]: context.previousValue } });
      }
    },
    onSuccess: (user) => {
      // While another switch's change is still on its way, this answer may predate it: the last answer decides.
      if (queryClient.isMutating({ mutationKey: PREFERENCE_MUTATION_KEY }) <= 1) queryClient.setQueryData(meKey, user);
    },
  });
}
