import { notificationPreferenceEndpoints } from '@daftar/domain/notifications'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'

/** The profile's Notifications tab: the caller's own channels per notification type and the digest. */
export const notificationPreferencesQuery = queryOptions({
  queryKey: ['notification-preferences'],
  queryFn: ({ signal }) => call(notificationPreferenceEndpoints.get, { signal }),
})
