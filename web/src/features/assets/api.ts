import { assetEndpoints } from '@daftar/domain/assets'
import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/client.ts'
import { registerRoots } from '../../ui/register-kit/roots.ts'

/** How many assets are due soon for the caller: the sidebar's badge and the Assets page's link. */
export const assetDueSoonCountQuery = queryOptions({
  // Under the register's key, so every asset save refreshes it.
  queryKey: [registerRoots.ASSET.queryKey, 'due-soon-count'],
  queryFn: ({ signal }) => call(assetEndpoints.dueSoonCount, { signal }),
  staleTime: 5 * 60_000,
})
