/** Work to do before the session ends (e.g. unsubscribing this device from push). */
export const beforeLogoutHooks: Array<() => Promise<void>> = []
