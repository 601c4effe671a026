/**
 * Whether the unverified-address notice was closed for this visit (the tab's session), read by the notice and by the
 * protected layout, which keeps the notice's place while its code loads (no jump when it arrives) unless it was closed.
 */
const DISMISSED_KEY = 'qrib.verifyBannerDismissed';

export function isVerifyBannerDismissed(userId: number): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === String(userId);
  } catch {
    return false;
  }
}

export function dismissVerifyBanner(userId: number): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, String(userId));
  } catch {
    // No storage (a private window's quota): hidden until the page is reloaded.
  }
}
