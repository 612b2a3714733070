import { userEndpoints } from '@daftar/domain'
import { and, eq } from 'drizzle-orm'
import type { Deps } from '../../platform/deps.ts'
import { type App, serve } from '../../platform/http.ts'
import { keepUploadsOnlyIf, readMultipart } from '../../platform/uploads.ts'
import { ifMatchVersion, parse } from '../../platform/validation.ts'
import { users } from './schema.ts'
import { changePassword, getCurrentUser, listUsers, PHOTO_RULE, updateProfile } from './service.ts'

export async function userRoutes(app: App, deps: Deps) {
  // Display photos are shown to everyone in the organisation (user menus, names in lists).
  deps.fileAccess.register('displayPicture', async (ctx, key) => {
    const [owner] = await deps.db
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.orgId, ctx.orgId), eq(users.displayPhoto, key)))
      .limit(1)
    return owner ? {} : null
  })

  serve(app, userEndpoints.list, async (req) => listUsers(deps, req.ctx))

  // Asked on every page load: served from this instance's cache like the session itself (trusted for
  // under a second, forgotten on any change through this instance; platform/recheck-cache.ts).
  const currentUsers = app.caches.create<Awaited<ReturnType<typeof getCurrentUser>>>()
  serve(app, userEndpoints.me, async (req) =>
    currentUsers.get(`${req.ctx.orgId}/${req.ctx.userId}`, () => getCurrentUser(deps, req.ctx)),
  )

  serve(app, userEndpoints.updateProfile, async (req) => {
    const { fields, files } = await readMultipart(req, deps.storage, req.ctx.orgId, {
      display_photo: PHOTO_RULE,
    })
    // Validation failures must not leave the uploaded photo behind.
    return keepUploadsOnlyIf(deps.storage, files, () => {
      const input = parse(userEndpoints.updateProfile.multipart, fields)
      return updateProfile(deps, req.ctx, req.params.id, {
        fullName: input.full_name,
        removePhoto: input.remove_display_photo,
        photo: files.display_photo,
        version: ifMatchVersion(req.headers['if-match']),
      })
    })
  })

  serve(app, userEndpoints.changePassword, async (req) =>
    changePassword(deps, req.ctx, req.params.id, req.body),
  )
}
