/**
 * The name typed in Edit Profile, kept across an expired session; the page opens the dialog again when
 * it finds it (a chosen photo is a file and is not kept). Apart from the dialog, which loads lazily.
 */
export const PROFILE_DRAFT = 'profile:edit'
